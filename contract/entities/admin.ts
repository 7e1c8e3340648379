/**
 * Staff (/admin, /admin/{id}; SPEC §2, §3 Staff invite, §6, §7): who works on the site with which one role. A staff
 * member's id is their user's; they join by invitation (`member/invite`, `member/join`: contract/api/staff.ts), so
 * the save never creates (`creates: false`): `admin/save {id, roles}` gives another role. The records are users,
 * site_staff and roles together, so the server's hooks answer list, get, save, delete and the CSV rows from the staff
 * service (server/entities/admin.ts), which keeps what the permissions say beyond the endpoints': staff.view_all to see
 * everyone, setting.permission to change a role, setting.admin for a 管理員, the owner and oneself untouched. The record
 * page, the invitation dialog, the seats and the open invitations are the SPA's (src/entities/overrides/admin.tsx).
 * Its table, site_staff, is keyed by site and user (no `id` of its own): only the hooks read it.
 */
import { z } from 'zod';
import { defineEntity, type EntityRecord, field } from '../entity';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS, ROLE } from '../permissions';
import { RoleRef } from '../staff';

export const admin = defineEntity({
  name: 'admin',
  table: 'siteStaff',
  title: 'nickname',
  creates: false,
  fields: {
    nickname: field.readOnly(z.string(), { list: true, filter: 'search', sort: true }),
    email: field.readOnly(z.string(), { list: true, filter: 'search', sort: true }),
    avatar: field.readOnly(z.string()),
    /** The role, named in the caller's language; filtered by role ids. */
    role: field.readOnly(RoleRef, { list: true, filter: 'in', sort: true }),
    /** The role's id again: what `admin/save` changes. */
    roles: field.number(f.id()),
    joined_at: field.dateTime({ list: true, sort: true }),
    /** The caller's own record: read-only for them (3011). */
    is_self: field.readOnly(z.boolean()),
    /** The site's owner: never removed nor given another role. */
    is_owner: field.readOnly(z.boolean()),
  },
  searches: { keyword: ['nickname', 'email'] },
  // A role any owner may give (the derived sample would try the owner's).
  sample: () => ({ roles: ROLE.EDITOR }),
  // The staff and then the open invitations (those the list's filters keep), a status telling which.
  export: { columns: ['nickname', 'email', 'role', 'status', 'date'], file: 'staff' },
  paths: {
    list: 'site/staff',
    get: 'admin/get',
    save: 'admin/save',
    delete: 'admin/delete',
    export: 'member/export',
  },
  permissions: RESOURCE_PERMISSIONS.admin,
  // As the staff permissions' own (contract/plans.ts PERMISSION_FEATURES).
  feature: 'team',
  defaultSort: { col: 'joined_at', order: 'asc' },
  menu: { group: 'site', order: 10, icon: () => import('@mui/icons-material/GroupOutlined') },
});

/** A staff member as the list, the record page and `admin/save` answer it. */
export type StaffMember = EntityRecord<typeof admin>;
