import { randomUUID } from 'node:crypto';
/**
 * Members through HTTP (/member): the list's filters (tag, plan, status, keyword over name or e-mail, CJK too),
 * sorts, the record with its payments and standing, tags and note, removal (one and bulk), a member added by hand,
 * the CSV export of the current filter, CSV import with its preview (error rows, duplicates, no partial import, a NUL
 * refused naming its line, the member limit), tags in use, site/members; roles without the permission are refused
 * and another site's members are never visible.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { Member, MemberDetail } from '../../contract/entities/member';
import type { ListResult } from '../../contract/list';
import type { ImportPreview, MemberStanding } from '../../contract/members';
import { ROLE } from '../../contract/permissions';
import { overLimits } from '../../server/modules/plans/usage';
import {
  contents,
  epaperSends,
  plans,
  readerPayments,
  readerPlans,
  readerSubscriptions,
  readers,
  roles,
  sites,
} from '../../server/modules/tables';
import { forgetPlans } from '../../server/modules/tenancy/catalogue';
import { addReader } from '../fixtures/readers';
import {
  type Client,
  createTestApp,
  ok,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let otherSiteId: number;
let otherMemberId: number;
const ids: Record<string, number> = {};
let planId: number;

const list = async (query: object = {}, c = owner) =>
  ok(await c.call<ListResult<Member>>('profile/list', { query: { page: 1, size: 100, ...query } }));
const emails = (r: ListResult<Member>) => r.rows.map((m) => m.email);
const expectCode = (r: Reply<unknown>, code: number, status = 200) =>
  expect({ status: r.status, code: r.code }, JSON.stringify(r).slice(0, 400)).toEqual({ status, code });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  const other = await register(t, 'other-owner@example.com');
  const status = await other.call<{ site: { current: { id: number } } }>('member/status');
  otherSiteId = status.data.site.current.id;
  otherMemberId = (
    await addReader(t, otherSiteId, { email: 'secret@other.example', name: '陳秘密', tags: ['VIP'] })
  ).id;

  const db = t.database.db;
  ids.wang = (
    await addReader(t, demoSiteId, { email: 'wang@example.com', name: '王小明', tags: ['VIP', '台北'] })
  ).id;
  ids.lin = (await addReader(t, demoSiteId, { email: 'lin@example.com', name: '林美麗', tags: ['台北'] })).id;
  ids.amy = (
    await addReader(t, demoSiteId, { email: 'amy_50%@example.org', name: 'Amy Chen', epaperOptIn: false })
  ).id;
  ids.zed = (await addReader(t, demoSiteId, { email: 'zed@example.net', name: 'Zed' })).id;
  // Distinct sign-up times, oldest first.
  for (const [i, key] of ['wang', 'lin', 'amy', 'zed'].entries())
    await db
      .update(readers)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
      .where(eq(readers.id, ids[key]));
  const [plan] = await db
    .insert(readerPlans)
    .values({ siteId: demoSiteId, name: '月訂閱', price: 150, status: 1 })
    .returning();
  planId = plan.id;
  await db.insert(readerSubscriptions).values([
    {
      siteId: demoSiteId,
      readerId: ids.wang,
      planId,
      status: 'active',
      periodEnd: new Date(Date.UTC(2026, 11, 1)),
    },
    { siteId: demoSiteId, readerId: ids.lin, planId, status: 'lapsed' },
  ]);
  await db.insert(readerPayments).values({
    siteId: demoSiteId,
    readerId: ids.wang,
    planId,
    orderNumber: 'R20260101000001',
    kind: 'first',
    amount: 150,
    status: 'paid',
    paidAt: new Date(Date.UTC(2026, 0, 1)),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('list', () => {
  it('lists the site’s members newest first with plan, status and opt-in, never another site’s', async () => {
    const r = await list();
    expect(emails(r)).toEqual([
      'zed@example.net',
      'amy_50%@example.org',
      'lin@example.com',
      'wang@example.com',
    ]);
    expect(r.total).toBe(4);
    const wang = r.rows.find((m) => m.id === ids.wang);
    expect(wang).toMatchObject({
      name: '王小明',
      tags: ['VIP', '台北'],
      status: 'paid',
      plan: { id: planId, name: '月訂閱' },
      epaper_opt_in: true,
      meta: { note: '' },
      source: 'signup',
    });
    expect(r.rows.find((m) => m.id === ids.lin)?.status).toBe('lapsed');
    expect(r.rows.find((m) => m.id === ids.amy)).toMatchObject({
      status: 'free',
      plan: null,
      epaper_opt_in: false,
    });
  });

  it('searches name or e-mail, CJK too, with wildcards taken literally', async () => {
    expect(emails(await list({ filters: [{ col: 'keyword', value: '小明', type: 'search' }] }))).toEqual([
      'wang@example.com',
    ]);
    expect(emails(await list({ filters: [{ col: 'keyword', value: '王小明', type: 'search' }] }))).toEqual([
      'wang@example.com',
    ]);
    expect(
      emails(await list({ filters: [{ col: 'keyword', value: 'LIN@EXAMPLE', type: 'search' }] })),
    ).toEqual(['lin@example.com']);
    expect(emails(await list({ filters: [{ col: 'keyword', value: '50%', type: 'search' }] }))).toEqual([
      'amy_50%@example.org',
    ]);
    expect((await list({ filters: [{ col: 'keyword', value: '%', type: 'search' }] })).total).toBe(1);
    expect((await list({ filters: [{ col: 'keyword', value: '陳秘密', type: 'search' }] })).total).toBe(0);
  });

  it('filters by tag, plan, status and opt-in', async () => {
    const by = async (col: string, value: (string | number)[]) =>
      emails(await list({ filters: [{ col, value, type: 'in' }], sort: { col: 'email', order: 'asc' } }));
    expect(await by('tag', ['台北'])).toEqual(['lin@example.com', 'wang@example.com']);
    expect(await by('tag', ['VIP'])).toEqual(['wang@example.com']);
    expect(await by('plan', [planId])).toEqual(['lin@example.com', 'wang@example.com']);
    expect(await by('status', ['paid'])).toEqual(['wang@example.com']);
    expect(await by('status', ['free'])).toEqual(['amy_50%@example.org', 'zed@example.net']);
    expect(await by('status', ['lapsed', 'paid'])).toEqual(['lin@example.com', 'wang@example.com']);
    expect(await by('epaper_opt_in', [0])).toEqual(['amy_50%@example.org']);
    const bad = await owner.call('profile/list', {
      query: { filters: [{ col: 'status', value: ['gold'], type: 'in' }] },
    });
    expectCode(bad, Code.VALIDATION);
    expectCode(
      await owner.call('profile/list', { query: { filters: [{ col: 'note', value: 'x', type: 'search' }] } }),
      Code.VALIDATION,
    );
  });

  it('sorts by name, e-mail, status and sign-up date, and pages', async () => {
    expect(emails(await list({ sort: { col: 'email', order: 'asc' } }))).toEqual([
      'amy_50%@example.org',
      'lin@example.com',
      'wang@example.com',
      'zed@example.net',
    ]);
    expect(emails(await list({ sort: { col: 'created_at', order: 'asc' } }))[0]).toBe('wang@example.com');
    const byStatus = await list({ sort: { col: 'status', order: 'desc' } });
    expect(byStatus.rows.map((m) => m.status)).toEqual(['paid', 'lapsed', 'free', 'free']);
    const byName = await list({ sort: { col: 'name', order: 'asc' } });
    expect(byName.rows[0].name).toBe('Amy Chen');
    const page2 = await list({ size: 3, page: 2 });
    expect(page2.rows).toHaveLength(1);
    expect(page2.total).toBe(4);
    expectCode(
      await owner.call('profile/list', { query: { sort: { col: 'note', order: 'asc' } } }),
      Code.VALIDATION,
    );
  });
});

describe('the record', () => {
  it('answers the member with standing, payments and follow state', async () => {
    const m = ok(await owner.call<MemberDetail>('profile/get', { id: ids.wang }));
    expect(m).toMatchObject({ email: 'wang@example.com', status: 'paid', following: false });
    expect(m.standing).toMatchObject({ status: 'paid', subscription: 'active', plan: { name: '月訂閱' } });
    expect(m.payments).toEqual([
      expect.objectContaining({
        order_number: 'R20260101000001',
        amount: 150,
        status: 'paid',
        plan: '月訂閱',
      }),
    ]);
    expect(m.epapers).toEqual([]);
    const standing = ok(await owner.call<MemberStanding>('profile/roles', { id: ids.wang }));
    expect(standing).toMatchObject({
      status: 'paid',
      period_end: '2026-12-01T00:00:00.000Z',
      epaper_opt_in: true,
    });
  });

  it('sets tags (trimmed, unique, 2–30 characters, 20 at most) and the note', async () => {
    const m = ok(
      await owner.call<MemberDetail>('profile/tags', { id: ids.zed, tags: [' 讀者 ', '讀者', 'Early bird'] }),
    );
    expect(m.tags).toEqual(['讀者', 'Early bird']);
    expectCode(await owner.call('profile/tags', { id: ids.zed, tags: ['x'] }), Code.VALIDATION);
    expectCode(await owner.call('profile/tags', { id: ids.zed, tags: ['a'.repeat(31)] }), Code.VALIDATION);
    expectCode(
      await owner.call('profile/tags', {
        id: ids.zed,
        tags: Array.from({ length: 21 }, (_, i) => `tag${i}`),
      }),
      Code.VALIDATION,
    );
    const noted = ok(await owner.call<MemberDetail>('profile/note', { id: ids.zed, note: '常來信詢問' }));
    expect(noted.meta.note).toBe('常來信詢問');
    expectCode(await owner.call('profile/note', { id: ids.zed, note: 'x'.repeat(2001) }), Code.VALIDATION);
    expect(emails(await list({ filters: [{ col: 'tag', value: ['讀者'], type: 'in' }] }))).toEqual([
      'zed@example.net',
    ]);
    const tags = ok(await owner.call<{ tag: string; count: number }[]>('tags/list'));
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag: '台北', count: 2 },
        { tag: '讀者', count: 1 },
      ]),
    );
    expect(ok(await owner.call('profile/plans'))).toEqual([{ id: planId, name: '月訂閱' }]);
  });
});

describe('another site', () => {
  it('never shows or changes another site’s member', async () => {
    expect(emails(await list())).not.toContain('secret@other.example');
    for (const [path, body] of [
      ['profile/get', { id: otherMemberId }],
      ['profile/roles', { id: otherMemberId }],
      ['profile/tags', { id: otherMemberId, tags: ['hacked'] }],
      ['profile/note', { id: otherMemberId, note: 'hacked' }],
      ['profile/remove', { id: otherMemberId }],
      ['profile/remove', { ids: [ids.zed, otherMemberId] }],
    ] as const)
      expectCode(await owner.call(path, body), Code.NOT_FOUND, 404);
    const [still] = await t.database.db.select().from(readers).where(eq(readers.id, otherMemberId));
    expect(still).toMatchObject({ note: '', tags: ['VIP'] });
    // The bulk remove with a foreign id removed nothing.
    expect(emails(await list())).toContain('zed@example.net');
    const csv = await exportCsv(owner);
    expect(csv.body).not.toContain('secret@other.example');
    const tags = ok(await owner.call<{ tag: string; count: number }[]>('tags/list'));
    expect(tags.find((x) => x.tag === 'VIP')?.count).toBe(1);
  });
});

describe('permissions', () => {
  it('refuses a role without member.view, and the editor role', async () => {
    const [role] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '只看文章', permissions: ['post.view'] })
      .returning();
    const writer = await staffOf(t, demoSiteId, 'writer-m@example.com', role.id);
    const editor = await staffOf(t, demoSiteId, 'editor-m@example.com', ROLE.EDITOR);
    for (const c of [writer, editor]) {
      expectCode(await c.call('profile/list', {}), Code.FORBIDDEN, 403);
      expectCode(await c.call('profile/get', { id: ids.wang }), Code.FORBIDDEN, 403);
      expectCode(await c.call('site/members', {}), Code.FORBIDDEN, 403);
      expectCode(await c.call('profile/tags', { id: ids.wang, tags: ['x1'] }), Code.FORBIDDEN, 403);
      expectCode(await c.call('profile/remove', { id: ids.wang }), Code.FORBIDDEN, 403);
      expect((await exportCsv(c)).statusCode).toBe(403);
    }
    const [viewer] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '看會員', permissions: ['member.view'] })
      .returning();
    const reader = await staffOf(t, demoSiteId, 'viewer-m@example.com', viewer.id);
    expect((await list({}, reader)).total).toBeGreaterThan(0);
    expectCode(await reader.call('profile/note', { id: ids.wang, note: 'x' }), Code.FORBIDDEN, 403);
    expectCode(await reader.call('profile/import', { text: 'email\na@b.co' }), Code.FORBIDDEN, 403);
    expectCode(await reader.call('profile/remove', { id: ids.wang }), Code.FORBIDDEN, 403);
  });
});

async function exportCsv(c: Client, body: object = {}, lang = 'zh-TW') {
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/export',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload: JSON.stringify(body),
  });
}

describe('export', () => {
  it('answers the current filter as CSV with a BOM, translated header and quoting', async () => {
    await t.database.db.update(readers).set({ name: '王, "小明"' }).where(eq(readers.id, ids.wang));
    const res = await exportCsv(owner, {
      query: { filters: [{ col: 'tag', value: ['台北'], type: 'in' }], sort: { col: 'email', order: 'asc' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="members-demo-/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('姓名,電子信箱,簡介,標籤,備註,狀態,方案,訂閱電子報,來源,加入日期');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^林美麗,lin@example\.com,,台北,,已過期,月訂閱,是,網站註冊,2026-01-0\d /);
    expect(lines[2]).toMatch(/^"王, ""小明""",wang@example\.com,,VIP; 台北,,付費,月訂閱,是,網站註冊,/);
    const en = await exportCsv(owner, {}, 'en');
    expect(en.body.slice(1).split('\r\n')[0]).toBe(
      'Name,Email,Intro,Tags,Note,Status,Plan,E-paper,Source,Joined',
    );
    await t.database.db.update(readers).set({ name: '王小明' }).where(eq(readers.id, ids.wang));
  });
});

describe('import', () => {
  const preview = async (text: string) =>
    ok(await owner.call<ImportPreview>('profile/import_preview', { text }));

  it('previews each row: new, update (already a member) or its errors', async () => {
    const p = await preview(
      [
        'email,姓名,標籤,備註',
        'new1@example.com,新會員一,讀者;台中,',
        'not-an-email,壞,,',
        'new1@example.com,重複,,',
        'WANG@example.com,,新標籤,',
        ',沒有信箱,,',
        `long@example.com,${'長'.repeat(51)},,`,
        'tags@example.com,,x,',
      ].join('\r\n'),
    );
    expect(p).toMatchObject({ total: 7, new: 1, update: 1, errors: 5, importable: false });
    expect(p.rows.map((r) => [r.line, r.action, r.errors.map((e) => e.error)])).toEqual([
      [2, 'new', []],
      [3, 'error', ['email']],
      [4, 'error', ['duplicate']],
      [5, 'update', []],
      [6, 'error', ['required']],
      [7, 'error', ['tooLong']],
      [8, 'error', ['tags']],
    ]);
    expect(p.rows[0]).toMatchObject({ email: 'new1@example.com', name: '新會員一', tags: ['讀者', '台中'] });
    expect(p.room).toEqual({ used: 4, limit: 1000 });
  });

  it('imports nothing while any row has an error', async () => {
    const r = await owner.call('profile/import', {
      text: 'email,name\nok1@example.com,One\nbad-address,Two\n',
    });
    expectCode(r, Code.MEMBER_IMPORT_INVALID);
    expect(r.msg).toContain('1');
    expect(r.msg).toContain('未匯入任何資料');
    expect((await list()).total).toBe(4);
  });

  it('refuses unreadable CSV: no email column, an open quote, no rows', async () => {
    for (const text of ['name\n王', 'email\n"a@b.co', 'email\n'])
      expectCode(await owner.call('profile/import_preview', { text }), Code.MEMBER_IMPORT_UNREADABLE);
  });

  it('imports every row in one go (quoted fields, a BOM, an existing member gets the tags) with source import', async () => {
    const text =
      '\uFEFFemail,name,tags,note\r\n"quoted@example.com","陳, 大文","讀者; 台中","第一行\n第二行"\r\nwang@example.com,,新標籤,\r\n';
    const r = ok(await owner.call<{ added: number; updated: number }>('profile/import', { text }));
    expect(r).toEqual({ added: 1, updated: 1 });
    const [q] = await t.database.db.select().from(readers).where(eq(readers.email, 'quoted@example.com'));
    expect(q).toMatchObject({
      siteId: demoSiteId,
      name: '陳, 大文',
      tags: ['讀者', '台中'],
      note: '第一行\n第二行',
      source: 'import',
    });
    const [w] = await t.database.db.select().from(readers).where(eq(readers.id, ids.wang));
    expect(w.tags).toEqual(['VIP', '台北', '新標籤']);
    expect(w.name).toBe('王小明');
  });

  it('refuses a NUL in a file with a field error naming its line, in the caller’s language, and imports nothing', async () => {
    const before = (await list()).total;
    const address = await postCsvFile(
      'profile/import_preview',
      'email,name\nfine@example.com,A\n"a@exa\u0000mple.com",B\n',
    );
    expect(address.code).toBe(Code.VALIDATION);
    expect((address.data as unknown as { errors: Record<string, string> }).errors).toEqual({
      file: '第 3 列含有 NUL 字元，無法匯入，請移除後再試。',
    });
    // A name holding one, on a row that starts on line 2 and runs over two lines (a quoted line break).
    const named = 'email,name,note\nnul@example.com,王\u0000明,"一\n二"\n';
    for (const [lang, words] of [
      ['en', 'Line 2 holds a NUL character'],
      ['ja', '2 行目に NUL 文字'],
    ]) {
      const r = await postCsvFile('profile/import', named, lang);
      expect(r.code).toBe(Code.VALIDATION);
      expect((r.data as unknown as { errors: { file: string } }).errors.file).toContain(words);
    }
    expect((await list()).total).toBe(before);
    // Pasted text is refused before it is read (the action's NUL scan), also with 1001.
    const pasted = await owner.call('profile/import', { text: named });
    expectCode(pasted, Code.VALIDATION);
    expect((await list()).total).toBe(before);
  });

  it('marks an e-mail address holding a control character as an error row', async () => {
    const p = await preview('email\nctl\u0001@example.com\nfine@example.com\n');
    expect(p.rows.map((r) => [r.line, r.action, r.errors.map((e) => e.error)])).toEqual([
      [2, 'error', ['email']],
      [3, 'new', []],
    ]);
  });

  it('takes the CSV as a multipart file too', async () => {
    const boundary = '----members';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="m.csv"',
      'Content-Type: text/csv',
      '',
      'email\nfile1@example.com\n',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/import_preview',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload,
    });
    expect(res.json()).toMatchObject({ code: 1, data: { new: 1, total: 1, importable: true } });
  });
});

async function postCsvFile(path: string, csv: string, lang = 'zh-TW') {
  const boundary = '----members-big';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': lang,
      cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    payload,
  });
  return res.json() as Reply<ImportPreview>;
}

describe('a large file', () => {
  it('previews 10,000 rows, refuses their import over the limit, and refuses a 10,001st row', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `bulk${i}@example.com,會員${i}`);
    const started = Date.now();
    const p = await postCsvFile('profile/import_preview', `email,name\n${rows.join('\n')}\n`);
    expect(p.data).toMatchObject({ total: 10_000, new: 10_000, errors: 0, importable: false });
    expect(Date.now() - started).toBeLessThan(15_000);
    const refused = await postCsvFile('profile/import', `email,name\n${rows.join('\n')}\n`);
    expect(refused.code).toBe(Code.MEMBER_IMPORT_LIMIT);
    expect((await list()).total).toBe(5);
    const tooMany = await postCsvFile(
      'profile/import_preview',
      `email\n${rows.join('\n')}\nlast@example.com\n`,
    );
    expect(tooMany.code).toBe(Code.MEMBER_IMPORT_UNREADABLE);
  });
});

describe('the member limit', () => {
  it('counts members in site/members and plan/change’s over_limits', async () => {
    const room = ok(await owner.call<{ used: number; limit: number }>('site/members'));
    expect(room).toEqual({ used: 5, limit: 1000 });
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [small] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    const over = await overLimits({ db: t.database.db, now: () => t.clock.now } as never, demoSiteId, {
      ...small,
      members: 2,
    } as never);
    expect(over).toEqual(expect.arrayContaining([{ what: 'members', used: 5, limit: 2 }]));

    // Newsletters: this month's e-paper recipients (a send of 30 started now) against a plan of 20.
    const [paper] = await t.database.db
      .insert(contents)
      .values({
        siteId: demoSiteId,
        uuid: randomUUID(),
        type: 4,
        body: { blocks: [] },
        seo: { title: '', content: '' },
      })
      .returning();
    await t.database.db.insert(epaperSends).values({
      siteId: demoSiteId,
      contentId: paper.id,
      audience: { kind: 'all' },
      status: 'done',
      total: 30,
      sent: 30,
      startedAt: new Date(t.clock.now),
    });
    const letters = await overLimits({ db: t.database.db, now: () => t.clock.now } as never, demoSiteId, {
      ...small,
      newsletters: 20,
    } as never);
    expect(letters).toEqual(expect.arrayContaining([{ what: 'newsletters', used: 30, limit: 20 }]));
    await t.database.db.delete(contents).where(eq(contents.id, paper.id));
  });

  it('refuses an import and a hand-made member beyond the limit, importing nothing', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(eq(plans.id, site.serviceId as number));
    await t.database.db.update(plans).set({ members: 6 }).where(eq(plans.id, plan.id));
    forgetPlans();
    try {
      const text = 'email\nlim1@example.com\nlim2@example.com\nwang@example.com\n';
      const p = ok(await owner.call<ImportPreview>('profile/import_preview', { text }));
      expect(p).toMatchObject({
        new: 2,
        update: 1,
        errors: 0,
        importable: false,
        room: { used: 5, limit: 6 },
      });
      const r = await owner.call('profile/import', { text });
      expectCode(r, Code.MEMBER_IMPORT_LIMIT);
      expect(r.msg).toBe('匯入的 2 位新會員超過方案上限（已有 5 / 6 人），未匯入任何資料。');
      expect((await list()).total).toBe(5);

      const added = ok(
        await owner.call<MemberDetail>('profile/save', {
          id: 0,
          email: 'Hand@Example.com',
          name: '手動',
          tags: ['手動'],
        }),
      );
      expect(added).toMatchObject({ email: 'hand@example.com', source: 'staff', tags: ['手動'] });
      expectCode(await owner.call('profile/save', { id: 0, email: 'hand@example.com' }), Code.MEMBER_EXISTS);
      const full = await owner.call('profile/save', { id: 0, email: 'seventh@example.com' });
      expectCode(full, Code.MEMBER_LIMIT);
      expect(full.msg).toContain('6');
    } finally {
      await t.database.db.update(plans).set({ members: plan.members }).where(eq(plans.id, plan.id));
      forgetPlans();
    }
  });
});

describe('remove', () => {
  it('waits while a payment of the member is in flight (19004), removing nobody', async () => {
    const [open] = await t.database.db
      .insert(readerPayments)
      .values({
        siteId: demoSiteId,
        readerId: ids.amy,
        planId,
        orderNumber: 'R-open-payment',
        kind: 'first',
        amount: 150,
        status: 'pending',
      })
      .returning();
    expectCode(await owner.call('profile/remove', { ids: [ids.lin, ids.amy] }), Code.PAYMENT_IN_PROGRESS);
    ok(await owner.call('profile/get', { id: ids.lin }));
    await t.database.db
      .update(readerPayments)
      .set({ status: 'failed' })
      .where(eq(readerPayments.id, open.id));
  });

  it('removes one member, then several, with their subscription and payments', async () => {
    ok(await owner.call('profile/remove', { id: ids.wang }));
    expectCode(await owner.call('profile/get', { id: ids.wang }), Code.NOT_FOUND, 404);
    expect(
      await t.database.db
        .select()
        .from(readerSubscriptions)
        .where(eq(readerSubscriptions.readerId, ids.wang)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(readerPayments).where(eq(readerPayments.readerId, ids.wang)),
    ).toEqual([]);
    const r = ok(await owner.call<{ ids: number[] }>('profile/remove', { ids: [ids.lin, ids.amy] }));
    expect(r.ids.sort()).toEqual([ids.lin, ids.amy].sort());
    expect(emails(await list())).not.toContain('lin@example.com');
    expect((await t.database.db.select().from(readers).where(eq(readers.id, otherMemberId))).length).toBe(1);
  });
});
