/**
 * The site's own plans: the five of SPEC §9 seeded as rows from contract/plans.ts, and the payment gateway wired into
 * the app (the sandbox's card form answers a prime through the app's own HTTP).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_DISPLAY, PLANS } from '../../contract/plans';
import { SANDBOX_CARDS, SANDBOX_PREFIX } from '../../server/adapters/payment/sandbox';
import { plans } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/testApp';

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
