/**
 * How one react-admin resource maps onto the endpoint catalogue (contract/api): which endpoint serves which
 * dataProvider method, and how list filters become the API's filter objects. Entity resources get theirs from their
 * declaration (src/entities/api.ts), the others from the table (resources.ts); a resource's own module may build its
 * entry (resources/content/resourceApi.ts), importing this type rather than the table.
 */
import type { AnyEndpoint } from '../../contract/endpoint';
import type { Filter } from '../../contract/list';

export interface ResourceApi {
  list: AnyEndpoint;
  get: AnyEndpoint;
  /** A read-only resource (the user's sites) or one filled another way (the library, by upload) names none. */
  create?: AnyEndpoint;
  update?: AnyEndpoint;
  delete?: AnyEndpoint;
  /** The query string of every call, e.g. a content kind's `{t: '1'}` (contract/api/content.ts). */
  query?: Record<string, string>;
  /** react-admin filter values → API filter objects. `q` is the keyword of the list's search box. */
  filters: Record<string, (value: unknown) => Filter | undefined>;
  /** The delete action's body when it is not `{id}` (e.g. articles are deleted by publishing with mode -1). */
  deleteBody?: (id: number) => object;
  /** Bulk deletion in ONE call of the delete action, when it takes several ids (all or nothing on the server). */
  deleteManyBody?: (ids: number[]) => object;
  /** Fields sent with every call of the resource (e.g. a label's `type`); they win over the record's. */
  extra?: Record<string, unknown>;
}

/**
 * The names of an endpoint's input fields: only those are sent (the server refuses unknown ones). The SPA's
 * catalogue endpoints carry them as `fields` (vite.config.ts gives them instead of the schemas, which stay out of
 * the bundle); an entity's endpoints, and every endpoint under the unit tests, have the schema to read them from.
 */
export function inputFields(endpoint: AnyEndpoint | undefined): string[] {
  if (!endpoint) return [];
  return (endpoint as { fields?: string[] }).fields ?? Object.keys(endpoint.input.shape);
}
