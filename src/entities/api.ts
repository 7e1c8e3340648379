/**
 * How the dataProvider reaches an entity resource: the entity's endpoints, its filters and its fixed fields, by the
 * mapping both integrator faces share (contract/resources.ts `entityResourceApi`), from the entity's view — so that
 * its lists load no declaration, nor zod.
 */
import { entityResourceApi, type ResourceApi } from '../../contract/resources';
import { entityResource, loadView } from './registry';

const apis = new Map<string, ResourceApi>();

/** The API of an entity resource (made once, its view loaded), or undefined for a resource that is not one. */
export async function entityApiOf(resource: string): Promise<ResourceApi | undefined> {
  const entry = entityResource(resource);
  if (!entry) return undefined;
  if (!apis.has(resource)) apis.set(resource, entityResourceApi(await loadView(resource), entry));
  return apis.get(resource);
}
