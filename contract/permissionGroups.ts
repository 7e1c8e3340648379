/**
 * Declared entities' own permissions in the tree (contract/entity.ts `permissions: {group, leaves}`): a sub-group
 * named like the entity, its leaves `<entity>.<leaf>`, added after the others of its top group. Whoever needs the
 * whole tree puts them there before using it: the server's entity registry at startup (before any request), the
 * SPA's role screens when they load (src/resources/role/declared.ts), a test serving a fixture entity for a while.
 * PERMISSION_TREE and ALL_PERMISSIONS are changed in place (their readers hold those very arrays); the built-in roles
 * and support read the tree when asked; with the entity's feature, PERMISSION_FEATURES gates the group. Apart from
 * contract/permissions.ts so that the SPA's first screen, which only checks permissions, does not carry it.
 */
import type { EntityBrief } from './entityBrief';
import {
  ALL_PERMISSIONS,
  leafIds,
  PERMISSION_TREE,
  type PermissionGroup,
  type PermissionNode,
} from './permissions';
import { type Feature, PERMISSION_FEATURES } from './plans';

const GROUPS: readonly PermissionGroup[] = ['site_admin', 'content', 'shop', 'system'];

const idsOf = (nodes: readonly PermissionNode[]): string[] =>
  nodes.flatMap((n) => [n.id, ...(n.children ? idsOf(n.children) : [])]);

/** The children of a top group, to add to (the tree's own arrays). */
function childrenOf(group: PermissionGroup): PermissionNode[] {
  const node = PERMISSION_TREE.find((n) => n.id === group);
  if (!node?.children || !GROUPS.includes(group)) throw new Error(`No permission group ${group}`);
  return node.children as PermissionNode[];
}

/** ALL_PERMISSIONS again from the tree, in place. */
const refresh = () => (ALL_PERMISSIONS as string[]).splice(0, ALL_PERMISSIONS.length, ...leafIds());

/**
 * Adds a sub-group `id` of `group` with the leaves `<id>.<name>`, gated by `feature` if given. An id the tree
 * already has is an error: a permission id means one thing, for ever (stored roles hold them). Answers how to take
 * it away again.
 */
export function declarePermissionGroup(
  id: string,
  group: PermissionGroup,
  names: readonly string[],
  feature?: Feature,
): () => void {
  const node: PermissionNode = { id, children: names.map((n) => ({ id: `${id}.${n}` })) };
  const known = new Set([...idsOf(PERMISSION_TREE), ...Object.keys(PERMISSION_FEATURES)]);
  const taken = idsOf([node]).find((x) => known.has(x));
  if (taken) throw new Error(`Permission ${taken} is already in the tree: an entity declares new ids only`);
  if (names.length === 0 || new Set(names).size !== names.length)
    throw new Error(`Permissions of ${id}: at least one leaf, each once`);
  const children = childrenOf(group);
  const features = PERMISSION_FEATURES as Record<string, Feature>;
  children.push(node);
  if (feature) features[id] = feature;
  refresh();
  return () => {
    const at = children.indexOf(node);
    if (at < 0) return;
    children.splice(at, 1);
    if (features[id] === feature) delete features[id];
    refresh();
  };
}

/** How many servers of each entity's group there are, and how to take it away. */
const served = new Map<string, { count: number; undo: () => void }>();

/**
 * Puts an entity's own permissions (if it declares any) in the tree, once however often it is asked (each asker may
 * undo its own ask; the group goes with the last). Answers that undo.
 */
export function declareEntityPermissions(brief: Pick<EntityBrief, 'name' | 'ownPermissions' | 'feature'>) {
  const own = brief.ownPermissions;
  if (!own) return () => undefined;
  const entry = served.get(brief.name);
  if (entry) entry.count += 1;
  else
    served.set(brief.name, {
      count: 1,
      undo: declarePermissionGroup(brief.name, own.group, own.leaves, brief.feature),
    });
  let done = false;
  return () => {
    const current = served.get(brief.name);
    if (done || !current) return;
    done = true;
    current.count -= 1;
    if (current.count > 0) return;
    served.delete(brief.name);
    current.undo();
  };
}
