/**
 * An entity whose records are made elsewhere (contract/entity.ts `creates: false`, as staff join by invitation):
 * its save takes an id only and needs no create permission, neither integrator face offers to create, and `q` — the
 * usual keyword filter of react-admin — is its first search, as for any entity with searches.
 */
import { describe, expect, it } from 'vitest';
import { admin } from '../../contract/entities/admin';
import { defineEntity, field } from '../../contract/entity';
import { f } from '../../contract/fields';
import { entityFilters, entityResourceApi, methodsOf } from '../../contract/resources';

const declare = (creates?: boolean) =>
  defineEntity({
    name: 'badge',
    table: 'badges',
    title: 'title',
    creates,
    fields: { title: field.text(f.requiredText(), { list: true }) },
    searches: { keyword: ['title'] },
    permissions: { group: 'content', leaves: ['view', 'add', 'edit', 'delete'] },
    defaultSort: { col: 'id', order: 'asc' },
  });

describe('creates: false', () => {
  it('saves an id only, without the create permission', () => {
    const made = declare(false);
    expect(made.save.safeParse({ id: 0, title: 'x' }).success).toBe(false);
    expect(made.save.safeParse({ id: 3, title: 'x' }).success).toBe(true);
    expect(made.api.save?.createPermission).toBeUndefined();
    const usual = declare();
    expect(usual.save.safeParse({ id: 0, title: 'x' }).success).toBe(true);
    expect(usual.api.save?.createPermission).toBe('badge.add');
  });

  it('offers no create to the integrator faces, and the update and delete it serves', () => {
    expect(methodsOf(entityResourceApi(declare(false)))).toEqual({
      read: true,
      create: false,
      update: true,
      delete: true,
    });
    expect(methodsOf(entityResourceApi(declare())).create).toBe(true);
    expect(methodsOf(entityResourceApi(admin))).toEqual({
      read: true,
      create: false,
      update: true,
      delete: true,
    });
  });
});

describe('the keyword filter q', () => {
  it('is the first search', () => {
    expect(entityFilters(admin).q?.('  Amy ')).toEqual({ col: 'keyword', value: 'Amy', type: 'search' });
    expect(entityFilters(declare()).q?.('')).toBeUndefined();
  });
});
