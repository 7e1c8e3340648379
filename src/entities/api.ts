/** How the dataProvider reaches an entity resource: the entity's endpoints, its filters and its fixed fields. */
import type { Entity, Fields } from '../../contract/entity';
import type { Filter } from '../../contract/list';
import type { ResourceApi } from '../dataProvider/resources';
import { type EntityResourceEntry, entityResource, loadEntity } from './registry';

/** A filter value of the List → the API's filter object: keywords for `search` fields, value lists for `in`. */
export function filterOf(fields: Fields, name: string, value: unknown): Filter | undefined {
  const kind = fields[name]?.filter;
  if (kind === 'search') {
    return typeof value === 'string' && value.trim() !== ''
      ? { col: name, value: value.trim(), type: 'search' }
      : undefined;
  }
  if (kind === 'in') {
    const values = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string | number => typeof v === 'string' || typeof v === 'number',
    );
    return values.length > 0 ? { col: name, value: values, type: 'in' } : undefined;
  }
  return undefined;
}

export function entityApi(entity: Entity, { fixed }: EntityResourceEntry): ResourceApi {
  const filters = Object.fromEntries(
    Object.keys(entity.fields)
      .filter((name) => entity.fields[name].filter)
      .map((name) => [name, (value: unknown) => filterOf(entity.fields, name, value)]),
  );
  return {
    list: entity.api.list,
    get: entity.api.get,
    // Saving with id 0 creates.
    create: entity.api.save,
    update: entity.api.save,
    delete: entity.api.delete,
    filters,
    extra: fixed,
  };
}

const apis = new Map<string, ResourceApi>();

/** The API of an entity resource (made once, its declaration loaded), or undefined for a resource that is not one. */
export async function entityApiOf(resource: string): Promise<ResourceApi | undefined> {
  const entry = entityResource(resource);
  if (!entry) return undefined;
  if (!apis.has(resource)) apis.set(resource, entityApi(await loadEntity(resource), entry));
  return apis.get(resource);
}
