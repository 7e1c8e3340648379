/**
 * Roles (SPEC §3, §6): the built-in ones (1 owner, 2 管理員, 3 編輯, 4 電商人員) hold the contract's permissions and
 * cannot be changed; a site's custom roles hold leaf ids of PERMISSION_TREE, chosen in the role editor.
 */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { f, ruled } from './fields';
import { ALL_PERMISSIONS, leafIds, PERM, type PermissionNode } from './permissions';
import { nodeState, normalizePermissions } from './permissionTree';
import { rules } from './validation';

export const Role = z.object({
  id: z.number(),
  /** Built-in roles: their name in the caller's language. */
  name: z.string(),
  builtin: z.boolean(),
  /** Leaf ids, in the tree's order. */
  permissions: z.array(z.string()),
  /** Staff of the current site holding the role. */
  staff_count: z.number(),
  /** null for built-in roles. */
  updated_at: z.string().nullable(),
});
export type Role = z.infer<typeof Role>;

export const ROLE_NAME_MAX = NAME_MAX;

/** How many permission ids a role may be sent with: room for the tree's, declared entities' included, twice over. */
const SENT_MAX = 500;

/** `role/save`: id 0 adds a custom role. */
export const RoleSave = z.strictObject({
  id: f.uint(),
  name: f.requiredText(ROLE_NAME_MAX),
  // Checked against the tree as it is at the call: declared entities add to it at startup.
  permissions: ruled(z.array(z.string().max(64)).max(SENT_MAX), rules.hasChecked, (list) =>
    list.every((p) => ALL_PERMISSIONS.includes(p)) ? undefined : { message: 'validation.format' },
  ),
});
export type RoleSave = z.input<typeof RoleSave>;

/**
 * The role editor of someone whose own role holds `own`: a role gets only permissions its maker holds (the server
 * refuses the rest), so a leaf can be ticked when it is theirs, and cleared when it is already selected.
 */
export const leafEditable = (leaf: string, selected: readonly string[], own: ReadonlySet<string>): boolean =>
  own.has(leaf) || selected.includes(leaf);

/** A node can be clicked when one of its leaves can. */
export const nodeEditable = (node: PermissionNode, selected: readonly string[], own: ReadonlySet<string>) =>
  (node.children ? leafIds(node.children) : [node.id]).some((id) => leafEditable(id, selected, own));

/**
 * The selection after clicking a node, for someone holding `own`: a checked node clears its leaves; any other gets
 * the leaves they hold, or, when that adds nothing (the rest is not theirs to give), is cleared.
 */
export function toggleWithin(
  node: PermissionNode,
  selected: readonly string[],
  own: ReadonlySet<string>,
): string[] {
  const leaves = node.children ? leafIds(node.children) : [node.id];
  const cleared = normalizePermissions(selected.filter((id) => !leaves.includes(id)));
  if (nodeState(node, selected) === 'checked') return cleared;
  const added = normalizePermissions([...selected, ...leaves.filter((id) => own.has(id))]);
  return added.length === normalizePermissions(selected).length ? cleared : added;
}

/** The permissions whose effect is not obvious from their name: the role editor explains them (permissions.help). */
export const EXPLAINED_PERMISSIONS: readonly string[] = ['post.view', ...Object.values(PERM)];
