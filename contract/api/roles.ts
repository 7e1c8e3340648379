/**
 * Roles (/role, SPEC §6): the built-in ones and the site's own. Nobody makes, changes or deletes a role holding more
 * than their own (the server's check).
 */
import { endpoint } from '../endpoint';
import { IdInput, IdReply, ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { Role, RoleSave } from '../roles';

const perm = RESOURCE_PERMISSIONS.role;

export const roleApi = {
  list: endpoint({
    path: 'role/list',
    input: ListInput,
    output: listResult(Role),
    access: 'site',
    permission: perm.list,
    summary: "The built-in roles and the site's own, with how many staff hold each",
  }),
  get: endpoint({
    path: 'role/get',
    input: IdInput,
    output: Role,
    access: 'site',
    permission: perm.list,
    summary: 'One role',
  }),
  save: endpoint({
    path: 'role/save',
    input: RoleSave,
    output: Role,
    access: 'site',
    permission: perm.edit,
    // id 0 adds a role.
    createPermission: perm.create,
    summary: "Adds (id 0) or changes one of the site's own roles",
  }),
  delete: endpoint({
    path: 'role/delete',
    input: IdInput,
    output: IdReply,
    access: 'site',
    permission: perm.delete,
    summary: "Deletes one of the site's own roles that nobody holds nor is invited to",
  }),
};
