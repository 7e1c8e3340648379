import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { NAME_MAX } from '../../contract/constants';
import { defineEntity, field } from '../../contract/entity';
import { f } from '../../contract/fields';
import { RESOURCE_PERMISSIONS } from '../../contract/permissions';
import { sightedNotesApp } from '../fixtures/entities/note';
import { type Client, fieldErrors, ok, register, type TestApp } from '../fixtures/testApp';

const jotting = defineEntity({
  name: 'jotting',
  table: 'notes',
  title: 'title',
  updates: false,
  deleteMany: true,
  fields: {
    title: field.text(f.requiredText(NAME_MAX), { list: true }),
    kind: field.enum(['memo', 'todo'], { list: true, filter: 'in', filterAs: 'sort_of' }),
    pinned: field.switch(),
  },
  permissions: RESOURCE_PERMISSIONS.author,
  defaultSort: { col: 'id', order: 'asc' },
});

let t: TestApp;
let owner: Client;
let writer: Client;
let stranger: Client;

beforeAll(async () => {
  ({ t, owner, writer } = await sightedNotesApp(jotting, 'jotter@example.com'));
  stranger = await register(t, 'jotting-stranger@example.com');
});
afterAll(() => t.close());

const add = async (body: object) => ok(await owner.call<{ id: number }>('jotting/save', body)).id;
const ids = async (c: Client, filters: object[] = []) =>
  ok(await c.call<{ rows: { id: number }[] }>('jotting/list', { query: { size: 100, filters } })).rows.map(
    (r) => r.id,
  );

describe('a save that only creates, a delete of several, a filter named otherwise', () => {
  it('creates with id 0 or none, and refuses an id', async () => {
    const a = await add({ id: 0, title: '甲' });
    const b = await add({ title: '乙', kind: 'todo' });
    expect(b).toBeGreaterThan(a);
    expect(fieldErrors(await owner.call('jotting/save', { id: a, title: '改' }))).toHaveProperty('id');
    expect(ok(await owner.call<{ title: string }>('jotting/get', { id: a })).title).toBe('甲');
  });

  it('filters by the filter’s own name, and not by the field’s', async () => {
    const todo = await add({ title: '待辦', kind: 'todo' });
    const found = await ids(owner, [{ col: 'sort_of', value: ['todo'], type: 'in' }]);
    expect(found).toContain(todo);
    expect(await ids(owner, [{ col: 'sort_of', value: ['memo'], type: 'in' }])).not.toContain(todo);
    const refused = await owner.call('jotting/list', {
      query: { filters: [{ col: 'kind', value: ['todo'], type: 'in' }] },
    });
    expect(fieldErrors(refused)).toHaveProperty(['query.filters.0.col']);
  });

  it('deletes {id} or {ids} in one call, all or none: another site’s, unknown or out of sight deletes nothing', async () => {
    const [a, b, c] = [await add({ title: 'a' }), await add({ title: 'b' }), await add({ title: 'c' })];
    const pinned = await add({ title: 'p', pinned: true });
    expect(await owner.call('jotting/delete', { ids: [a, b, 2_147_483_647] })).toMatchObject({
      status: 404,
      code: Code.NOT_FOUND,
    });
    expect(await stranger.call('jotting/delete', { ids: [a, b] })).toMatchObject({ status: 404 });
    expect(await writer.call('jotting/delete', { ids: [a, pinned] })).toMatchObject({ status: 404 });
    expect(await ids(owner)).toEqual(expect.arrayContaining([a, b, c, pinned]));
    expect(fieldErrors(await owner.call('jotting/delete', {}))).toHaveProperty('id');

    expect(ok(await writer.call('jotting/delete', { ids: [a, b, a] }))).toEqual({ ids: [a, b] });
    expect(ok(await owner.call('jotting/delete', { id: c }))).toEqual({ ids: [c] });
    const left = await ids(owner);
    for (const id of [a, b, c]) expect(left).not.toContain(id);
    expect(left).toContain(pinned);
  });
});
