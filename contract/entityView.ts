/**
 * What the SPA is given of the contract as data, at build time (vite.config.ts contractAsData): an endpoint as the
 * SPA reads it (its path, its timeout, its input's field names) and an entity's view (contract/entityBrief.ts
 * EntityView: the declaration without its schemas, for its list and the dataProvider). Plain functions over plain
 * values, so that the build evaluates them beside the declarations.
 */
import type { EntityView, FieldView } from './entityBrief';

/** An endpoint as the SPA reads it: `{path, timeout, fields}`. */
export function endpointAsData(endpoint: object): { path: string; timeout?: number; fields?: string[] } {
  const { path, timeout, input } = endpoint as { path: string; timeout?: number; input?: { shape?: object } };
  return {
    path,
    ...(timeout ? { timeout } : {}),
    ...(input?.shape ? { fields: Object.keys(input.shape) } : {}),
  };
}

/** Whether a value is an endpoint (of a catalogue, of an entity's api). */
export const isEndpoint = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string';

/** A field's list options: what a list and the dataProvider read (contract/entityBrief.ts FieldView). */
const FIELD_VIEW = ['kind', 'list', 'filter', 'sort', 'choices', 'reference', 'multiple', 'filterAs', 'max'];

/** An entity (a declaration, or anything with its properties) as its view, as JSON would carry it. */
export function viewOf(entity: EntityView): EntityView {
  const endpoints = <T extends object>(all: T | undefined) =>
    all &&
    (Object.fromEntries(
      Object.entries(all)
        .filter(([, e]) => isEndpoint(e))
        .map(([op, e]) => [op, endpointAsData(e)]),
    ) as T);
  return JSON.parse(
    JSON.stringify({
      name: entity.name,
      title: entity.title,
      ops: entity.ops,
      creates: entity.creates,
      updates: entity.updates,
      fields: Object.fromEntries(
        Object.entries(entity.fields).map(([name, field]) => [
          name,
          Object.fromEntries(Object.entries(field).filter(([k]) => FIELD_VIEW.includes(k))) as FieldView,
        ]),
      ),
      searches: entity.searches,
      filters: entity.filters,
      defaultSort: entity.defaultSort,
      deleteMany: entity.deleteMany,
      api: endpoints(entity.api) ?? {},
      endpoints: endpoints(entity.endpoints),
      deleteWith: entity.deleteWith,
    } satisfies EntityView),
  );
}
