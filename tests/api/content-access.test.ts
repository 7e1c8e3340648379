import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentRow, RevisionRow, SaveReply } from '../../contract/content';
import type { ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import type { Session } from '../../contract/session';
import { authors, contentAuthors, contentRevisions, contents } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  customRole,
  OWNER,
  ok,
  type Reply,
  register,
  staffOf,
  type TestApp,
  userIdOf,
} from '../fixtures/testApp';

const doc = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

let t: TestApp;
let owner: Client;
let demoSiteId: number;

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

/** The demo site's author linked to the account `userId`, made when there is none. */
async function authorOf(userId: number): Promise<number> {
  const db = t.database.db;
  await db
    .insert(authors)
    .values({ siteId: demoSiteId, name: `author of ${userId}`, memberId: userId })
    .onConflictDoNothing();
  const [author] = await db
    .select()
    .from(authors)
    .where(and(eq(authors.siteId, demoSiteId), eq(authors.memberId, userId)));
  return author.id;
}

/** Makes the account `userId` an author (linked to it) of the items. */
async function linkAuthor(userId: number, itemIds: number[]) {
  const authorId = await authorOf(userId);
  await t.database.db
    .insert(contentAuthors)
    .values(itemIds.map((contentId) => ({ contentId, authorId, sort: 9 })));
}

let post: SaveReply;
let page: SaveReply;
let paper: SaveReply;
const revisionOf = async (id: number) =>
  ok(await owner.call<{ rows: RevisionRow[] }>('press/history', { id })).rows[0].id;

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

  it('lets a role with post.view only read the posts and e-papers they author, and refuses everything else with 403', async () => {
    const shop = await demoStaff('shop@example.com', await customRole(t, demoSiteId, '唯讀', ['post.view']));
    // post.view alone shows one's own items: an author linked to the account makes these theirs.
    await linkAuthor(await userIdOf(t, 'shop@example.com'), [post.id, paper.id, page.id]);
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
          if (actionOf(path) === 'list') expect((r.data as ListResult<ContentRow>).total, label).toBe(1);
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
      await customRole(t, demoSiteId, '撰稿', ['post.view', 'post.edit']),
    );
    const mine = await create(writer, '撰稿的文章');
    const del = await writer.call('press/publish?t=1', { id: mine.id, mode: -1 });
    expect(del.status).toBe(403);
    expect(ok(await writer.call('press/publish?t=1', { id: mine.id, mode: 1 }))).toMatchObject({ status: 1 });
    expect(ok(await writer.call('press/get?t=1', { id: mine.id }))).toMatchObject({ status: 1 });

    // post.view_all: the page was written by someone else.
    const pager = await demoStaff(
      'page-edit@example.com',
      await customRole(t, demoSiteId, '頁面編修', ['page.edit', 'post.view_all']),
    );
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

describe('what a role sees: post.view (own items), post.view_site (and live ones), post.view_all (everything)', () => {
  const WRITER = ['post.view', 'post.edit', 'post.delete', 'page.add', 'page.edit', 'page.delete'];
  const TYPES = [1, 3, 4] as const;
  type Kind = 'draft' | 'published' | 'scheduled' | 'authored' | 'mine';
  /** Per type: the owner's draft, published and scheduled items, a draft the `own` writer is an author of, and
   * the `own` writer's own draft; all titled 視野… */
  const items: Record<number, Record<Kind, number>> = {};
  let own: Client;
  let site: Client;
  let all: Client;

  const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();
  const titleOf = (type: number, kind: Kind) => `視野${kind}${type}`;
  const expected = (type: number, kinds: Kind[]) => kinds.map((k) => titleOf(type, k)).sort();
  const sees: [string, () => Client, Kind[]][] = [
    ['post.view', () => own, ['authored', 'mine']],
    ['post.view_site', () => site, ['published', 'scheduled']],
    ['post.view_all', () => all, ['draft', 'published', 'scheduled', 'authored', 'mine']],
  ];

  beforeAll(async () => {
    own = await demoStaff('sight-own@example.com', await customRole(t, demoSiteId, '只看自己的', WRITER));
    site = await demoStaff(
      'sight-site@example.com',
      await customRole(t, demoSiteId, '看同站的', [...WRITER, 'post.view_site']),
    );
    all = await demoStaff(
      'sight-all@example.com',
      await customRole(t, demoSiteId, '看全部的', [...WRITER, 'post.view_all']),
    );
    const ownAuthor = await authorOf(await userIdOf(t, 'sight-own@example.com'));
    for (const type of TYPES) {
      const made = async (kind: Kind, by = owner, author: number[] = []) =>
        ok(
          await by.call<SaveReply>(`press/save?t=${type}`, {
            id: 0,
            title: titleOf(type, kind),
            content: doc(kind),
            version: 0,
            author,
          }),
        ).id;
      const published = await made('published');
      ok(await owner.call(`press/publish?t=${type}`, { id: published, mode: 1 }));
      const scheduled = await made('scheduled');
      ok(
        await owner.call(`press/publish?t=${type}`, {
          id: scheduled,
          mode: 2,
          date: '2099-01-01',
          time: '09:00',
        }),
      );
      items[type] = {
        draft: await made('draft'),
        published,
        scheduled,
        authored: await made('authored', owner, [ownAuthor]),
        mine: await made('mine', own),
      };
    }
  });

  for (const [permission, caller, kinds] of sees) {
    it(`${permission}: lists, keyword search and the related-items search show exactly what it sees`, async () => {
      for (const type of TYPES) {
        const keyword = await caller().call<ListResult<ContentRow>>(`press/list?t=${type}`, {
          query: { size: 100, filters: [{ col: 'keyword', value: '視野', type: 'search' }] },
        });
        expect(titles(ok(keyword).rows), `list ${type}`).toEqual(expected(type, kinds));
        expect(ok(keyword).total).toBe(kinds.length);
        const byId = await caller().call<ListResult<ContentRow>>(`press/list?t=${type}`, {
          query: { size: 100, filters: [{ col: 'id', value: Object.values(items[type]), type: 'in' }] },
        });
        expect(titles(ok(byId).rows), `list by id ${type}`).toEqual(expected(type, kinds));
        const search = await caller().call<{ title: string }[]>(`press/search?t=${type}`, { query: '視野' });
        expect(titles(ok(search)), `search ${type}`).toEqual(expected(type, kinds));
      }
    });
  }

  it('post.view: every action on an item out of sight is 404 (as for another site), and changes nothing', async () => {
    const before = await snapshot();
    for (const type of TYPES) {
      for (const kind of ['draft', 'published', 'scheduled'] as const) {
        const id = items[type][kind];
        for (const [path, body] of everyAction(id, await revisionOf(id), type)) {
          const label = `${kind} ${path}`;
          if (path.startsWith('press/list') || path.startsWith('press/search') || body.id === 0) continue;
          const r = await own.call(path, body);
          // Reordering needs post.view_all whatever the ids.
          if (path.startsWith('press/sorter')) expect(r.status, label).toBe(403);
          else
            expect({ status: r.status, code: r.code }, label).toEqual({ status: 404, code: Code.NOT_FOUND });
        }
        // Without ?t= too.
        expect((await own.call('press/history', { id })).status).toBe(404);
        // Nor may a language be added to it (a new item sharing its uuid).
        const { uuid } = ok(await owner.call<{ uuid: string }>(`press/get?t=${type}`, { id }));
        const copy = await own.call(`press/save?t=${type}`, {
          id: 0,
          uuid,
          lang_id: 4,
          title: 'そと',
          content: doc('x'),
          version: 0,
        });
        expect({ status: copy.status, code: copy.code }, `${kind} new language`).toEqual({
          status: 404,
          code: Code.NOT_FOUND,
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('post.view: acts on its own items and those it is an author of', async () => {
    for (const type of TYPES) {
      for (const kind of ['mine', 'authored'] as const) {
        const id = items[type][kind];
        const item = ok(await own.call<{ title: string; version: number }>(`press/get?t=${type}`, { id }));
        expect(item.title).toBe(titleOf(type, kind));
        const saved = await own.call<SaveReply>(`press/save?t=${type}`, {
          id,
          title: titleOf(type, kind),
          content: doc('改過'),
          version: item.version,
        });
        expect(ok(saved).version).toBe(item.version + 1);
        expect(
          ok(await own.call<{ rows: RevisionRow[] }>('press/history', { id })).rows.length,
        ).toBeGreaterThan(0);
      }
      if (type === 1) {
        expect(ok(await own.call('press/pin?t=1', { id: items[1].mine }))).toMatchObject({ to_top: true });
        expect(ok(await own.call('press/unpin?t=1', { id: items[1].mine }))).toMatchObject({ to_top: false });
      }
    }
  });

  it('post.view_site: acts on others’ published and scheduled items, not on their drafts; a schedule cancelled goes out of sight', async () => {
    for (const type of TYPES) {
      const published = ok(
        await site.call<{ version: number }>(`press/get?t=${type}`, { id: items[type].published }),
      );
      const saved = await site.call<SaveReply>(`press/save?t=${type}`, {
        id: items[type].published,
        title: titleOf(type, 'published'),
        content: doc('同站改過'),
        version: published.version,
      });
      expect(ok(saved).is_draft_changed).toBe(true);
      expect((await site.call(`press/get?t=${type}`, { id: items[type].draft })).status).toBe(404);
      expect((await site.call(`press/get?t=${type}`, { id: items[type].mine })).status).toBe(404);
      const draftSave = await site.call(`press/save?t=${type}`, {
        id: items[type].draft,
        title: '偷改',
        content: doc('偷改'),
        version: 1,
        force: true,
      });
      expect(draftSave.status).toBe(404);
      expect((await site.call(`press/publish?t=${type}`, { id: items[type].draft, mode: -1 })).status).toBe(
        404,
      );
    }
    const scheduled = items[1].scheduled;
    expect(ok(await site.call('press/get?t=1', { id: scheduled }))).toMatchObject({ status: 2 });
    ok(await owner.call('press/publish?t=1', { id: scheduled, mode: 0 }));
    expect((await site.call('press/get?t=1', { id: scheduled })).status).toBe(404);
    expect((await site.call('press/pin?t=1', { id: scheduled })).status).toBe(404);
    // Back on schedule: in sight again.
    ok(await owner.call('press/publish?t=1', { id: scheduled, mode: 2, date: '2099-01-01', time: '09:00' }));
    expect(ok(await site.call('press/get?t=1', { id: scheduled }))).toMatchObject({ status: 2 });
  });

  it('reordering the pinned items needs post.view_all (it reorders the whole list)', async () => {
    const ids = [items[1].published, items[1].scheduled];
    for (const c of [own, site]) {
      const r = await c.call('press/sorter?t=1', { ids });
      expect({ status: r.status, code: r.code }).toEqual({ status: 403, code: Code.FORBIDDEN });
    }
    // Even one's own item: the order is the list's.
    expect((await own.call('press/sorter?t=1', { ids: [items[1].mine] })).status).toBe(403);
    const sorted = ok(await all.call<{ id: number; pin_order: number }[]>('press/sorter?t=1', { ids }));
    expect(sorted.map((r) => r.id)).toEqual(ids);
  });

  it('post.view_all, and the built-in 編輯 and the owner who hold it, act on others’ drafts', async () => {
    const editor = await demoStaff('sight-editor@example.com', ROLE.EDITOR);
    for (const c of [all, editor, owner]) {
      for (const type of TYPES) {
        expect(ok(await c.call(`press/get?t=${type}`, { id: items[type].mine }))).toMatchObject({
          title: titleOf(type, 'mine'),
        });
      }
    }
    expect(ok(await all.call('press/publish?t=4', { id: items[4].draft, mode: -1 }))).toMatchObject({
      status: -1,
    });
  });
});
