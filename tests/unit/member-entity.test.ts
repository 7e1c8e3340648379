/**
 * Members as an entity (contract/entities/member.ts) and the layer's pieces they brought: a save that only makes
 * records (`updates: false`: no update), a delete of several at once (`deleteMany`: `{id}` or `{ids}`, one call), a
 * filter named unlike its field (`filterAs`: a member's `tags` filtered as `tag`); react-admin's `q` for the first
 * search; the filters sending what the member list always sent; the CSV header as the import reads it.
 */
import { describe, expect, it } from 'vitest';
import { member } from '../../contract/entities/member';
import { orders } from '../../contract/entities/orders';
import { ENTITY_DELETE_MAX } from '../../contract/entity';
import { updates } from '../../contract/entityBrief';
import { entityResourceApi } from '../../contract/resources';
import enWords from '../../i18n/en/entities/member';
import jaWords from '../../i18n/ja/entities/member';
import zhWords from '../../i18n/zh-TW/entities/member';
import { toFilters } from '../../src/dataProvider';
import { resourceMethods } from '../../src/dataProvider/package';

describe('the member resource', () => {
  const api = entityResourceApi(member);

  it('serves SPEC §7 profile/* paths: creates, deletes several in one call, never updates', () => {
    expect(
      [member.api.list, member.api.get, member.api.save, member.api.delete, member.api.export].map(
        (e) => e?.path,
      ),
    ).toEqual(['profile/list', 'profile/get', 'profile/save', 'profile/remove', 'profile/export']);
    expect(api.create?.path).toBe('profile/save');
    expect(api.update).toBeUndefined();
    expect(updates(member)).toBe(false);
    expect(api.deleteManyBody?.([3, 4])).toEqual({ ids: [3, 4] });
    expect(resourceMethods('member')).toEqual({ read: true, create: true, update: false, delete: true });
  });

  it('takes id 0 (or none) on save, and refuses another', () => {
    expect(member.save.parse({ email: 'A@Example.com' })).toMatchObject({ id: 0, tags: [], note: '' });
    expect(member.save.safeParse({ id: 0, email: 'a@example.com' }).success).toBe(true);
    expect(member.save.safeParse({ id: 5, email: 'a@example.com' }).success).toBe(false);
    expect(member.save.safeParse({ email: 'a@example.com', status: 'paid' }).success).toBe(false);
  });

  it('deletes {id} or {ids}, at most ENTITY_DELETE_MAX, and needs one of them', () => {
    const input = member.api.delete.input;
    expect(input.safeParse({ id: 1 }).success).toBe(true);
    expect(input.safeParse({ ids: [1, 2] }).success).toBe(true);
    const none = input.safeParse({});
    expect(none.error?.issues[0]).toMatchObject({ path: ['id'], message: 'validation.required' });
    const many = Array.from({ length: ENTITY_DELETE_MAX + 1 }, (_, i) => i + 1);
    expect(input.safeParse({ ids: many }).success).toBe(false);
    expect(input.safeParse({ ids: [] }).success).toBe(false);
    // An entity without deleteMany takes {id} only.
    expect(entityResourceApi(orders).deleteManyBody).toBeUndefined();
  });

  it('maps the list’s filter names to the API filters the member list always sent', () => {
    expect(
      toFilters(api, { q: ' 小明 ', tag: '台北讀者', plan: 3, status: 'paid', epaper_opt_in: 0 }),
    ).toEqual([
      { col: 'keyword', value: '小明', type: 'search' },
      { col: 'tag', value: ['台北讀者'], type: 'in' },
      { col: 'plan', value: [3], type: 'in' },
      { col: 'status', value: ['paid'], type: 'in' },
      { col: 'epaper_opt_in', value: [0], type: 'in' },
    ]);
    expect(toFilters(api, { q: '  ', tag: '', status: '' })).toEqual([]);
    expect(member.columns.filter).toEqual(['id', 'plan', 'status', 'tag', 'epaper_opt_in', 'keyword']);
    expect(member.columns.sort).toEqual(['id', 'name', 'email', 'status', 'created_at']);
    // `q`, react-admin's search box, is any entity's first search.
    expect(toFilters(entityResourceApi(orders), { q: 'A-1' })).toEqual([
      { col: 'keyword', value: 'A-1', type: 'search' },
    ]);
  });
});

describe('the member words', () => {
  it('head the CSV with the words an import reads back (members.csv), one for each exported column', () => {
    for (const words of [zhWords, enWords, jaWords]) {
      const { header } = words.resources.member.export;
      expect(Object.keys(header)).toEqual(member.export?.columns);
    }
    expect(enWords.resources.member.emptyHint).not.toBe(zhWords.resources.member.emptyHint);
    expect(jaWords.resources.member.fields.meta).not.toBe(zhWords.resources.member.fields.meta);
  });
});
