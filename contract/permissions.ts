/**
 * The permission tree of SPEC §6. A role holds leaf ids; groups only gather them for the role editor. Labels live in
 * src/i18n under `permissions.<id>`. Built-in roles: 1 owner, 2 管理員, 3 編輯, 4 電商人員.
 */

export interface PermissionNode {
  id: string;
  children?: readonly PermissionNode[];
}

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
    ],
  },
  {
    id: 'content',
    children: [
      { id: 'post', children: leaves('post', ['view', 'edit', 'delete', 'view_site', 'view_all']) },
      { id: 'page', children: leaves('page', ['add', 'edit', 'delete']) },
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

export const ALL_PERMISSIONS: readonly string[] = leafIds();
export type Permission = string;

export const ROLE = { OWNER: 1, ADMIN: 2, EDITOR: 3, ECOMMERCE: 4 } as const;

/** The permissions of the built-in roles; custom roles store their own list. */
export const BUILTIN_ROLE_PERMISSIONS: Record<number, readonly string[]> = {
  [ROLE.OWNER]: ALL_PERMISSIONS,
  [ROLE.ADMIN]: ALL_PERMISSIONS.filter((p) => !p.startsWith('subscription.')),
  [ROLE.EDITOR]: [...leafIds([PERMISSION_TREE[1]])],
  [ROLE.ECOMMERCE]: ['post.view', 'plan.add', 'plan.edit', 'plan.delete'],
};

/**
 * What each react-admin resource needs, per action; the SPA's canAccess and the server's actions both read it.
 * `list` covers list and show.
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
  /** Uploads and the media library serve the writer. */
  file: postPerms,
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
  /** The user's own profile and account. */
  profile: { list: '', create: '', edit: '', delete: '' },
} as const satisfies Record<string, Record<'list' | 'create' | 'edit' | 'delete', string>>;

export type ResourceName = keyof typeof RESOURCE_PERMISSIONS;
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/** A resource action every signed-in user may take. */
export const ANY_USER = '';

/** Whether a user holding `permissions` may take a resource action. */
export function mayAccess(permissions: readonly string[], resource: string, action: string): boolean {
  const needed = permissionFor(resource, action);
  return needed === ANY_USER || (needed !== undefined && permissions.includes(needed));
}

/** The permission a resource action needs, or undefined when the resource is unknown. */
export function permissionFor(resource: string, action: string): string | undefined {
  const perms = (RESOURCE_PERMISSIONS as Record<string, Record<string, string>>)[resource];
  if (!perms) return undefined;
  return perms[action === 'show' ? 'list' : action];
}
