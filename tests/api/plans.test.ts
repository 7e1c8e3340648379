/**
 * The site's own plans: the five of SPEC §9 seeded as rows from contract/plans.ts, and the payment gateway wired into
 * the app (the sandbox's card form answers a prime through the app's own HTTP).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { ROLE } from '../../contract/permissions';
import { PLAN_DISPLAY, PLANS } from '../../contract/plans';
import type { Session } from '../../contract/session';
import { SANDBOX_CARDS, SANDBOX_PREFIX } from '../../server/adapters/payment/sandbox';
import { changePlan, parsePlanChanges, planLine } from '../../server/modules/plans/operator';
import { plans, sites } from '../../server/modules/tables';
import { forgetPlans } from '../../server/modules/tenancy/catalogue';
import { createTestApp, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('plans', () => {
  it('seeds the five plans of SPEC §9 with their limits; internal is not for sale', async () => {
    const rows = await t.database.db.select().from(plans).orderBy(asc(plans.id));
    expect(rows.map((r) => [r.id, r.nameEn, r.price, r.members])).toEqual([
      [1, 'internal', 299, 9999],
      [2, 'STARTER', 299, 500],
      [3, 'CREATOR', 799, 1000],
      [4, 'TEAM+', 1599, 1000],
      [5, 'BUSINESS', 6399, 2999],
    ]);
    for (const plan of PLANS) {
      const row = rows.find((r) => r.id === plan.id);
      expect(row).toMatchObject({
        staffCount: plan.staffCount,
        historyCount: plan.history.count,
        historyDays: plan.history.days,
        uploadMb: plan.uploadMb,
        newsletters: plan.newsletters,
        features: [...plan.features],
        helperTw: PLAN_DISPLAY[plan.id].helper.tw,
        status: plan.id === 1 ? 0 : 1,
      });
    }
  });

  it('keeps an operator’s change to a plan when the database is prepared again', async () => {
    await t.database.db.update(plans).set({ price: 349 }).where(eq(plans.id, 2));
    const second = await createTestApp({ shareWith: t });
    try {
      const rows = await t.database.db.select().from(plans).orderBy(asc(plans.id));
      expect(rows.map((r) => r.price)).toEqual([299, 349, 799, 1599, 6399]);
    } finally {
      await second.close();
      await t.database.db.update(plans).set({ price: 299 }).where(eq(plans.id, 2));
    }
  });
});

describe('the operator’s command (npm run plans)', () => {
  it('changes a plan’s price, limits and offer, and the plan cards show it', async () => {
    const parsed = parsePlanChanges([
      'price=899',
      'newsletters=5000',
      'ai_per_month=250',
      'features=membership,shop',
      'offered=no',
    ]);
    if ('error' in parsed) throw new Error(parsed.error);
    const changed = await changePlan(t.database.db, 3, parsed.set);
    expect(changed).toMatchObject({
      price: 899,
      newsletters: 5000,
      aiPerMonth: 250,
      features: ['membership', 'shop'],
      status: 0,
    });
    expect(planLine(changed as NonNullable<typeof changed>)).toContain('price=899');
    expect(planLine(changed as NonNullable<typeof changed>)).toContain('ai_per_month=250');
    const owner = (await signInOwner(t)).owner;
    const cards = await owner.call<{ rows: { id: number }[] }>('service/collection');
    expect(cards.data.rows.map((c) => c.id)).toEqual([2, 4, 5]);

    const back = parsePlanChanges(['price=799', 'newsletters=4000', 'offered=yes']);
    if ('error' in back) throw new Error(back.error);
    await changePlan(t.database.db, 3, { ...back.set, features: [...PLANS[2].features] });
    const again = await owner.call<{ rows: { id: number; price: number }[] }>('service/collection');
    expect(again.data.rows.find((c) => c.id === 3)?.price).toBe(799);
    expect(await changePlan(t.database.db, 99, { price: 1 })).toBeUndefined();
  });

  it('refuses a wrong word and changes nothing', () => {
    expect(parsePlanChanges([])).toHaveProperty('error');
    expect(parsePlanChanges(['prise=1'])).toEqual({ error: expect.stringMatching(/^unknown key "prise"/) });
    expect(parsePlanChanges(['price'])).toEqual({ error: 'price: give a value, price=…' });
    for (const word of [
      'price=-1',
      'price=1.5',
      'price=abc',
      'price=20000001',
      'features=full,bogus',
      'offered=maybe',
    ])
      expect(parsePlanChanges([word]), word).toHaveProperty('error');
    expect(parsePlanChanges([`name_en=${'x'.repeat(100_000)}`])).toHaveProperty('error');
    expect(parsePlanChanges(['members=0', 'helper_tw='])).toEqual({ set: { members: 0, helperTw: '' } });
  });
});

describe('the limits and features in force come from the plans table', () => {
  it('a plan’s staff count and features changed in the database are what the server enforces', async () => {
    const { owner, demoSiteId } = await signInOwner(t);
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, demoSiteId));
    const planId = site.serviceId as number;
    const [before] = await t.database.db.select().from(plans).where(eq(plans.id, planId));
    const seats = await owner.call<{ used: number; limit: number }>('admin/options');
    try {
      // No seat left: the next invitation is refused for want of one.
      await t.database.db.update(plans).set({ staffCount: seats.data.used }).where(eq(plans.id, planId));
      forgetPlans();
      expect((await owner.call('admin/options')).data).toMatchObject({ limit: seats.data.used });
      const refused = await owner.call('member/invite', {
        email: 'one-more@example.com',
        nickname: 'One more',
        roles: ROLE.EDITOR,
      });
      expect(refused.code).toBe(Code.STAFF_LIMIT);
      // Without the `team` feature the staff screens close, and the session says so.
      await t.database.db
        .update(plans)
        .set({ features: before.features.filter((f) => f !== 'team') })
        .where(eq(plans.id, planId));
      forgetPlans();
      expect((await owner.call('admin/options')).status).toBe(403);
      const status = await owner.call<Session>('member/status');
      expect(status.data.site.current?.features).not.toContain('team');
      expect(status.data.site.current?.service).toEqual({ id: planId, name: before.nameEn });
    } finally {
      await t.database.db.update(plans).set(before).where(eq(plans.id, planId));
      forgetPlans();
    }
    expect((await owner.call('admin/options')).data).toMatchObject({ limit: before.staffCount });
  });
});

describe('payment gateway wiring', () => {
  it('serves the sandbox card form: card fields → a prime the app’s gateway accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/prime`,
      payload: { number: SANDBOX_CARDS.success, expiry: '12/30', ccv: '123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prime: expect.any(String) });
  });

  it('refuses a card number that is not one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/prime`,
      payload: { number: '12', expiry: '12/30', ccv: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'number' });
  });
});
