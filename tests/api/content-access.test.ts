import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentRow, RevisionRow, SaveReply } from '../../contract/content';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { contentRevisions, contents, roles } from '../../server/db/schema';
import {
  type Client,
  createTestApp,
  OWNER,
  type Reply,
  register,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const doc = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

let t: TestApp;
let owner: Client;
let demoSiteId: number;

const ok = <T>(r: Reply<T>): T => {
  expect(r, JSON.stringify(r).slice(0, 500)).toMatchObject({ status: 200, code: 1 });
  return r.data;
};
const create = async (c: Client, title: string, type = 1) =>
  ok(await c.call<SaveReply>(`press/save?t=${type}`, { id: 0, title, content: doc(title), version: 0 }));

/** Every row of the content tables, to prove that refused calls changed nothing. */
async function snapshot() {
  const db = t.database.db;
  return {
    contents: await db.select().from(contents).orderBy(contents.id),
    revisions: await db.select().from(contentRevisions).orderBy(contentRevisions.id),
  };
}

/** One call of every content action on item `id` (of type `type`), with a valid body. */
function everyAction(id: number, revisionId: number, type: number) {
  const q = `?t=${type}`;
  return [
    ['list', { query: { filters: [{ col: 'id', value: [id], type: 'in' }] } }],
    ['save', { id, title: '改', content: doc('改'), version: 1, force: true }],
    ['save', { id: 0, title: '新', content: doc('新'), version: 0 }],
    ['get', { id }],
    ['publish', { id, mode: 1 }],
    ['publish', { id, mode: 2, date: '2099-01-01', time: '09:00' }],
    ['publish', { id, mode: 0 }],
    ['publish', { id, mode: -1 }],
    ['search', { query: '文章', id }],
    ['history', { id }],
    ['revision', { id, revision_id: revisionId }],
    ['restore', { id, revision_id: revisionId }],
    ['pin', { id }],
    ['unpin', { id }],
    ['sorter', { ids: [id] }],
    ['translate', { id, translate: false, lang_id: 3 }],
    ['tag', { id }],
  ].map(([action, body]) => [`press/${action}${q}`, body] as [string, Record<string, unknown>]);
}

const demoStaff = (email: string, roleId: number, nickname?: string): Promise<Client> =>
  staffOf(t, demoSiteId, email, roleId, nickname);

/** A custom role of the demo site holding exactly `permissions`. */
async function customRole(name: string, permissions: string[]): Promise<number> {
  const [role] = await t.database.db
    .insert(roles)
    .values({ siteId: demoSiteId, name, permissions })
    .returning();
  return role.id;
}

let post: SaveReply;
let page: SaveReply;
let paper: SaveReply;
const revisionOf = async (id: number) => ok(await owner.call<RevisionRow[]>('press/history', { id }))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  ok(await owner.login(OWNER.email, OWNER.password));
  demoSiteId = (await owner.call<Session>('member/status')).data.site.current?.id as number;
  post = await create(owner, '示範文章');
  page = await create(owner, '示範頁面', 3);
  paper = await create(owner, '示範電子報', 4);
});
afterAll(async () => {
  await t?.close();
});

describe('tenant isolation', () => {
  it('gives a user of another site 404 or nothing for every action on the demo site items, and changes nothing', async () => {
    const b = await register(t, 'intruder@example.com');
    await create(b, '我的文章');
    const before = await snapshot();
    for (const [item, type] of [
      [post, 1],
      [page, 3],
      [paper, 4],
    ] as const) {
      for (const [path, body] of everyAction(item.id, await revisionOf(item.id), type)) {
        const r = await b.call(path, body);
        const label = `${path} ${JSON.stringify(body)}`;
        if (path.startsWith('press/list')) {
          expect(ok(r as Reply<ListResult<ContentRow>>), label).toEqual({ rows: [], total: 0 });
        } else if (path.startsWith('press/search')) {
          // Only their own items are found; the demo site's stay invisible.
          const found = (ok(r) as { title: string }[]).map((x) => x.title);
          expect(found, label).toEqual(type === 1 ? ['我的文章'] : []);
          expect(ok(await b.call(path, { query: '示範' })), label).toEqual([]);
        } else if (body.id === 0) {
          // A new item is theirs, on their own site.
          expect(r.code, label).toBe(1);
        } else {
          expect(r.status, label).toBe(404);
          expect(r.code, label).toBe(Code.NOT_FOUND);
        }
      }
    }
    const after = await snapshot();
    expect(after.contents.filter((c) => c.siteId === demoSiteId)).toEqual(
      before.contents.filter((c) => c.siteId === demoSiteId),
    );
    expect(after.revisions.filter((r) => before.revisions.some((x) => x.id === r.id))).toEqual(
      before.revisions,
    );
    const demoTitles = ok(
      await owner.call<ListResult<ContentRow>>('press/list?t=1', { query: { size: 100 } }),
    ).rows.map((r) => r.title);
    expect(demoTitles).not.toContain('新');
    expect(demoTitles).not.toContain('我的文章');
  });

  it('does not let a revision of another site be read or restored through an item of ones own', async () => {
    const b = await register(t, 'intruder2@example.com');
    const mine = await create(b, '自己的');
    const demoRevision = await revisionOf(post.id);
    for (const path of ['press/revision?t=1', 'press/restore?t=1']) {
      const r = await b.call(path, { id: mine.id, revision_id: demoRevision });
      expect(r.status, path).toBe(404);
    }
    expect((await b.call('press/sorter?t=1', { ids: [mine.id, post.id] })).status).toBe(404);
    // The owner is kept out of the other site the same way.
    expect((await owner.call('press/get?t=1', { id: mine.id })).status).toBe(404);
    expect((await owner.call('press/publish?t=1', { id: mine.id, mode: -1 })).status).toBe(404);
    expect(ok(await b.call<{ title: string }>('press/get?t=1', { id: mine.id })).title).toBe('自己的');
  });
});

describe('permissions', () => {
  const readActions = ['list', 'get', 'search', 'history', 'revision', 'tag'];
  const actionOf = (path: string) => path.slice('press/'.length, path.indexOf('?'));

  it('lets 電商人員 (post.view only) read posts and e-papers, and refuses everything else with 403', async () => {
    const shop = await demoStaff('shop@example.com', ROLE.ECOMMERCE);
    const before = await snapshot();
    for (const [item, type] of [
      [post, 1],
      [paper, 4],
      [page, 3],
    ] as const) {
      for (const [path, body] of everyAction(item.id, await revisionOf(item.id), type)) {
        const r = await shop.call(path, body);
        const label = `${path} ${JSON.stringify(body)}`;
        if (type !== 3 && readActions.includes(actionOf(path))) {
          expect(r.code, label).toBe(1);
        } else {
          expect(r.status, label).toBe(403);
          expect(r.code, label).toBe(Code.FORBIDDEN);
        }
      }
    }
    // Without ?t= the item's own type decides.
    expect((await shop.call('press/pin', { id: post.id })).status).toBe(403);
    expect((await shop.call('press/history', { id: page.id })).status).toBe(403);
    expect((await shop.call('press/history', { id: post.id })).code).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('lets 編輯 (role 3) write posts and pages', async () => {
    const editor = await demoStaff('editor@example.com', ROLE.EDITOR);
    const made = await create(editor, '編輯的頁面', 3);
    expect(ok(await editor.call('press/publish?t=3', { id: made.id, mode: 1 }))).toMatchObject({ status: 1 });
    expect(ok(await editor.call('press/pin?t=3', { id: made.id }))).toMatchObject({ to_top: true });
    expect(ok(await editor.call('press/publish?t=3', { id: made.id, mode: -1 }))).toMatchObject({
      status: -1,
    });
    const p = await create(editor, '編輯的文章');
    expect(ok(await editor.call('press/publish?t=1', { id: p.id, mode: -1 }))).toMatchObject({ status: -1 });
  });

  it('needs post.delete to delete, and page.add to create a page', async () => {
    const writer = await demoStaff(
      'no-delete@example.com',
      await customRole('撰稿', ['post.view', 'post.edit']),
    );
    const mine = await create(writer, '撰稿的文章');
    const del = await writer.call('press/publish?t=1', { id: mine.id, mode: -1 });
    expect(del.status).toBe(403);
    expect(ok(await writer.call('press/publish?t=1', { id: mine.id, mode: 1 }))).toMatchObject({ status: 1 });
    expect(ok(await writer.call('press/get?t=1', { id: mine.id }))).toMatchObject({ status: 1 });

    const pager = await demoStaff('page-edit@example.com', await customRole('頁面編修', ['page.edit']));
    const newPage = await pager.call('press/save?t=3', {
      id: 0,
      title: '新頁',
      content: doc('x'),
      version: 0,
    });
    expect(newPage.status).toBe(403);
    const translate = await pager.call('press/translate?t=3', { id: page.id, translate: false, lang_id: 3 });
    expect(translate.status).toBe(403);
    const edited = await pager.call<SaveReply>('press/save?t=3', {
      id: page.id,
      title: '示範頁面（改）',
      content: doc('改'),
      version: 1,
    });
    expect(ok(edited).version).toBe(2);
    expect((await pager.call('press/publish?t=3', { id: page.id, mode: -1 })).status).toBe(403);
    expect((await pager.call('press/list?t=1', {})).status).toBe(403);
  });

  it('answers 401 to a signed-out caller for every action', async () => {
    const anon = t.client();
    const before = await snapshot();
    for (const [path, body] of everyAction(post.id, await revisionOf(post.id), 1)) {
      const r = await anon.call(path, body);
      expect(r.status, path).toBe(401);
      expect(r.code, path).toBe(Code.UNAUTHORIZED);
    }
    expect(await snapshot()).toEqual(before);
  });
});
