/**
 * Reader subscription plans, the staff's side (subscription info/save_plan/save_content/get/status): subscription.plan
 * and the membership feature needed (an editor and a site without membership are refused), input bounds, sanitised
 * rich text, another site's plan 404, and info's selling state.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import type { ReaderPlan, SubscriptionInfo } from '../../contract/subscription';
import { readerPlans, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;

const plan = (over: Record<string, unknown> = {}) => ({
  id: 0,
  lang_id: 1,
  price: 150,
  status: 1,
  name: '月訂閱',
  content: '<p>每月閱讀全部文章</p>',
  cover: '',
  func: ['全文閱讀', '電子報'],
  freq: 1,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

describe('subscription info and plans', () => {
  it('answers an empty language with its paywall text row made, not selling', async () => {
    const info = ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 1 }));
    expect(info.list).toEqual([]);
    expect(info.status).toBe(false);
    expect(info.able).toBe(true);
    expect(info.post).toMatchObject({ lang_id: 1, content: '' });
    expect(info.post.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.post.frontend_display_language).toContain(1);
    // The row is made once.
    const again = ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 1 }));
    expect(again.post.id).toBe(info.post.id);
  });

  it('creates, edits, gets and switches a plan; rich text is sanitised', async () => {
    const made = ok(
      await owner.call<ReaderPlan>(
        'subscription/save_plan',
        plan({ content: '<p onclick="x()">好<script>alert(1)</script><a href="javascript:x">連結</a></p>' }),
      ),
    );
    expect(made).toMatchObject({ lang_id: 1, price: 150, status: 1, freq: 1, subscribers: 0 });
    expect(made.content).not.toContain('script');
    expect(made.content).not.toContain('onclick');
    expect(made.content).not.toContain('javascript');
    const edited = ok(
      await owner.call<ReaderPlan>('subscription/save_plan', plan({ id: made.id, price: 300, freq: 12 })),
    );
    expect(edited).toMatchObject({ id: made.id, price: 300, freq: 12 });
    expect(ok(await owner.call<ReaderPlan>('subscription/get', { id: made.id })).price).toBe(300);
    const info = ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 1 }));
    expect(info.list.map((p) => p.id)).toEqual([made.id]);
    expect(info.status).toBe(true);
    // Another language's list is its own.
    expect(ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 2 })).list).toEqual([]);
    const off = ok(await owner.call<ReaderPlan>('subscription/status', { id: made.id, status: 0 }));
    expect(off.status).toBe(0);
    expect(ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 1 })).status).toBe(false);
    ok(await owner.call('subscription/status', { id: made.id, status: 1 }));
  });

  it('saves the paywall text, sanitised', async () => {
    const post = ok(
      await owner.call<SubscriptionInfo['post']>('subscription/save_content', {
        id: 0,
        lang_id: 1,
        content: '<h2>成為會員</h2><p>支持我們<img src=x onerror=alert(1)></p>',
      }),
    );
    expect(post.content).toBe('<h2>成為會員</h2><p>支持我們</p>');
    const info = ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 1 }));
    expect(info.post.content).toBe(post.content);
  });

  it('validates: price 1..20,000,000 whole, freq 1..12, func ≤ 20 of ≤ 100, name required and bounded', async () => {
    expect(fieldErrors(await owner.call('subscription/save_plan', plan({ price: 0 }))).price).toBeTruthy();
    expect(
      fieldErrors(await owner.call('subscription/save_plan', plan({ price: 20_000_001 }))).price,
    ).toBeTruthy();
    expect(fieldErrors(await owner.call('subscription/save_plan', plan({ price: 1.5 }))).price).toBeTruthy();
    expect(fieldErrors(await owner.call('subscription/save_plan', plan({ freq: 13 }))).freq).toBeTruthy();
    expect(fieldErrors(await owner.call('subscription/save_plan', plan({ freq: 0 }))).freq).toBeTruthy();
    expect(
      Object.keys(
        fieldErrors(await owner.call('subscription/save_plan', plan({ func: Array(21).fill('x') }))),
      ).some((k) => k.startsWith('func')),
    ).toBe(true);
    expect(
      fieldErrors(await owner.call('subscription/save_plan', plan({ func: ['x'.repeat(101)] })))['func.0'],
    ).toBeTruthy();
    expect(fieldErrors(await owner.call('subscription/save_plan', plan({ name: '' }))).name).toBeTruthy();
    expect(
      fieldErrors(await owner.call('subscription/save_plan', plan({ name: 'x'.repeat(101) }))).name,
    ).toBeTruthy();
    expect(
      fieldErrors(await owner.call('subscription/save_plan', plan({ lang_id: 9 }))).lang_id,
    ).toBeTruthy();
    expect(fieldErrors(await owner.call('subscription/save_plan', plan({ status: 2 }))).status).toBeTruthy();
    expect(
      fieldErrors(await owner.call('subscription/save_plan', plan({ cover: 'javascript:alert(1)' }))).cover,
    ).toBeTruthy();
    expect(
      fieldErrors(await owner.call('subscription/save_content', { lang_id: 1, content: 'x'.repeat(20_001) }))
        .content,
    ).toBeTruthy();
  });
});

describe('who may', () => {
  it('refuses an editor (no subscription.plan) every call', async () => {
    const editor = await staffOf(t, demoSiteId, 'plans-editor@example.com', ROLE.EDITOR);
    for (const [path, body] of [
      ['subscription/info', { lang_id: 1 }],
      ['subscription/save_plan', plan()],
      ['subscription/save_content', { lang_id: 1, content: 'x' }],
      ['subscription/get', { id: 1 }],
      ['subscription/status', { id: 1, status: 0 }],
    ] as const) {
      const r = await editor.call(path, body);
      expect(r.status, path).toBe(403);
    }
  });

  it('refuses a site whose plan lacks membership', async () => {
    await t.database.db.update(sites).set({ serviceId: 2 }).where(eq(sites.id, demoSiteId));
    try {
      expect((await owner.call('subscription/info', { lang_id: 1 })).status).toBe(403);
      expect((await owner.call('subscription/save_plan', plan())).status).toBe(403);
    } finally {
      await t.database.db.update(sites).set({ serviceId: 4 }).where(eq(sites.id, demoSiteId));
    }
    expect((await owner.call('subscription/info', { lang_id: 1 })).status).toBe(200);
  });

  it("never shows nor changes another site's plan (404)", async () => {
    const other: Client = await register(t, 'other-owner@example.com', 'secret-pass-1', 'Other');
    const site = ok(await other.call<{ id: number }>('site/start_free'));
    const [foreign] = await t.database.db
      .insert(readerPlans)
      .values({ siteId: site.id, name: '別站方案', price: 99, status: 1 })
      .returning();
    expect((await owner.call('subscription/get', { id: foreign.id })).code).toBe(Code.NOT_FOUND);
    expect((await owner.call('subscription/status', { id: foreign.id, status: 0 })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await owner.call('subscription/save_plan', plan({ id: foreign.id }))).code).toBe(Code.NOT_FOUND);
    const info = ok(await owner.call<SubscriptionInfo>('subscription/info', { lang_id: 1 }));
    expect(info.list.map((p) => p.id)).not.toContain(foreign.id);
    const [still] = await t.database.db.select().from(readerPlans).where(eq(readerPlans.id, foreign.id));
    expect(still).toMatchObject({ status: 1, price: 99, name: '別站方案' });
  });
});
