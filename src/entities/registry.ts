/**
 * The one list of entity resources: every declaration in contract/entities/*.ts, found by the bundler, with the
 * resources it serves. AdminApp registers a <Resource> for each (entities/resources.tsx), the side menu places them by
 * their `menu`, the dataProvider maps them onto their endpoints (entities/api.ts), and the admin loads their words
 * (i18n/<lang>/entities/<name>.ts). Adding an entity edits none of those files; on this side it is:
 * 1. its declaration, contract/entities/<name>.ts (fields, list/filter/sort, permissions, menu place);
 * 2. its words, i18n/{zh-TW,en,ja}/entities/<name>.ts, typed by the declaration (i18n/types.ts EntityWords: the
 *    type checker names a missing one);
 * 3. only if the generated screens are not enough, src/entities/overrides/<resource>.tsx (cells, dialog, list,
 *    locked records, delete text).
 */
import type { Entity } from '../../contract/entity';
import type { EntityBrief, EntityResource } from '../../contract/entityBrief';
import { permissionsOf, resourcesOf } from '../../contract/entityBrief';
import { declareResourcePermissions } from '../../contract/permissions';
import type { ListField } from './view';

/** A react-admin resource served by an entity: its name, fixed fields and menu place, and the entity's brief. */
export interface EntityResourceEntry extends EntityResource {
  brief: EntityBrief;
}

// Eager, the briefs: the resources must be known before the first render (routes, menu, access checks). With
// `?brief` the build gives each declaration without its fields and their zod schemas (vite.config.ts
// contractAsData); the unit tests, built without it, get the whole declaration, which holds the same properties.
const briefModules = import.meta.glob<Record<string, unknown>>('../../contract/entities/*.ts', {
  eager: true,
  query: '?brief',
});
// Lazy, the declarations: they load with the resource's screens and its first dataProvider call.
const declarationModules = import.meta.glob<Record<string, unknown>>('../../contract/entities/*.ts');
// Lazy, what the generated list reads of them: with `?list` the build gives it as data, without the schemas
// (vite.config.ts contractAsData); the unit tests get the whole declaration.
const listModules = import.meta.glob<Record<string, unknown>>('../../contract/entities/*.ts', {
  query: '?list',
});

const isBrief = (value: unknown): value is EntityBrief =>
  typeof value === 'object' && value !== null && 'name' in value && 'permissions' in value;

/** Each brief with where its declaration is: the module and its export name. */
export const declarations = Object.entries(briefModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isBrief(value))
    .map(([exportName, brief]) => ({
      file: file.replace(/\?brief$/, ''),
      exportName,
      brief: brief as EntityBrief,
    })),
);

export const entityResources: EntityResourceEntry[] = declarations.flatMap(({ brief }) =>
  resourcesOf(brief).map((resource) => ({ ...resource, brief })),
);

const byName = new Map(entityResources.map((r) => [r.name, r]));

// What each resource's actions need, for the SPA's access checks (authProvider.canAccess, the menu). An entity's own
// permissions join the role editor's tree when the role screens load (resources/role/declared.ts).
for (const entry of entityResources)
  declareResourcePermissions(entry.name, permissionsOf(entry.brief, entry));

/** The entity resource of this name, if it is one. */
export const entityResource = (name: string): EntityResourceEntry | undefined => byName.get(name);

/** The plan feature a resource needs: its own, or its entity's. */
export const featureOf = (name: string) => {
  const entry = byName.get(name);
  return entry?.feature ?? entry?.brief.feature;
};

/** What the generated list reads of a declaration (loadEntityList). */
export type EntityListView = Pick<Entity, 'name' | 'title' | 'ops' | 'creates' | 'updates' | 'defaultSort'> &
  Partial<Pick<Entity, 'searches'>> & {
    fields: Record<string, ListField>;
    /** Its endpoints — in the build as the catalogues are, data of their path and timeout (vite.config.ts). */
    api: Entity['api'];
  };

const loading = new Map<string, Promise<unknown>>();

/** An export of a module of the entity's declaration, loaded once: the same promise each time (React's `use`). */
function load<T>(resource: string, modules: typeof declarationModules, key: string): Promise<T> {
  const entry = entityResource(resource);
  if (!entry) return Promise.reject(new Error(`"${resource}" is not an entity resource`));
  let value = loading.get(`${key}:${entry.brief.name}`);
  if (!value) {
    const { file, exportName } = declarations.find(
      (d) => d.brief === entry.brief,
    ) as (typeof declarations)[number];
    value = (modules[file] as () => Promise<Record<string, unknown>>)().then(
      (exports) => exports[exportName],
    );
    loading.set(`${key}:${entry.brief.name}`, value);
  }
  return value as Promise<T>;
}

/** The whole declaration of an entity resource. */
export const loadEntity = (resource: string) => load<Entity>(resource, declarationModules, 'entity');

/** What the generated list reads of an entity resource's declaration: no schemas (no zod). */
export const loadEntityList = (resource: string) => load<EntityListView>(resource, listModules, 'list');
