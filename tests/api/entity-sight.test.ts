import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { note, sightedNotesApp } from '../fixtures/entities/note';
import { type Client, ok, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let writer: Client;

beforeAll(async () => {
  ({ t, owner, writer } = await sightedNotesApp(note, 'sight-writer@example.com'));
});
afterAll(() => t.close());

const save = (c: Client, body: object) =>
  c.call<{ id: number; title: string }>('note/save', { id: 0, title: '筆記', price: 0, ...body });

describe('sight', () => {
  it('keeps a record out of sight out of the list, and 404 to get, save and delete', async () => {
    const pinned = ok(await save(owner, { title: '置頂筆記', pinned: true }));
    const plain = ok(await save(owner, { title: '一般筆記' }));
    const listed = (c: Client) =>
      c.call<{ rows: { id: number }[]; total: number }>('note/list', { query: { size: 100 } });

    expect(ok(await listed(owner)).rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([pinned.id, plain.id]),
    );
    const seen = ok(await listed(writer));
    expect(seen.rows.map((r) => r.id)).toEqual([plain.id]);
    expect(seen.total).toBe(1);

    for (const [path, body] of [
      ['note/get', { id: pinned.id }],
      ['note/save', { id: pinned.id, title: '改了', price: 0 }],
      ['note/delete', { id: pinned.id }],
    ] as const)
      expect(await writer.call(path, body), path).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    // In sight, the same calls are served.
    expect(ok(await save(writer, { id: plain.id, title: '改了' })).title).toBe('改了');
    expect(ok(await owner.call<{ title: string }>('note/get', { id: pinned.id })).title).toBe('置頂筆記');
    expect(ok(await writer.call('note/delete', { id: plain.id }))).toEqual({ id: plain.id });
  });
});
