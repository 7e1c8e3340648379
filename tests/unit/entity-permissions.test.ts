/**
 * Permissions declared with an entity (contract/entity.ts `permissions: {group, leaves}`): the actions' permission
 * ids, the sub-group they make in the role editor's tree (contract/permissionGroups.ts) and what follows from it —
 * every leaf list, the built-in roles of the group, support, the plan's gate and the role rule — and its undoing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defineEntity, field } from '../../contract/entity';
import { f } from '../../contract/fields';
import { declareEntityPermissions, declarePermissionGroup } from '../../contract/permissionGroups';
import {
  ALL_PERMISSIONS,
  BUILTIN_ROLE_PERMISSIONS,
  leafIds,
  PERMISSION_TREE,
  ROLE,
  supportPermissions,
} from '../../contract/permissions';
import { normalizePermissions } from '../../contract/permissionTree';
import { featureFor, grantedPermissions } from '../../contract/plans';
import { RoleSave } from '../../contract/roles';

const declare = (name: string, permissions: Parameters<typeof defineEntity>[0]['permissions']) =>
  defineEntity({
    name,
    table: `${name}s`,
    title: 'title',
    fields: { title: field.text(f.requiredText()) },
    permissions,
    feature: 'shop',
    defaultSort: { col: 'id', order: 'asc' },
  });

const coupon = declare('coupon', { group: 'shop', leaves: ['view', 'add', 'edit', 'delete'] });
const before = [...ALL_PERMISSIONS];
let undo: (() => void)[] = [];
afterEach(() => {
  for (const u of undo) u();
  undo = [];
});

describe('an entity’s own permissions', () => {
  it('name its actions’ permissions: view, add (else edit), edit, delete, or as `actions` says', () => {
    expect(coupon.permissions).toEqual({
      list: 'coupon.view',
      create: 'coupon.add',
      edit: 'coupon.edit',
      delete: 'coupon.delete',
    });
    expect(coupon.ownPermissions).toEqual({ group: 'shop', leaves: ['view', 'add', 'edit', 'delete'] });
    expect(declare('memo', { group: 'content', leaves: ['view', 'edit', 'delete'] }).permissions.create).toBe(
      'memo.edit',
    );
    const own = declare('ticket', {
      group: 'site_admin',
      leaves: ['read', 'write'],
      actions: { list: 'read', create: 'write', edit: 'write', delete: 'write' },
    });
    expect(own.permissions).toEqual({
      list: 'ticket.read',
      create: 'ticket.write',
      edit: 'ticket.write',
      delete: 'ticket.write',
    });
  });

  it('join the tree in their group, after its others, and every list made from it', () => {
    undo.push(declareEntityPermissions(coupon));
    const shop = PERMISSION_TREE.find((g) => g.id === 'shop');
    expect(shop?.children?.map((c) => c.id)).toEqual(['goods', 'logistics', 'order', 'coupon']);
    const ids = ['coupon.view', 'coupon.add', 'coupon.edit', 'coupon.delete'];
    expect(ALL_PERMISSIONS).toEqual(leafIds());
    const at = ALL_PERMISSIONS.indexOf('order.edit') + 1;
    expect(ALL_PERMISSIONS.slice(at, at + ids.length)).toEqual(ids);
    expect(BUILTIN_ROLE_PERMISSIONS[ROLE.OWNER]).toEqual(expect.arrayContaining(ids));
    expect(BUILTIN_ROLE_PERMISSIONS[ROLE.ADMIN]).toEqual(expect.arrayContaining(ids));
    expect(BUILTIN_ROLE_PERMISSIONS[ROLE.ECOMMERCE]).toEqual(expect.arrayContaining(ids));
    expect(BUILTIN_ROLE_PERMISSIONS[ROLE.EDITOR]).not.toContain('coupon.view');
    expect(supportPermissions()).toEqual(expect.arrayContaining(ids));
    expect(normalizePermissions(['coupon.edit', 'goods.view'])).toEqual(['goods.view', 'coupon.edit']);
    expect(RoleSave.safeParse({ id: 0, name: 'coupons', permissions: ['coupon.view'] }).success).toBe(true);
    // Gated by the entity's feature: a plan without the shop grants none of them.
    expect(featureFor('coupon.add')).toBe('shop');
    expect(grantedPermissions(ids, ['team'])).toEqual([]);
    expect(grantedPermissions(ids, ['shop'])).toEqual(ids);
  });

  it('are declared once however often asked, and go with the last undo', () => {
    const first = declareEntityPermissions(coupon);
    const second = declareEntityPermissions(coupon);
    expect(ALL_PERMISSIONS.filter((p) => p === 'coupon.view')).toHaveLength(1);
    first();
    first();
    expect(ALL_PERMISSIONS).toContain('coupon.view');
    second();
    expect(ALL_PERMISSIONS).toEqual(before);
    expect(featureFor('coupon.view')).toBeUndefined();
    expect(RoleSave.safeParse({ id: 0, name: 'coupons', permissions: ['coupon.view'] }).success).toBe(false);
  });

  it('never take an id the tree has (stored roles hold them), nor a group it has not', () => {
    expect(() => declarePermissionGroup('goods', 'shop', ['view'])).toThrow(/goods/);
    expect(() => declarePermissionGroup('post', 'content', ['print'])).toThrow(/post/);
    expect(() => declarePermissionGroup('staff', 'shop', ['x'])).toThrow(/staff/);
    expect(() => declarePermissionGroup('thing', 'nowhere' as 'shop', ['view'])).toThrow(/nowhere/);
    expect(() => declarePermissionGroup('thing', 'shop', [])).toThrow();
    expect(ALL_PERMISSIONS).toEqual(before);
  });
});
