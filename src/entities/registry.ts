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
import type { EntityBrief, EntityResource, EntityView } from '../../contract/entityBrief';
import { permissionsOf, resourcesOf } from '../../contract/entityBrief';
import { declareResourcePermissions } from '../../contract/permissions';

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
// Lazy, the views: the declarations without their schemas (vite.config.ts contractAsData), for the lists and the
// dataProvider; and the declarations, for the forms, which validate (the unit tests get the declaration for both).
const viewModules = import.meta.glob<Record<string, unknown>>('../../contract/entities/*.ts', {
  query: '?view',
});
const declarationModules = import.meta.glob<Record<string, unknown>>('../../contract/entities/*.ts');

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

/** One export of a declaration module (its view, or the declaration), loaded once per entity and kind. */
function loader<T>(modules: Record<string, () => Promise<Record<string, unknown>>>, query: string) {
  const loading = new Map<string, Promise<T>>();
  return (resource: string): Promise<T> => {
    const entry = entityResource(resource);
    if (!entry) return Promise.reject(new Error(`"${resource}" is not an entity resource`));
    let loaded = loading.get(entry.brief.name);
    if (!loaded) {
      const { file, exportName } = declarations.find(
        (d) => d.brief === entry.brief,
      ) as (typeof declarations)[number];
      // The build keys a query's modules with it; the unit tests, without the query plugin, by the file alone.
      const load = modules[`${file}${query}`] ?? modules[file];
      loaded = load().then((exports) => exports[exportName] as T);
      loading.set(entry.brief.name, loaded);
    }
    return loaded;
  };
}

/**
 * The view of an entity resource (its declaration without schemas: what its list and the dataProvider read), loaded
 * once: the same promise each time, so that a component may read it with React's `use`.
 */
export const loadView = loader<EntityView>(viewModules, '?view');

/** The whole declaration of an entity resource (its form validates with its schemas), loaded once. */
export const loadEntity = loader<Entity>(declarationModules, '');
