/**
 * The role editor's tri-state tree (contract/permissionTree.ts) and what its user may tick (contract/roles.ts), the
 * labels and explanations of the nodes in every language, the permission model's helpers (contract/permissions.ts)
 * and the plan gate on permissions (contract/plans.ts: grantedPermissions, featureFor).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentApi } from '../../contract/api/content';
import {
  ALL_PERMISSIONS,
  BUILTIN_ROLE_PERMISSIONS,
  beyond,
  contentSight,
  holdsAny,
  mayAccess,
  mayReorderPinned,
  PERMISSION_TREE,
  type PermissionNode,
  permissionFor,
  permissionsOfRole,
  ROLE,
  within,
} from '../../contract/permissions';
import {
  allNodes,
  nodeState,
  normalizePermissions,
  permissionLabelKey,
  toggleNode,
} from '../../contract/permissionTree';
import { type Feature, featureFor, featuresOf, grantedPermissions, PLANS } from '../../contract/plans';
import { EXPLAINED_PERMISSIONS, leafEditable, nodeEditable, toggleWithin } from '../../contract/roles';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import zhTW from '../../i18n/zh-TW';
import { authProvider } from '../../src/auth/authProvider';
import { forgetSession } from '../../src/auth/session';
import { call } from '../../src/dataProvider/client';

const node = (id: string): PermissionNode => {
  const found = allNodes().find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};

describe('nodeState', () => {
  it('is checked, unchecked or indeterminate from the selected leaves', () => {
    expect(nodeState(node('post'), [])).toBe('unchecked');
    expect(nodeState(node('post'), ['post.view'])).toBe('indeterminate');
    expect(
      nodeState(node('post'), ['post.view', 'post.edit', 'post.delete', 'post.view_site', 'post.view_all']),
    ).toBe('checked');
    // Leaves of other groups do not count.
    expect(nodeState(node('post'), ['page.add', 'page.edit', 'page.delete'])).toBe('unchecked');
  });

  it('looks through sub-groups for a top group', () => {
    const content = node('content');
    expect(nodeState(content, ['page.add'])).toBe('indeterminate');
    expect(nodeState(content, BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR])).toBe('checked');
    expect(nodeState(node('site_admin'), BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR])).toBe('unchecked');
    // A group fully selected but for one leaf is indeterminate.
    const almost = ALL_PERMISSIONS.filter((p) => p !== 'design.style');
    expect(nodeState(node('site_admin'), almost)).toBe('indeterminate');
    expect(nodeState(node('design'), almost)).toBe('unchecked');
  });

  it('answers a leaf by itself', () => {
    expect(nodeState(node('post.view'), ['post.view'])).toBe('checked');
    expect(nodeState(node('post.view'), ['post.edit'])).toBe('unchecked');
  });
});

describe('toggleNode', () => {
  it('selects every leaf of an unchecked or indeterminate group, and clears a checked one', () => {
    const post = node('post');
    const all = toggleNode(post, []);
    expect(all).toEqual(['post.view', 'post.edit', 'post.delete', 'post.view_site', 'post.view_all']);
    expect(toggleNode(post, ['post.edit'])).toEqual(all);
    expect(toggleNode(post, all)).toEqual([]);
  });

  it('leaves other groups alone and keeps the tree order', () => {
    const picked = toggleNode(node('content'), ['theme.add', 'role.view']);
    expect(picked).toEqual(['role.view', ...BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR], 'theme.add']);
    expect(toggleNode(node('content'), picked)).toEqual(['role.view', 'theme.add']);
    expect(toggleNode(node('site_admin'), [])).toEqual(
      ALL_PERMISSIONS.filter((p) => /^(staff|role|subscription|design|member|customer)\./.test(p)),
    );
  });

  it('toggles a single leaf', () => {
    expect(toggleNode(node('post.edit'), ['post.view'])).toEqual(['post.view', 'post.edit']);
    expect(toggleNode(node('post.edit'), ['post.view', 'post.edit'])).toEqual(['post.view']);
  });
});

describe('toggleWithin: the role editor of someone whose own role lacks some permissions', () => {
  const own = new Set(['post.view', 'post.edit', 'page.add']);

  it('ticks only the leaves they hold; a second click clears the group', () => {
    const once = toggleWithin(node('post'), [], own);
    expect(once).toEqual(['post.view', 'post.edit']);
    expect(nodeState(node('post'), once)).toBe('indeterminate');
    expect(toggleWithin(node('post'), once, own)).toEqual([]);
    expect(toggleWithin(node('content'), ['theme.add'], own)).toEqual([
      'post.view',
      'post.edit',
      'page.add',
      'theme.add',
    ]);
  });

  it('clears a leaf they lack when it is selected, but never ticks one', () => {
    expect(toggleWithin(node('post.delete'), [], own)).toEqual([]);
    expect(toggleWithin(node('post.delete'), ['post.view', 'post.delete'], own)).toEqual(['post.view']);
    expect(toggleWithin(node('post'), ['post.delete'], own)).toEqual([
      'post.view',
      'post.edit',
      'post.delete',
    ]);
    // A checked group clears all of it, theirs or not.
    const full = ['post.view', 'post.edit', 'post.delete', 'post.view_site', 'post.view_all'];
    expect(toggleWithin(node('post'), full, own)).toEqual([]);
  });

  it('is toggleNode for someone who holds everything (the owner)', () => {
    const everything = new Set(ALL_PERMISSIONS);
    for (const n of allNodes()) {
      for (const selected of [[], ['post.view'], ALL_PERMISSIONS]) {
        expect(toggleWithin(n, selected, everything), n.id).toEqual(toggleNode(n, selected));
      }
    }
  });

  it('enables a checkbox when one of its leaves can be ticked or cleared', () => {
    expect(leafEditable('post.delete', [], own)).toBe(false);
    expect(leafEditable('post.delete', ['post.delete'], own)).toBe(true);
    expect(leafEditable('post.view', [], own)).toBe(true);
    expect(nodeEditable(node('subscription'), [], own)).toBe(false);
    expect(nodeEditable(node('subscription'), ['subscription.plan'], own)).toBe(true);
    expect(nodeEditable(node('content'), [], own)).toBe(true);
  });
});

describe('the permission model helpers', () => {
  it('holdsAny: one permission, or any one of a list', () => {
    const have = new Set(['setting.edit']);
    expect(holdsAny(have, 'setting.edit')).toBe(true);
    expect(holdsAny(have, 'post.edit')).toBe(false);
    expect(holdsAny(have, ['post.edit', 'setting.edit'])).toBe(true);
    expect(holdsAny(have, ['post.edit', 'page.add'])).toBe(false);
    expect(holdsAny(have, [])).toBe(false);
  });

  it('mayAccess reads lists: the library and its upload for every screen with an image field', () => {
    expect(mayAccess(['setting.view'], 'file', 'list')).toBe(true);
    expect(mayAccess(['setting.edit'], 'file', 'create')).toBe(true);
    expect(mayAccess(['page.add'], 'file', 'create')).toBe(true);
    expect(mayAccess(['post.view'], 'file', 'create')).toBe(false);
    // 電商人員 pictures their products.
    expect(mayAccess(BUILTIN_ROLE_PERMISSIONS[ROLE.ECOMMERCE], 'file', 'create')).toBe(true);
    expect(mayAccess(['setting.edit'], 'file', 'delete')).toBe(false);
    expect(permissionFor('file', 'show')).toEqual(['post.view', 'page.edit', 'setting.view', 'goods.view']);
  });

  it('contentSight: own items, also live ones, or everything', () => {
    expect(contentSight(new Set(['post.view']))).toBe('own');
    expect(contentSight(new Set(['post.view', 'post.view_site']))).toBe('site');
    expect(contentSight(new Set(['post.view', 'post.view_site', 'post.view_all']))).toBe('all');
    expect(contentSight(new Set(['post.view_all']))).toBe('all');
    for (const role of [ROLE.OWNER, ROLE.ADMIN, ROLE.EDITOR]) {
      expect(contentSight(new Set(BUILTIN_ROLE_PERMISSIONS[role])), String(role)).toBe('all');
    }
    expect(contentSight(new Set(BUILTIN_ROLE_PERMISSIONS[ROLE.ECOMMERCE]))).toBe('own');
  });

  it('mayReorderPinned needs editing and post.view_all', () => {
    expect(mayReorderPinned(['post.edit'], 'press')).toBe(false);
    expect(mayReorderPinned(['post.edit', 'post.view_all'], 'press')).toBe(true);
    expect(mayReorderPinned(['post.view_all'], 'press')).toBe(false);
    expect(mayReorderPinned(['page.edit', 'post.view_all'], 'page')).toBe(true);
  });

  it('within and beyond: a role is within another when every permission of it is the other’s', () => {
    const admin = BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN];
    expect(beyond(['post.view', 'subscription.plan', 'subscription.payment'], admin)).toEqual([
      'subscription.plan',
      'subscription.payment',
    ]);
    expect(within(BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR], admin)).toBe(true);
    expect(within(BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER], admin)).toBe(false);
    expect(within([], [])).toBe(true);
    expect(permissionsOfRole(ROLE.EDITOR, ['nothing'])).toEqual(BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR]);
    expect(permissionsOfRole(99, ['post.view'])).toEqual(['post.view']);
  });
});

describe('normalizePermissions', () => {
  it('keeps known leaves once, in tree order', () => {
    expect(normalizePermissions(['theme.add', 'post.view', 'post.view', 'nope', 'post'])).toEqual([
      'post.view',
      'theme.add',
    ]);
  });
});

describe('labels', () => {
  const lookup = (messages: unknown, key: string) =>
    key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], messages);

  it('every node of the tree has a label in zh-TW, en and ja', () => {
    const nodes = allNodes();
    expect(nodes.length).toBe(4 + 14 + ALL_PERMISSIONS.length);
    for (const [lang, messages] of [
      ['zh-TW', zhTW],
      ['en', en],
      ['ja', ja],
    ] as const) {
      for (const n of nodes) {
        const label = lookup(messages, permissionLabelKey(n));
        expect(typeof label === 'string' && label.trim() !== '', `${lang} ${n.id}`).toBe(true);
      }
    }
    expect(lookup(zhTW, 'permissions.leaf.staff.view')).toBe('檢視人員');
    expect(lookup(zhTW, 'permissions.group.site_admin')).toBe('網站管理');
    expect(lookup(zhTW, 'permissions.group.content')).toBe('內容管理');
    expect(lookup(zhTW, 'permissions.group.system')).toBe('系統管理');
    expect(lookup(zhTW, 'permissions.group.shop')).toBe('電商管理');
  });

  it('the permissions that widen or guard others are explained in every language', () => {
    expect(EXPLAINED_PERMISSIONS).toEqual(
      expect.arrayContaining(['post.view', 'post.view_site', 'post.view_all', 'staff.view_all']),
    );
    expect(EXPLAINED_PERMISSIONS).toEqual(expect.arrayContaining(['setting.permission', 'setting.admin']));
    for (const messages of [zhTW, en, ja]) {
      for (const id of EXPLAINED_PERMISSIONS) {
        const text = lookup(messages, `permissions.help.${id}`);
        expect(typeof text === 'string' && text.trim() !== '', id).toBe(true);
      }
    }
  });

  it('labels are distinct within a group', () => {
    for (const group of allNodes().filter((n) => n.children)) {
      const names = (group.children ?? []).map((c) => lookup(zhTW, permissionLabelKey(c)));
      expect(new Set(names).size, group.id).toBe(names.length);
    }
    expect(PERMISSION_TREE.map((g) => g.id)).toEqual(['site_admin', 'content', 'shop', 'system']);
  });
});

describe('featureFor', () => {
  it('names the plan feature of the gated groups and nothing for the rest', () => {
    expect(featureFor('staff.view')).toBe('team');
    expect(featureFor('role.delete')).toBe('team');
    expect(featureFor('theme.add')).toBe('theme');
    expect(featureFor('design.style')).toBe('design');
    expect(featureFor('plan.edit')).toBe('membership');
    expect(featureFor('goods.edit')).toBe('shop');
    expect(featureFor('order.view')).toBe('shop');
    for (const p of ['post.view', 'page.add', 'setting.edit', 'subscription.plan']) {
      expect(featureFor(p), p).toBeUndefined();
    }
  });
});

describe('grantedPermissions', () => {
  const owner = BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER];

  it('grants no gated permission without a plan', () => {
    const granted = grantedPermissions(owner, []);
    expect(granted).toEqual(
      owner.filter((p) => !/^(staff|role|theme|design|plan|goods|logistics|order)\./.test(p)),
    );
    expect(granted).toContain('subscription.payment');
    expect(granted).toContain('setting.edit');
  });

  it('grants a gated group only with its feature', () => {
    const granted = grantedPermissions(owner, ['team']);
    expect(granted).toContain('role.edit');
    expect(granted).toContain('staff.view');
    expect(granted).not.toContain('theme.add');
    expect(granted).not.toContain('design.style');
    expect(granted).not.toContain('plan.add');
  });

  it('grants everything the role holds with the full-power flag, and never more than the role holds', () => {
    expect(grantedPermissions(owner, ['full'])).toEqual([...owner]);
    const editor = BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR];
    expect(grantedPermissions(editor, ['full'])).toEqual([...editor]);
    const all: Feature[] = ['team', 'theme', 'design', 'membership', 'shop', 'newsletter'];
    expect(grantedPermissions(['post.view'], all)).toEqual(['post.view']);
    expect(grantedPermissions([], ['full'])).toEqual([]);
  });

  it('follows the plans: STARTER has no design or membership, TEAM+ has all but subscription of 管理員', () => {
    const starter = grantedPermissions(owner, featuresOf(2));
    expect(starter).toContain('theme.add');
    expect(starter).not.toContain('design.style');
    expect(starter).not.toContain('plan.add');
    const admin = grantedPermissions(BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN], featuresOf(4));
    expect(admin).toEqual(ALL_PERMISSIONS.filter((p) => !p.startsWith('subscription.')));
    expect(featuresOf(null)).toEqual([]);
    expect(PLANS.find((p) => p.id === 1)?.features).toContain('full');
  });
});

describe('the SPA after a refused call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSession();
  });

  it('reads the session again, so what the role lost is hidden from then on', async () => {
    let permissions = ['post.view', 'post.edit'];
    const fetchImpl = vi.fn(async (url: string) =>
      url.includes('member/status')
        ? new Response(JSON.stringify({ code: 1, msg: '', data: { isLogined: true, user: { permissions } } }))
        : new Response(JSON.stringify({ code: 1009, msg: '', data: null }), { status: 403 }),
    );
    vi.stubGlobal('fetch', fetchImpl);
    const mayCreate = () => authProvider.canAccess?.({ resource: 'press', action: 'create' });
    expect(await mayCreate()).toBe(true);
    permissions = ['post.view'];
    // Until the server refuses something, the session read once stands.
    expect(await mayCreate()).toBe(true);
    await expect(call(contentApi.pin, { id: 1 })).rejects.toMatchObject({ status: 403 });
    expect(await mayCreate()).toBe(false);
    expect(await authProvider.canAccess?.({ resource: 'press', action: 'list' })).toBe(true);
    expect(fetchImpl.mock.calls.filter(([url]) => String(url).includes('member/status'))).toHaveLength(2);
  });
});
