/**
 * What the SPA knows of an entity before its screens load (src/entities/registry.ts): the menu, the routes and the
 * access checks need no more. The build makes it from the declaration (vite.config.ts), without the fields. Apart
 * from contract/entity.ts, whose field builders make zod schemas, so that the first screen loads no zod.
 */
import type { Needed } from './permissions';
import type { Feature } from './plans';

/** Where a resource sits in the side menu. */
export interface MenuPlace {
  group: 'content' | 'site' | 'settings' | 'shop' | 'members' | 'personal';
  /** Position inside the group (lower first). */
  order: number;
  /** Loads the menu and list icon (a @mui/icons-material default export); only the SPA calls it. */
  icon: () => Promise<{ default: unknown }>;
}

/**
 * A react-admin resource over the entity. Most entities are one resource of their own name; one table may serve
 * several (tags and categories are labels told apart by `type`), each sending its `fixed` fields with every call.
 */
export interface EntityResource {
  name: string;
  fixed?: Record<string, string | number>;
  menu: MenuPlace;
}

export interface EntityBrief {
  /** The entity's name: its API module and, unless `resources` says otherwise, its one resource. */
  name: string;
  /** The field a record is named by (lists of references, titles). */
  title: string;
  permissions: Record<'list' | 'create' | 'edit' | 'delete', Needed>;
  /** The plan feature the entity needs, if any (contract/plans.ts). */
  feature?: Feature;
  /** Defaults to one resource named like the entity. */
  resources?: readonly EntityResource[];
  menu?: MenuPlace;
}

/** The resources an entity serves. */
export const resourcesOf = (def: EntityBrief): readonly EntityResource[] =>
  def.resources ?? (def.menu ? [{ name: def.name, menu: def.menu }] : []);
