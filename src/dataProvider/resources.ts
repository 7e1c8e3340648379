/**
 * How each react-admin resource that is not an entity maps onto the envelope API: which action serves which
 * dataProvider method (paths may carry a query, e.g. `press/list?t=1`), and how list filters become the API's filter
 * objects. Entity resources (contract/entities) are mapped from their declaration (src/entities/api.ts).
 */

import type { AnyEndpoint } from '../../contract/endpoint';
import { UPLOAD_PATH } from '../../contract/files';
import type { Filter } from '../../contract/list';
import type { ResourceName } from '../../contract/permissions';
import { RoleSave } from '../../contract/roles';
import { StaffInvite, StaffSave } from '../../contract/staff';
import { CONTENT_KINDS } from '../resources/content/kinds';
import { contentResourceApi } from '../resources/content/resourceApi';

/** An action: an endpoint of the catalogue, or (for resources not yet converted) its path. */
export type Action = AnyEndpoint | string;

export interface ResourceApi {
  list: Action;
  get: Action;
  create: Action;
  update: Action;
  delete: Action;
  /** The contract's input schemas: only their fields are sent (the server refuses unknown ones). */
  createInput: { shape: Record<string, unknown> };
  updateInput: { shape: Record<string, unknown> };
  /** react-admin filter values → API filter objects. `q` is the keyword of the list's search box. */
  filters: Record<string, (value: unknown) => Filter | undefined>;
  /** The delete action's body when it is not `{id}` (e.g. articles are deleted by publishing with mode -1). */
  deleteBody?: (id: number) => object;
  /** Fields sent with every call of the resource (e.g. a label's `type`); they win over the record's. */
  extra?: Record<string, unknown>;
}

const keyword =
  (col: string) =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

export const resourceApis: Partial<Record<ResourceName, ResourceApi>> = {
  /**
   * The image library. Files are added by multipart upload (components/upload.ts), never through the dataProvider:
   * create and update name the upload action only to fill the table, with no fields to send.
   */
  file: {
    list: 'file/list',
    get: 'file/get',
    create: UPLOAD_PATH.image,
    update: UPLOAD_PATH.image,
    delete: 'file/delete',
    createInput: { shape: {} },
    updateInput: { shape: {} },
    filters: { q: keyword('name') },
  },
  press: contentResourceApi(CONTENT_KINDS.press),
  page: contentResourceApi(CONTENT_KINDS.page),
  epaper: contentResourceApi(CONTENT_KINDS.epaper),
  /**
   * Staff: a member's id is their user id; `admin/save` changes the role. Inviting (`member/invite`) happens in the
   * add dialog, which calls it directly: it answers the invitation, not a staff record.
   */
  admin: {
    list: 'site/staff',
    get: 'admin/get',
    create: 'member/invite',
    update: 'admin/save',
    delete: 'admin/delete',
    createInput: StaffInvite,
    updateInput: StaffSave,
    filters: { q: keyword('keyword') },
  },
  /** `role/save` with id 0 creates a custom role. */
  role: {
    list: 'role/list',
    get: 'role/get',
    create: 'role/save',
    update: 'role/save',
    delete: 'role/delete',
    createInput: RoleSave,
    updateInput: RoleSave,
    filters: { q: keyword('name') },
  },
  /**
   * The user's own sites: listed and read only. Sites are made by the wizard's `site/init` (a later issue) and
   * changed in the settings, never through the dataProvider; update and delete name no existing action (404).
   */
  site: {
    list: 'site/list',
    get: 'site/get',
    create: 'site/init',
    update: 'site/update',
    delete: 'site/delete',
    createInput: { shape: {} },
    updateInput: { shape: {} },
    filters: { q: keyword('name') },
  },
};
