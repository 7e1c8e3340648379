/**
 * How the dataProvider reaches an entity resource: the entity's endpoints, its filters and its fixed fields, by the
 * mapping both integrator faces share (contract/resources.ts `entityResourceApi`) — from its brief when the brief
 * carries it (every op the catalogue's: content), so that its lists load no declaration, nor zod.
 */
import type { Entity } from '../../contract/entity';
import { briefResourceApi, entityResourceApi, type ResourceApi } from '../../contract/resources';
import { type EntityResourceEntry, entityResource, loadEntity } from './registry';

export { filterOf } from '../../contract/resources';

export function entityApi(entity: Entity, entry: EntityResourceEntry): ResourceApi {
  return entityResourceApi(entity, entry);
}

const apis = new Map<string, ResourceApi>();

/** The API of an entity resource (made once, its declaration loaded), or undefined for a resource that is not one. */
export async function entityApiOf(resource: string): Promise<ResourceApi | undefined> {
  const entry = entityResource(resource);
  if (!entry) return undefined;
  if (!apis.has(resource))
    apis.set(resource, briefResourceApi(entry.brief, entry) ?? entityApi(await loadEntity(resource), entry));
  return apis.get(resource);
}
