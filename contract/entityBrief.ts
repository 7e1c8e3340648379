/**
 * What the SPA knows of an entity before its screens load (src/entities/registry.ts): the menu, the routes and the
 * access checks need no more. The build makes it from the declaration (vite.config.ts), without the fields. Apart
 * from contract/entity.ts, whose field builders make zod schemas, so that the first screen loads no zod.
 */
import type { AnyEndpoint } from './endpoint';
import type { PermissionGroup, ResourcePermissions } from './permissions';
import type { Feature } from './plans';

/**
 * Where a resource sits in the side menu (src/layout/AppMenu.tsx), under one of its headings, in this order:
 * - `content` 內容管理 (articles 10, pages 20, e-papers 30, page categories 25, categories 40, tags 50, places 60,
 *   authors 70);
 * - `shop` 電商管理 (goods 10, logistics 20, orders 30);
 * - `members` 會員管理 (members 10, followers 20, customer messages 30, reader plans 40);
 * - `site` 網站管理 (staff 10, roles 20, sites 30, plan 40);
 * - `settings` 網站設定 (settings 10, general 20, menus 30, home 40, themes 44, design 46, domain 50, media 60);
 * - `personal` 個人 (profile 10).
 * A group with nothing the person may see is not shown. An item the role allows on a plan without the entity's
 * `feature` stays, locked, and opens the plan prompt.
 */
export interface MenuPlace {
  group: 'content' | 'site' | 'settings' | 'shop' | 'members' | 'personal';
  /** Position inside the group (lower first; the numbers above are taken). */
  order: number;
  /**
   * Loads the menu and list icon, written exactly `() => import('@mui/icons-material/<Name>')` (the build reads the
   * module's name from it); only the SPA calls it.
   */
  icon: () => Promise<{ default: unknown }>;
}

/**
 * A react-admin resource over the entity. Most entities are one resource of their own name; one table may serve
 * several (tags and categories are labels told apart by `type`), each sending its `fixed` fields with every call.
 */
export interface EntityResource {
  name: string;
  fixed?: Record<string, string | number>;
  /**
   * The fixed fields travel in the query string of every call (`press/list?t=1`, SPEC §7's content kinds), not in
   * the body: the record and the save schema do not hold them; a call without them answers 必填 on the field, one
   * with a value no resource has 格式錯誤.
   */
  query?: boolean;
  /** What this resource's actions need when not the entity's (pages' page.* beside articles' post.*). */
  permissions?: ResourcePermissions;
  /** The plan feature this resource needs besides the entity's (its actions refused, its menu item locked). */
  feature?: Feature;
  menu: MenuPlace;
}

/**
 * How a list filter's value becomes the API's filter `{col: <its name>, …}`: `keyword` a trimmed text (`search`; a
 * blank one is not sent), `ids` whole numbers (digits in text too) for `in`, `flag` a boolean as `[1]` or `[0]` for
 * `in` (content's pinned items).
 */
export type FilterKind = 'keyword' | 'ids' | 'flag';
/**
 * A list filter as data, so that a brief carries it: a kind, a day bound (`from`, `to`: YYYY-MM-DD) or an `in`
 * field's values, matched to its choices when it has some (contract/resources.ts filtersFrom).
 */
export type FilterSpec =
  | FilterKind
  | 'day'
  | { in: readonly (string | number)[] | null }
  /** A keyword on another column (`q`, the usual keyword box, as an entity's first search). */
  | { keyword: string };

/** The four record actions as permissions name them (`list` covers list and get; `create` is a save with id 0). */
export type EntityAction = 'list' | 'create' | 'edit' | 'delete';

/** The four record operations an entity may serve; `save` with id 0 creates. */
export type EntityOp = 'list' | 'get' | 'save' | 'delete';
export const ENTITY_OPS: readonly EntityOp[] = ['list', 'get', 'save', 'delete'];

/**
 * An entity's own permissions: the leaves `<entity>.<leaf>` of a sub-group named like the entity, in a top group of
 * the role editor's tree (`site_admin`, `content`, `shop` or `system`; contract/permissions.ts). The built-in roles
 * take them by group: the owner all, 管理員 all, 編輯 the content group's, 電商人員 the shop group's. With the
 * entity's `feature`, a plan without it grants none of them. Their words are the entity's (i18n/<lang>/entities/
 * <name>.ts: `permissions.group.<entity>`, `permissions.leaf.<entity>.<leaf>`).
 */
export interface OwnPermissions<L extends string = string> {
  group: PermissionGroup;
  /** In the order the role editor shows them. */
  leaves: readonly L[];
  /** The leaf each action needs; by default list `view`, create `add` (else `edit`), edit `edit`, delete `delete`. */
  actions?: Partial<Record<EntityAction, L>>;
}

export interface EntityBrief {
  /** The entity's name: its API module and, unless `resources` says otherwise, its one resource. */
  name: string;
  /** The field a record is named by (lists of references, titles). */
  title: string;
  /** What each action needs: permission ids of the tree (one, or a list of which any one does). */
  permissions: ResourcePermissions;
  /** The entity's own permissions, when it declares them (`permissions` then names them). */
  ownPermissions?: OwnPermissions;
  /**
   * The plan feature the entity needs, if any: one of contract/plans.ts FEATURES — `team`, `theme`, `design`,
   * `membership`, `shop`, `newsletter` (`full` is the platform's own plan, which has every one). Every action of
   * the entity is refused (403) on a site whose plan lacks it, and its menu item is locked there.
   */
  feature?: Feature;
  /**
   * The operations it serves (all four unless it says; `list` and `get` always): orders are `['list', 'get']`, as
   * staff never make or delete them. The API, both integrator faces, the screens and the tests offer only these.
   */
  ops?: readonly EntityOp[];
  /** `false`: it serves `save` for changes only, its records being made elsewhere (staff join by invitation). */
  creates?: boolean;
  /** `false`: it serves `save` to make records only (id 0), which change by its own calls (members' tags, note). */
  updates?: boolean;
  /** Defaults to one resource named like the entity. */
  resources?: readonly EntityResource[];
  menu?: MenuPlace;
}

/** What a list and the dataProvider read of a field: its kind and list options, without its schemas. */
export interface FieldView {
  kind: string;
  list?: boolean;
  filter?: 'search' | 'in' | 'range';
  sort?: boolean;
  choices?: readonly (string | number)[];
  reference?: string;
  multiple?: boolean;
  filterAs?: string;
  max?: number;
}

/**
 * An entity as its list and the dataProvider read it: the declaration without its schemas (and zod), which the
 * build gives as data (`contract/entities/<name>.ts?view`, vite.config.ts); a declaration is one too. The form, which
 * validates, loads the declaration itself.
 */
export interface EntityView extends Pick<EntityBrief, 'name' | 'title' | 'ops' | 'creates' | 'updates'> {
  fields: Readonly<Record<string, FieldView>>;
  /** The keyword filters that are no one field's (contract/entity.ts Searches). */
  searches?: Readonly<Record<string, unknown>>;
  /** List filters that are no field's (contract/entity.ts `filters`). */
  filters?: Readonly<Record<string, FilterSpec>>;
  defaultSort: { col: string; order: 'asc' | 'desc' };
  deleteMany?: boolean;
  /** Its endpoints (list, get, save, delete as served; export when declared); data in the SPA. */
  api: Partial<Record<EntityOp | 'export', AnyEndpoint>>;
  /** Ops served by the catalogue's endpoints (contract/entity.ts `endpoints`): a save answering a summary. */
  endpoints?: Partial<Record<EntityOp, AnyEndpoint>>;
  /** The delete's body besides `{id}` when it is another action's (contract/entity.ts `deleteWith`). */
  deleteWith?: Record<string, unknown>;
}

/**
 * The field filtered by a range of days (`filter: 'range'`: the list's `from` and `to`), if any. Here, apart from
 * contract/entity.ts, so that the dataProvider's mapping (contract/resources.ts) and the lists load no zod.
 */
export const rangeField = (fields: Readonly<Record<string, { filter?: string }>>): string | undefined =>
  Object.keys(fields).find((k) => fields[k].filter === 'range');

/** Whether the entity serves an operation. */
export const serves = (def: Pick<EntityBrief, 'ops'>, op: EntityOp): boolean =>
  (def.ops ?? ENTITY_OPS).includes(op);

/** Whether its save changes records (it serves `save`, and not only to make them: `updates: false`). */
export const updates = (def: Pick<EntityBrief, 'ops' | 'updates'>): boolean =>
  serves(def, 'save') && def.updates !== false;

/** What a resource's actions need: its own permissions, or its entity's. */
export const permissionsOf = (def: Pick<EntityBrief, 'permissions'>, resource?: EntityResource) =>
  resource?.permissions ?? def.permissions;

/** The resources an entity serves. */
export const resourcesOf = (def: EntityBrief): readonly EntityResource[] =>
  def.resources ?? (def.menu ? [{ name: def.name, menu: def.menu }] : []);
