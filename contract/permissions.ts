/**
 * The permission tree of SPEC §6. A role holds leaf ids; groups only gather them for the role editor. Labels live in
 * i18n/ under `permissions.<id>`. Built-in roles: 1 owner, 2 管理員, 3 編輯, 4 電商人員.
 *
 * The tree below is the contract's own. A declared entity may add a sub-group of its own leaves to one of the four
 * top groups (contract/entity.ts `permissions: {group, leaves}`): contract/permissionGroups.ts puts it there, in
 * place, before it is used (at the server's start, when the role screens load), and ALL_PERMISSIONS with it; the
 * built-in roles and support read the tree when asked. The contract's ids never change (stored roles hold them); a
 * declared group only adds some.
 */

export interface PermissionNode {
  id: string;
  children?: readonly PermissionNode[];
}

/** The top groups of the tree, in its order: where a declared entity's own permissions may go. */
export type PermissionGroup = 'site_admin' | 'content' | 'shop' | 'system';

const leaves = (group: string, names: readonly string[]): PermissionNode[] =>
  names.map((n) => ({ id: `${group}.${n}` }));

export const PERMISSION_TREE: readonly PermissionNode[] = [
  {
    id: 'site_admin',
    children: [
      { id: 'staff', children: leaves('staff', ['view', 'edit', 'delete', 'view_all']) },
      { id: 'role', children: leaves('role', ['view', 'edit', 'delete']) },
      { id: 'subscription', children: leaves('subscription', ['payment', 'plan']) },
      { id: 'design', children: leaves('design', ['style']) },
      /** Readers (issue 14; not in SPEC §6's tree, which names no permission for them): members and followers. */
      { id: 'member', children: leaves('member', ['view', 'edit', 'delete']) },
      /** Customer messages from the contact form: read them, reply by e-mail. */
      { id: 'customer', children: leaves('customer', ['view', 'reply']) },
    ],
  },
  {
    id: 'content',
    children: [
      { id: 'post', children: leaves('post', ['view', 'edit', 'delete', 'view_site', 'view_all']) },
      { id: 'page', children: leaves('page', ['add', 'edit', 'delete']) },
    ],
  },
  /**
   * The shop (issue 15; SPEC §6's tree names none): products with their SKUs, logistics options and orders. The
   * e-commerce role (電商人員) holds these and nothing else; the plan's `shop` feature gates them all.
   */
  {
    id: 'shop',
    children: [
      { id: 'goods', children: leaves('goods', ['view', 'edit', 'delete']) },
      { id: 'logistics', children: leaves('logistics', ['view', 'edit', 'delete']) },
      { id: 'order', children: leaves('order', ['view', 'edit']) },
    ],
  },
  {
    id: 'system',
    children: [
      { id: 'setting', children: leaves('setting', ['view', 'edit', 'delete', 'permission', 'admin']) },
      { id: 'plan', children: leaves('plan', ['add', 'edit', 'delete']) },
      { id: 'theme', children: leaves('theme', ['add', 'edit', 'delete']) },
    ],
  },
];

/** Every leaf permission id. */
export function leafIds(nodes: readonly PermissionNode[] = PERMISSION_TREE): string[] {
  return nodes.flatMap((n) => (n.children ? leafIds(n.children) : [n.id]));
}

/** Every leaf id, in the tree's order (kept whole as groups are declared). */
export const ALL_PERMISSIONS: readonly string[] = leafIds();
export type Permission = string;

export const ROLE = { OWNER: 1, ADMIN: 2, EDITOR: 3, ECOMMERCE: 4 } as const;

/**
 * The permissions that widen or guard what the others allow (SPEC §6), rather than open a screen:
 * - `post.view` alone shows a person only the items (articles, e-papers and pages) they created or where one of the
 *   authors is linked to them; `post.view_site` adds the site's other published and scheduled items;
 *   `post.view_all` adds all the rest (others' drafts), and is needed to reorder the pinned items.
 * - Without `staff.view_all` the staff screens show only staff whose role is within the viewer's own (people the
 *   viewer could manage); the owner and anyone holding more are not found.
 * - `setting.permission` is needed, besides `staff.edit`, to change the role of a staff member.
 * - `setting.admin` is needed to invite someone as, change someone to or from, or remove a 管理員 (role 2).
 */
export const PERM = {
  postViewSite: 'post.view_site',
  postViewAll: 'post.view_all',
  staffViewAll: 'staff.view_all',
  settingPermission: 'setting.permission',
  settingAdmin: 'setting.admin',
} as const;

/** How much of a site's content a person sees: their own, also others' live (published, scheduled) items, or all. */
export type ContentSight = 'own' | 'site' | 'all';

export function contentSight(permissions: { has(p: string): boolean }): ContentSight {
  if (permissions.has(PERM.postViewAll)) return 'all';
  if (permissions.has(PERM.postViewSite)) return 'site';
  return 'own';
}

/**
 * The permissions of the built-in roles; custom roles store their own list. Read from the tree when asked, so that
 * a declared entity's own permissions are there (the owner and 管理員 hold them all, 編輯 the content group's, 電商人員
 * the shop group's).
 */
export const BUILTIN_ROLE_PERMISSIONS: Readonly<Record<number, readonly string[]>> = {
  get [ROLE.OWNER]() {
    return leafIds();
  },
  get [ROLE.ADMIN]() {
    return leafIds().filter((p) => !p.startsWith('subscription.'));
  },
  get [ROLE.EDITOR]() {
    return leafIds([PERMISSION_TREE[1]]);
  },
  /** The shop and nothing else (issue 15): products, logistics and orders (and what a shop entity declares). */
  get [ROLE.ECOMMERCE]() {
    return leafIds([PERMISSION_TREE[2]]);
  },
};

/**
 * What a platform operator may do in a support session (issue 17): the 管理員's permissions without the staff and
 * role writes, so that support never ends with the operator (or anyone they name) invited, promoted or kept as
 * staff — a role's permissions outlive the session (issue 28: role/save could give a role everything).
 */
export const supportPermissions = (): string[] =>
  BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN].filter(
    (p) =>
      ![
        'staff.edit',
        'staff.delete',
        'role.edit',
        'role.delete',
        PERM.settingPermission,
        PERM.settingAdmin,
      ].includes(p),
  );

/** A role's permissions: a built-in role's from the contract, a custom one's as stored. */
export function permissionsOfRole(roleId: number, stored: readonly string[]): readonly string[] {
  return BUILTIN_ROLE_PERMISSIONS[roleId] ?? stored;
}

/** The permissions of `role` that `holder` lacks: a role may be made or given only when there are none. */
export function beyond(role: readonly string[], holder: readonly string[]): string[] {
  const have = new Set(holder);
  return role.filter((p) => !have.has(p));
}

/** Whether a role holding `role` is within `holder`'s: every permission of it is also the holder's. */
export const within = (role: readonly string[], holder: readonly string[]): boolean =>
  beyond(role, holder).length === 0;

/** What an action needs: one permission, or several of which any one suffices. */
export type Needed = string | readonly string[];

/**
 * Whether holders of `permissions` may give, take away or withdraw (an invitation to) the role `roleId`: a 管理員
 * only with setting.admin. The server refuses; the staff screens hide what it would refuse.
 */
export const mayTouchRole = (permissions: { has(p: string): boolean }, roleId: number): boolean =>
  roleId !== ROLE.ADMIN || permissions.has(PERM.settingAdmin);

/** Whether `permissions` satisfy `needed` (any one of a list). */
export function holdsAny(permissions: { has(p: string): boolean }, needed: Needed): boolean {
  return typeof needed === 'string' ? permissions.has(needed) : needed.some((p) => permissions.has(p));
}

/**
 * What each react-admin resource needs, per action; the SPA's canAccess and the server's actions both read it.
 * `list` covers list and show. A list means any one of them.
 */
const postPerms = {
  list: 'post.view',
  create: 'post.edit',
  edit: 'post.edit',
  delete: 'post.delete',
} as const;
export const RESOURCE_PERMISSIONS = {
  category: postPerms,
  tag: postPerms,
  label: postPerms,
  author: postPerms,
  /**
   * Uploads and the media library serve every screen with an image field: the writer (articles and e-papers, pages),
   * the site's settings (logo, SEO cover, home). Deleting from the library is the writer's.
   */
  file: {
    list: ['post.view', 'page.edit', 'setting.view', 'goods.view'],
    create: ['post.edit', 'page.add', 'page.edit', 'setting.edit', 'goods.edit'],
    edit: ['post.edit', 'page.add', 'page.edit', 'setting.edit', 'goods.edit'],
    delete: 'post.delete',
  },
  press: postPerms,
  epaper: postPerms,
  page: { list: 'page.edit', create: 'page.add', edit: 'page.edit', delete: 'page.delete' },
  role: { list: 'role.view', create: 'role.edit', edit: 'role.edit', delete: 'role.delete' },
  /** Staff (/admin). */
  admin: { list: 'staff.view', create: 'staff.edit', edit: 'staff.edit', delete: 'staff.delete' },
  /** The user's own sites: every signed-in user (ANY_USER). */
  site: { list: '', create: '', edit: '', delete: '' },
  /** Custom pages guarded with ra-core's <CanAccess resource=… action=…>: the site's settings, menus and home. */
  setting: { list: 'setting.view', create: 'setting.edit', edit: 'setting.edit', delete: 'setting.delete' },
  /** Themes (/setting/theme): seeing them takes any theme permission. */
  theme: {
    list: ['theme.add', 'theme.edit', 'theme.delete'],
    create: 'theme.add',
    edit: 'theme.edit',
    delete: 'theme.delete',
  },
  /** The applied theme's design settings (/design). */
  design: { list: 'design.style', create: 'design.style', edit: 'design.style', delete: 'design.style' },
  /** The user's own profile and account. */
  profile: { list: '', create: '', edit: '', delete: '' },
  /** Members (/member): the site's readers. Creating one by hand and importing CSV are `edit`. */
  member: { list: 'member.view', create: 'member.edit', edit: 'member.edit', delete: 'member.delete' },
  /** Followers (/follower): read and exported with the members' permissions. */
  follower: { list: 'member.view', create: 'member.edit', edit: 'member.edit', delete: 'member.delete' },
  /** Customer messages (/customer): opening one marks it read; replying mails the sender. */
  customer: {
    list: 'customer.view',
    create: 'customer.reply',
    edit: 'customer.reply',
    delete: 'customer.reply',
  },
  /**
   * Reader subscription plans (/subscription): subscription management, as the issue says, and the plan's
   * membership feature (declared on their endpoints).
   */
  subscription: {
    list: 'subscription.plan',
    create: 'subscription.plan',
    edit: 'subscription.plan',
    delete: 'subscription.plan',
  },
  /** The shop (issue 15): products with their SKUs (/goods), logistics options (/logistics), orders (/orders). */
  goods: { list: 'goods.view', create: 'goods.edit', edit: 'goods.edit', delete: 'goods.delete' },
  logistics: {
    list: 'logistics.view',
    create: 'logistics.edit',
    edit: 'logistics.edit',
    delete: 'logistics.delete',
  },
  /** Orders are made by buyers on the public site; staff move them along (`order/save`) and never delete them. */
  orders: { list: 'order.view', create: 'order.edit', edit: 'order.edit', delete: 'order.edit' },
  /** Page categories (issue 17 "Page structure"): with the pages' own permissions. */
  page_category: { list: 'page.edit', create: 'page.edit', edit: 'page.edit', delete: 'page.delete' },
  /**
   * Places (issue 17): written with the articles that link them; read also by logistics staff, whose pickup options
   * name a place.
   */
  place: {
    list: ['post.view', 'logistics.view'],
    create: 'post.edit',
    edit: 'post.edit',
    delete: 'post.delete',
  },
  /** The site's own plan (/plan/*): subscription management, which the built-in roles give its owner only. */
  plan: {
    list: 'subscription.plan',
    create: 'subscription.plan',
    edit: 'subscription.plan',
    delete: 'subscription.plan',
  },
} as const satisfies Record<string, Record<'list' | 'create' | 'edit' | 'delete', Needed>>;

export type ResourceName = keyof typeof RESOURCE_PERMISSIONS;
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** A resource action every signed-in user may take. */
export const ANY_USER = '';

/** Whether a user holding `permissions` may take a resource action. */
export function mayAccess(permissions: readonly string[], resource: string, action: string): boolean {
  const needed = permissionFor(resource, action);
  return needed === ANY_USER || (needed !== undefined && holdsAny(new Set(permissions), needed));
}

/** Reordering the pinned items of a content list arranges the whole list: editing, and seeing every item. */
export const mayReorderPinned = (permissions: readonly string[], resource: string): boolean =>
  mayAccess(permissions, resource, 'edit') && permissions.includes(PERM.postViewAll);

/** What each action on a resource needs. */
export type ResourcePermissions = Record<'list' | 'create' | 'edit' | 'delete', Needed>;

/** Resources declared elsewhere: entity resources (contract/entities), added by whoever loads the declarations. */
const declaredPermissions = new Map<string, ResourcePermissions>();

/** Adds a resource's permissions (the SPA's entity registry does, for each entity resource). */
export function declareResourcePermissions(resource: string, permissions: ResourcePermissions): void {
  declaredPermissions.set(resource, permissions);
}

/** The permission a resource action needs (or a list, any one of which does), or undefined for an unknown one. */
export function permissionFor(resource: string, action: string): Needed | undefined {
  const perms: Record<string, Needed> | undefined =
    declaredPermissions.get(resource) ??
    (RESOURCE_PERMISSIONS as Record<string, ResourcePermissions>)[resource];
  if (!perms) return undefined;
  return perms[action === 'show' ? 'list' : action];
}
