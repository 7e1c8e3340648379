/**
 * The role editor's tri-state logic over PERMISSION_TREE, pure so the SPA and tests share it: a group is checked when
 * all its leaves are selected, unchecked when none is, indeterminate otherwise; toggling a group selects all its
 * leaves, or clears them when all were selected.
 */
import { ALL_PERMISSIONS, leafIds, PERMISSION_TREE, type PermissionNode } from './permissions';

export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/** The i18n key of a node's label: groups (and sub-groups) under `permissions.group`, leaves under `.leaf`. */
export const permissionLabelKey = (node: PermissionNode): string =>
  node.children ? `permissions.group.${node.id}` : `permissions.leaf.${node.id}`;

/** Every node of the tree, depth first. */
export function allNodes(nodes: readonly PermissionNode[] = PERMISSION_TREE): PermissionNode[] {
  return nodes.flatMap((n) => [n, ...(n.children ? allNodes(n.children) : [])]);
}

export function nodeState(node: PermissionNode, selected: readonly string[]): CheckState {
  const have = new Set(selected);
  const leaves = node.children ? leafIds(node.children) : [node.id];
  const on = leaves.filter((id) => have.has(id)).length;
  return on === 0 ? 'unchecked' : on === leaves.length ? 'checked' : 'indeterminate';
}

/** Known leaf ids, once each, in the tree's order (how roles are stored and shown). */
export function normalizePermissions(list: readonly string[]): string[] {
  const have = new Set(list);
  return ALL_PERMISSIONS.filter((id) => have.has(id));
}

/** The selection after clicking a node: a checked node clears its leaves, any other selects them all. */
export function toggleNode(node: PermissionNode, selected: readonly string[]): string[] {
  const leaves = new Set(node.children ? leafIds(node.children) : [node.id]);
  if (nodeState(node, selected) === 'checked')
    return normalizePermissions(selected.filter((id) => !leaves.has(id)));
  return normalizePermissions([...selected, ...leaves]);
}
