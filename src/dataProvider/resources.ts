/**
 * How each react-admin resource that is not an entity maps onto the endpoint catalogue (resourceApi.ts): which
 * endpoint serves which dataProvider method, and how list filters become the API's filter objects. Entity resources
 * (contract/entities) are mapped from their declaration (src/entities/api.ts).
 */
import { customerApi } from '../../contract/api/customers';
import { fileApi } from '../../contract/api/files';
import { followerApi } from '../../contract/api/followers';
import { memberApi } from '../../contract/api/members';
import { orderApi } from '../../contract/api/orders';
import { roleApi } from '../../contract/api/roles';
import { siteApi } from '../../contract/api/sites';
import { staffApi } from '../../contract/api/staff';
import type { Filter } from '../../contract/list';
import type { ResourceName } from '../../contract/permissions';
import { CONTENT_KINDS } from '../resources/content/kinds';
import { contentResourceApi } from '../resources/content/resourceApi';
import type { ResourceApi } from './resourceApi';

export type { ResourceApi };

/** A date of a DateInput (YYYY-MM-DD) as a range bound: `from` or `to`, days of the site's time zone. */
const day =
  (col: 'from' | 'to') =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

const keyword =
  (col: string) =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

export const resourceApis: Partial<Record<ResourceName, ResourceApi>> = {
  /** The image library. Files are added by multipart upload (components/upload.ts), never through the dataProvider. */
  file: {
    list: fileApi.list,
    get: fileApi.get,
    delete: fileApi.delete,
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
    list: staffApi.list,
    get: staffApi.get,
    create: staffApi.invite,
    update: staffApi.save,
    delete: staffApi.delete,
    filters: { q: keyword('keyword') },
  },
  /**
   * Members (the site's readers): `profile/save` with id 0 adds one by hand (the add dialog calls it directly); tags
   * and note have their own calls on the record page; `profile/remove` takes `{id}`.
   */
  member: {
    list: memberApi.list,
    get: memberApi.get,
    delete: memberApi.remove,
    deleteManyBody: (ids) => ({ ids }),
    filters: {
      q: keyword('keyword'),
      tag: (v) => (typeof v === 'string' && v !== '' ? { col: 'tag', value: [v], type: 'in' } : undefined),
      plan: (v) => (typeof v === 'number' ? { col: 'plan', value: [v], type: 'in' } : undefined),
      status: (v) =>
        typeof v === 'string' && v !== '' ? { col: 'status', value: [v], type: 'in' } : undefined,
      epaper_opt_in: (v) =>
        v === 0 || v === 1 ? { col: 'epaper_opt_in', value: [v], type: 'in' } : undefined,
    },
  },
  /** `role/save` with id 0 creates a custom role. */
  role: {
    list: roleApi.list,
    get: roleApi.get,
    create: roleApi.save,
    update: roleApi.save,
    delete: roleApi.delete,
    filters: { q: keyword('name') },
  },
  /**
   * Followers: listed, exported and removed only (subscribers/remove takes the ids: a bulk removal is one call);
   * there is no record page, so `get` is the list, never called with an id alone.
   */
  follower: {
    list: followerApi.list,
    get: followerApi.list,
    delete: followerApi.remove,
    deleteBody: (id) => ({ ids: [id] }),
    deleteManyBody: (ids) => ({ ids }),
    filters: { q: keyword('keyword'), source: keyword('source'), from: day('from'), to: day('to') },
  },
  /**
   * Customer messages: `customer/get` takes `{id}` as well as SPEC's `{request_id}`, and opening marks the message
   * read. Replies and the status are the record page's own calls (resources/customer/api.ts).
   */
  customer: {
    list: customerApi.list,
    get: customerApi.get,
    filters: {
      q: keyword('keyword'),
      status: (value) =>
        value === 1 || value === 2 || value === '1' || value === '2'
          ? { col: 'status', value: [Number(value)], type: 'in' }
          : undefined,
      from: day('from'),
      to: day('to'),
    },
  },
  /**
   * Orders: read here; staff's moves (`order/save {id, status, code}`) and the CSV export are the record page's and
   * the list's own calls (resources/orders/api.ts). `status` takes one or several statuses.
   */
  orders: {
    list: orderApi.list,
    get: orderApi.get,
    filters: {
      q: keyword('keyword'),
      sku: keyword('sku'),
      status: (value) => {
        const values = (Array.isArray(value) ? value : [value])
          .map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
          .filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
        return values.length ? { col: 'status', value: values, type: 'in' } : undefined;
      },
      from: day('from'),
      to: day('to'),
    },
  },
  /**
   * The user's own sites: listed and read only. Sites are made by the wizard (a later issue) and changed in the
   * settings, never through the dataProvider.
   */
  site: {
    list: siteApi.list,
    get: siteApi.get,
    filters: { q: keyword('name') },
  },
};
