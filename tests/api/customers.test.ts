/**
 * Customer messages (/customer, /customer/{id}) through HTTP: the list (status, CJK keyword over title, sender and
 * e-mail, date range, replies count), `customer/get` by `request_id` or `id` (exactly one) marking the message read,
 * the unread count of the menu badge, marking unread again, replies mailed to the sender (site name and "Re:" in
 * the subject, the original quoted) and kept in the thread, permissions (customer.view / customer.reply: the
 * e-commerce role reads and replies, an editor is refused), and another site's messages never visible, opened nor
 * answered. Rows are made directly in the database, as the public contact form would.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerMessage, CustomerRow } from '../../contract/api/customers';
import { Code } from '../../contract/codes';
import type { Filter, ListResult } from '../../contract/list';
import { ROLE } from '../../contract/permissions';
import { customerMessages, customerReplies, roles } from '../../server/modules/tables';
import { addReader } from '../fixtures/readers';
import {
  type Client,
  createTestApp,
  customRole,
  fieldErrors,
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
let other: Client;
let otherSiteId: number;
const ids: Record<string, number> = {};

const expectCode = (r: Reply<unknown>, code: number, status = 200) => {
  expect({ status: r.status, code: r.code }, JSON.stringify(r)).toEqual({ status, code });
};

async function message(
  siteId: number,
  fields: { title: string; body?: string; name?: string; email: string; at: string; readerId?: number },
) {
  const [row] = await t.database.db
    .insert(customerMessages)
    .values({
      siteId,
      title: fields.title,
      body: fields.body ?? `${fields.title} 的內容`,
      name: fields.name ?? '',
      email: fields.email,
      createdAt: new Date(fields.at),
      readerId: fields.readerId ?? null,
    })
    .returning();
  return row.id;
}

const list = (c: Client, filters: Filter[] = [], extra: Record<string, unknown> = {}) =>
  c.call<ListResult<CustomerRow>>('customer/list', { query: { size: 100, filters, ...extra } });
const titles = (r: Reply<ListResult<CustomerRow>>) => ok(r).rows.map((row) => row.title);
const unread = async (c: Client) => ok(await c.call<{ count: number }>('customer/unread')).count;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  other = await register(t, 'other.owner@example.com');
  const status = await other.call<{ site: { current: { id: number } } }>('member/status');
  otherSiteId = status.data.site.current.id;
  const member = await addReader(t, demoSiteId, { email: 'wang@example.com', name: '王小明' });
  ids.order = await message(demoSiteId, {
    title: '訂單沒有收到',
    body: '我上週訂的雜誌還沒收到。\n請幫忙查詢。',
    name: '王小明',
    email: 'wang@example.com',
    at: '2026-04-01T03:00:00Z',
    readerId: member.id,
  });
  ids.ad = await message(demoSiteId, {
    title: 'Advertising inquiry',
    name: 'Jane Roe',
    email: 'jane@corp.example',
    at: '2026-04-02T03:00:00Z',
  });
  ids.typo = await message(demoSiteId, {
    title: '文章錯字回報',
    name: '林小姐',
    email: 'lin@example.com',
    at: '2026-04-03T17:00:00Z',
  });
  ids.foreign = await message(otherSiteId, {
    title: '別站的訊息',
    email: 'secret@example.com',
    at: '2026-04-02T03:00:00Z',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('customer/list and customer/unread', () => {
  it('lists the site’s messages newest first, all new', async () => {
    const all = ok(await list(owner));
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).toEqual([ids.typo, ids.ad, ids.order]);
    expect(all.rows[2]).toEqual({
      id: ids.order,
      title: '訂單沒有收到',
      name: '王小明',
      email: 'wang@example.com',
      status: 1,
      created_at: '2026-04-01T03:00:00.000Z',
      replies: 0,
    });
    expect(await unread(owner)).toBe(3);
    expect(await unread(other)).toBe(1);
  });

  it('filters by keyword (CJK too), status and date range', async () => {
    expect(titles(await list(owner, [{ col: 'keyword', value: '錯字', type: 'search' }]))).toEqual([
      '文章錯字回報',
    ]);
    expect(titles(await list(owner, [{ col: 'keyword', value: '小明', type: 'search' }]))).toEqual([
      '訂單沒有收到',
    ]);
    expect(titles(await list(owner, [{ col: 'keyword', value: 'CORP.EX', type: 'search' }]))).toEqual([
      'Advertising inquiry',
    ]);
    // Wildcards match literally.
    expect(ok(await list(owner, [{ col: 'keyword', value: '%', type: 'search' }])).total).toBe(0);
    expect(ok(await list(owner, [{ col: 'status', value: [2], type: 'in' }])).total).toBe(0);
    // 2026-04-03T17:00Z is 04-04 01:00 in Taipei.
    expect(
      titles(
        await list(owner, [
          { col: 'from', value: '2026-04-02', type: 'search' },
          { col: 'to', value: '2026-04-03', type: 'search' },
        ]),
      ),
    ).toEqual(['Advertising inquiry']);
    expect(titles(await list(owner, [{ col: 'from', value: '2026-04-04', type: 'search' }]))).toEqual([
      '文章錯字回報',
    ]);
    expectCode(await list(owner, [{ col: 'body', value: 'x', type: 'search' }]), Code.VALIDATION);
    expectCode(await list(owner, [{ col: 'status', value: ['new'], type: 'in' }]), Code.VALIDATION);
  });
});

describe('customer/get', () => {
  it('answers the message by request_id and marks it read; by id too', async () => {
    const got = ok(await owner.call<CustomerMessage>('customer/get', { request_id: ids.order }));
    expect(got).toMatchObject({
      id: ids.order,
      title: '訂單沒有收到',
      body: '我上週訂的雜誌還沒收到。\n請幫忙查詢。',
      status: 2,
      read_by: 'Owner',
      member: { name: '王小明' },
      thread: [],
    });
    expect(got.read_at).toBe(new Date(t.clock.now).toISOString());
    expect(await unread(owner)).toBe(2);
    const row = ok(await list(owner)).rows.find((r) => r.id === ids.order);
    expect(row?.status).toBe(2);
    expect(titles(await list(owner, [{ col: 'status', value: [1], type: 'in' }]))).toEqual([
      '文章錯字回報',
      'Advertising inquiry',
    ]);

    const byId = ok(await owner.call<CustomerMessage>('customer/get', { id: ids.ad }));
    expect(byId).toMatchObject({ id: ids.ad, status: 2, member: null });
    expect(await unread(owner)).toBe(1);
  });

  it('takes exactly one of request_id and id', async () => {
    expect(fieldErrors(await owner.call('customer/get', {}))).toHaveProperty('request_id');
    expect(fieldErrors(await owner.call('customer/get', { request_id: ids.ad, id: ids.ad }))).toHaveProperty(
      'request_id',
    );
    expectCode(await owner.call('customer/get', { request_id: 'x' }), Code.VALIDATION);
    expectCode(await owner.call('customer/get', { request_id: 999999 }), Code.NOT_FOUND, 404);
  });

  it('marks a message unread again, and read', async () => {
    expect(ok(await owner.call<CustomerRow>('customer/status', { id: ids.ad, status: 1 }))).toMatchObject({
      id: ids.ad,
      status: 1,
    });
    expect(await unread(owner)).toBe(2);
    const [row] = await t.database.db.select().from(customerMessages).where(eq(customerMessages.id, ids.ad));
    expect(row).toMatchObject({ status: 1, readAt: null, readBy: null });
    expect(ok(await owner.call<CustomerRow>('customer/status', { id: ids.ad, status: 2 })).status).toBe(2);
    expect(await unread(owner)).toBe(1);
    expectCode(await owner.call('customer/status', { id: ids.ad, status: 3 }), Code.VALIDATION);
  });
});

describe('customer/reply', () => {
  it('mails the sender and keeps the reply in the thread', async () => {
    const before = (await t.flushMail()).length;
    const replied = ok(
      await owner.call<CustomerMessage>('customer/reply', {
        id: ids.typo,
        body: '感謝回報，錯字已經修正。',
      }),
    );
    expect(replied.status).toBe(2);
    expect(replied.replies).toBe(1);
    expect(replied.thread).toEqual([
      {
        id: expect.any(Number),
        body: '感謝回報，錯字已經修正。',
        staff: 'Owner',
        created_at: new Date(t.clock.now).toISOString(),
      },
    ]);
    const mails = (await t.flushMail()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('lin@example.com');
    expect(mails[0].subject).toBe('[範例新聞網] Re: 文章錯字回報');
    expect(mails[0].text).toContain('感謝回報，錯字已經修正。');
    expect(mails[0].text).toContain('> 文章錯字回報');
    expect(mails[0].text).toContain('> 文章錯字回報 的內容');
    expect(mails[0].text.indexOf('感謝回報')).toBeLessThan(mails[0].text.indexOf('> 文章錯字回報'));

    ok(await owner.call('customer/reply', { id: ids.typo, body: '補充：也更新了標題。' }));
    const thread = ok(await owner.call<CustomerMessage>('customer/get', { request_id: ids.typo })).thread;
    expect(thread.map((r) => r.body)).toEqual(['感謝回報，錯字已經修正。', '補充：也更新了標題。']);
    expect(ok(await list(owner)).rows.find((r) => r.id === ids.typo)?.replies).toBe(2);
  });

  it('refuses an empty or too long reply; 5000 characters are sent', async () => {
    const before = (await t.flushMail()).length;
    expect(fieldErrors(await owner.call('customer/reply', { id: ids.ad, body: '  ' }))).toHaveProperty(
      'body',
    );
    expect(
      fieldErrors(await owner.call('customer/reply', { id: ids.ad, body: 'x'.repeat(5001) })),
    ).toHaveProperty('body');
    ok(await owner.call('customer/reply', { id: ids.ad, body: 'y'.repeat(5000) }));
    expect((await t.flushMail()).length).toBe(before + 1);
  });
});

describe('permissions', () => {
  it('lets a role with customer.view and customer.reply read and reply', async () => {
    const shop = await staffOf(
      t,
      demoSiteId,
      'c.shop@example.com',
      await customRole(t, demoSiteId, '客服', ['customer.view', 'customer.reply']),
      '電商小幫手',
    );
    expect(ok(await list(shop)).total).toBe(3);
    expect(await unread(shop)).toBeGreaterThanOrEqual(0);
    ok(await shop.call('customer/status', { id: ids.order, status: 1 }));
    const got = ok(await shop.call<CustomerMessage>('customer/get', { request_id: ids.order }));
    expect(got.read_by).toBe('電商小幫手');
    const replied = ok(
      await shop.call<CustomerMessage>('customer/reply', { id: ids.order, body: '已幫您查詢。' }),
    );
    expect(replied.thread.at(-1)).toMatchObject({ staff: '電商小幫手', body: '已幫您查詢。' });
  });

  it('refuses an editor, and a role without customer.view; customer.view alone cannot reply', async () => {
    const editor = await staffOf(t, demoSiteId, 'c.editor@example.com', ROLE.EDITOR);
    const [members] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '會員管理', permissions: ['member.view', 'member.edit'] })
      .returning();
    const noView = await staffOf(t, demoSiteId, 'c.members@example.com', members.id);
    for (const c of [editor, noView]) {
      expectCode(await list(c), Code.FORBIDDEN, 403);
      expectCode(await c.call('customer/get', { request_id: ids.ad }), Code.FORBIDDEN, 403);
      expectCode(await c.call('customer/unread'), Code.FORBIDDEN, 403);
      expectCode(await c.call('customer/reply', { id: ids.ad, body: 'x' }), Code.FORBIDDEN, 403);
      expectCode(await c.call('customer/status', { id: ids.ad, status: 1 }), Code.FORBIDDEN, 403);
    }
    const [readers] = await t.database.db
      .insert(roles)
      .values({ siteId: demoSiteId, name: '客服檢視', permissions: ['customer.view'] })
      .returning();
    const viewer = await staffOf(t, demoSiteId, 'c.viewer@example.com', readers.id);
    expect(ok(await list(viewer)).total).toBe(3);
    ok(await viewer.call('customer/get', { request_id: ids.ad }));
    expectCode(await viewer.call('customer/reply', { id: ids.ad, body: 'x' }), Code.FORBIDDEN, 403);
    expectCode(await viewer.call('customer/status', { id: ids.ad, status: 1 }), Code.FORBIDDEN, 403);
    expectCode(await t.client().call('customer/list', {}), Code.UNAUTHORIZED, 401);
  });
});

describe('another site', () => {
  it('never shows, opens, marks nor answers another site’s message', async () => {
    expect(titles(await list(other))).toEqual(['別站的訊息']);
    expect(titles(await list(owner))).not.toContain('別站的訊息');
    expect(ok(await list(owner, [{ col: 'id', value: [ids.foreign], type: 'in' }])).total).toBe(0);
    const before = (await t.flushMail()).length;
    expectCode(await owner.call('customer/get', { request_id: ids.foreign }), Code.NOT_FOUND, 404);
    expectCode(await owner.call('customer/get', { id: ids.foreign }), Code.NOT_FOUND, 404);
    expectCode(await owner.call('customer/status', { id: ids.foreign, status: 2 }), Code.NOT_FOUND, 404);
    expectCode(await owner.call('customer/reply', { id: ids.foreign, body: 'hi' }), Code.NOT_FOUND, 404);
    expect((await t.flushMail()).length).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.id, ids.foreign));
    expect(row.status).toBe(1);
    expect(
      await t.database.db.select().from(customerReplies).where(eq(customerReplies.messageId, ids.foreign)),
    ).toEqual([]);
    // And the other site sees nothing of the demo site's.
    expectCode(await other.call('customer/get', { request_id: ids.order }), Code.NOT_FOUND, 404);
    expectCode(await other.call('customer/reply', { id: ids.order, body: 'hi' }), Code.NOT_FOUND, 404);
    expect(await unread(other)).toBe(1);
  });
});
