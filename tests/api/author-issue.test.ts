/**
 * The author issue (`author/issue`, SPEC §2 "author issue" modal): an author's published and scheduled items of
 * every type, newest first, paginated with a total; drafts never; the content sight rules apply; another site's
 * author is 404; a role without post.view is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorIssueRow } from '../../contract/api/authors';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

type Issue = { rows: AuthorIssueRow[]; total: number };

const doc = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let writer: Client;
/** The author under test, and the items made for them. */
let authorId: number;
const made: Record<string, number> = {};

async function item(c: Client, title: string, type: number, author: number[], publish?: 'now' | 'later') {
  const { id } = ok(
    await c.call<SaveReply>(`press/save?t=${type}`, {
      id: 0,
      title,
      content: doc(title),
      version: 0,
      author,
    }),
  );
  if (publish === 'now') ok(await c.call(`press/publish?t=${type}`, { id, mode: 1 }));
  if (publish === 'later')
    ok(await c.call(`press/publish?t=${type}`, { id, mode: 2, date: '2099-01-01', time: '09:00' }));
  return id;
}

const issue = (c: Client, body: Record<string, unknown>) => c.call<Issue>('author/issue', body);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  authorId = ok(await owner.call<{ id: number }>('author/save', { id: 0, name: '作品作者' })).id;
  // A writer who sees only their own items (post.view without view_site / view_all).
  writer = await staffOf(
    t,
    demoSiteId,
    'issue-writer@example.com',
    await customRole(t, demoSiteId, '只看自己的作品', ['post.view']),
    'Issue Writer',
  );
  const writerAuthor = ok(await writer.call<{ id: number }>('member/author')).id;
  made.published = await item(owner, '已發布文章', 1, [authorId], 'now');
  made.scheduled = await item(owner, '排程文章', 1, [authorId], 'later');
  made.draft = await item(owner, '草稿文章', 1, [authorId]);
  made.epaper = await item(owner, '已發布電子報', 4, [authorId], 'now');
  made.page = await item(owner, '已發布頁面', 3, [authorId], 'now');
  made.writers = await item(owner, '共同署名', 1, [authorId, writerAuthor], 'now');
  made.other = await item(owner, '別人的文章', 1, [], 'now');
});
afterAll(async () => {
  await t?.close();
});

describe('author/issue', () => {
  it('lists the published and scheduled items of every type, newest first, never drafts', async () => {
    const { rows, total } = ok(await issue(owner, { id: authorId, per_page: 100 }));
    expect(total).toBe(5);
    expect(rows.map((r) => r.title)).toEqual([
      '排程文章',
      '共同署名',
      '已發布頁面',
      '已發布電子報',
      '已發布文章',
    ]);
    expect(rows[0]).toMatchObject({ id: made.scheduled, type: 1, status: 2, lang_id: 1 });
    expect(rows[0].publish_ts).toMatch(/^2099-01-01T01:00:00/);
    expect(rows.find((r) => r.id === made.epaper)).toMatchObject({ type: 4, status: 1 });
    expect(rows.find((r) => r.id === made.page)).toMatchObject({ type: 3, status: 1 });
    expect(rows.map((r) => r.id)).not.toContain(made.draft);
    expect(rows.map((r) => r.id)).not.toContain(made.other);
  });

  it('pages with the total', async () => {
    const first = ok(await issue(owner, { id: authorId, page: 1, per_page: 2 }));
    const third = ok(await issue(owner, { id: authorId, page: 3, per_page: 2 }));
    expect(first.total).toBe(5);
    expect(first.rows).toHaveLength(2);
    expect(third).toMatchObject({ total: 5 });
    expect(third.rows.map((r) => r.title)).toEqual(['已發布文章']);
    expect(ok(await issue(owner, { id: authorId, page: 9, per_page: 2 }))).toEqual({ rows: [], total: 5 });
  });

  it('applies the content sight rules: post.view alone lists only the items that are its own', async () => {
    const { rows, total } = ok(await issue(writer, { id: authorId }));
    expect(rows.map((r) => r.id)).toEqual([made.writers]);
    expect(total).toBe(1);
  });

  it("answers 404 for another site's author, both ways", async () => {
    const other = await register(t, 'issue-other@example.com');
    const theirs = ok(await other.call<{ id: number }>('author/save', { id: 0, name: '別站作者' })).id;
    for (const [c, id] of [
      [owner, theirs],
      [other, authorId],
      [owner, 2_000_000],
    ] as const) {
      const r = await issue(c, { id });
      expect(r.status).toBe(404);
      expect(r.code).toBe(Code.NOT_FOUND);
    }
  });

  it('refuses a role without post.view (403) and bad input (1001)', async () => {
    const shop = await staffOf(
      t,
      demoSiteId,
      'issue-shop@example.com',
      await customRole(t, demoSiteId, '只管商品', ['goods.view']),
    );
    const r = await issue(shop, { id: authorId });
    expect(r.status).toBe(403);
    expect(r.code).toBe(Code.FORBIDDEN);
    for (const body of [{}, { id: 'x' }, { id: authorId, per_page: 1000 }, { id: authorId, page: 0 }]) {
      const bad = await issue(owner, body);
      expect(bad.code, JSON.stringify(body)).toBe(Code.VALIDATION);
    }
  });

  it('author/show answers as author/get (SPEC §7 get/show {id})', async () => {
    expect(ok(await owner.call('author/show', { id: authorId }))).toEqual(
      ok(await owner.call('author/get', { id: authorId })),
    );
  });
});
