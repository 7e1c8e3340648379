/**
 * What integrators import as `publishing-admin/dataProvider` (package.json "exports"): the react-admin dataProvider
 * over the envelope API, its error types and the typed list of resources it serves. The calls go to `/api/*` of the
 * page's own origin with the session cookie, so an app using it is served by (or proxied to) the server.
 */

import { serves, updates } from '../../contract/entityBrief';
import {
  methodsOf,
  NotServedError,
  type ResourceApi,
  resourceApis,
  type TableResourceName,
  tableResourceNames,
  type WriteMethod,
} from '../../contract/resources';
import { entityResources } from '../entities/registry';

export { ApiError } from './client';
export { dataProvider } from './index';
export { NotServedError, type WriteMethod };

/**
 * An entity resource's name (contract/entities: author, category, tag, goods, logistics, orders, page_category,
 * place …).
 * Entities are found by the bundler, not listed anywhere, so their names are known at run time only: `resourceNames`
 * holds them.
 */
export type EntityResourceName = string & {};
/** A resource the dataProvider serves: the table's (typed by name) or an entity's. */
export type ResourceName = TableResourceName | EntityResourceName;

/**
 * Exactly the resources the dataProvider answers for: the names of the same mapping it uses (the resource table of
 * contract/resources.ts and every entity declaration's resources), so the list cannot drift from what it serves.
 */
export const resourceNames: readonly ResourceName[] = [
  ...tableResourceNames,
  ...entityResources.map((r) => r.name),
];

/**
 * The methods a resource serves: every resource reads (getList, getOne, getMany, getManyReference); `create`,
 * `update` and `delete` (with updateMany, deleteMany) only where the API has the action — the others are refused
 * with NotServedError.
 */
export function resourceMethods(resource: ResourceName): { read: true } & Record<WriteMethod, boolean> {
  if (resource in resourceApis) return methodsOf(resourceApis[resource as TableResourceName] as ResourceApi);
  const entity = entityResources.find((r) => r.name === resource)?.brief;
  if (entity) {
    const saves = serves(entity, 'save');
    const creates = saves && entity.creates !== false;
    // A save that only makes records (`updates: false`) is no update.
    return { read: true, create: creates, update: updates(entity), delete: serves(entity, 'delete') };
  }
  throw new Error(`No API mapping for resource "${resource}"`);
}
