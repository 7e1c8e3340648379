/**
 * The one list of entity resources: every declaration in contract/entities/*.ts, found by the bundler, with the
 * resources it serves. AdminApp registers a <Resource> for each (entities/resources.tsx), the side menu places them by
 * their `menu`, the dataProvider maps them onto their endpoints (entities/api.ts), and the admin loads their words
 * (i18n/<lang>/entities/<name>.ts). Adding an entity edits none of those files; on this side it is:
 * 1. its declaration, contract/entities/<name>.ts (fields, list/filter/sort, permissions, menu place);
 * 2. its words, i18n/{zh-TW,en,ja}/entities/<name>.ts: `resources.<resource>.*` (name, fields, filters, hints,
 *    create/edit/saved/deleted/deleteTitle/deleteBody/notFound, empty/emptyHint) — a unit test lists what is missing;
 * 3. only if the generated screens are not enough, src/entities/overrides/<resource>.tsx (cells, dialog, list,
 *    locked records, delete text).
 */
import type { Entity, EntityResource } from '../../contract/entity';
import { resourcesOf } from '../../contract/entity';
import { declareResourcePermissions } from '../../contract/permissions';

/** A react-admin resource served by an entity: its name, fixed fields and menu place, and the entity itself. */
export interface EntityResourceEntry extends EntityResource {
  entity: Entity;
}

// Eager: the resources must be known before the first render (routes, menu). The declarations are small; their
// screens and icons load lazily.
const modules = import.meta.glob<Record<string, unknown>>('../../contract/entities/*.ts', { eager: true });

const isEntity = (value: unknown): value is Entity =>
  typeof value === 'object' && value !== null && 'api' in value && 'fields' in value && 'name' in value;

export const entities: Entity[] = Object.values(modules).flatMap((m) => Object.values(m).filter(isEntity));

export const entityResources: EntityResourceEntry[] = entities.flatMap((entity) =>
  resourcesOf(entity).map((resource) => ({ ...resource, entity })),
);

const byName = new Map(entityResources.map((r) => [r.name, r]));

// What each resource's actions need, for the SPA's access checks (authProvider.canAccess, the menu).
for (const { name, entity } of entityResources) declareResourcePermissions(name, entity.permissions);

/** The entity resource of this name, if it is one. */
export const entityResource = (name: string): EntityResourceEntry | undefined => byName.get(name);
