/**
 * readers.standing (migration 0028): a member's plan and status as the list's filter keys, kept by triggers on
 * reader_subscriptions. After every kind of write — one row and many, each status, a plan changed, a subscription
 * moved to another reader, deleted, its reader deleted — every reader's standing is what status.ts's
 * memberStatusSql and the subscription's plan say, and the list's plan and status filters answer the same members.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../contract/entities/member';
import type { ListResult } from '../../contract/list';
import { MEMBER_STATUSES } from '../../contract/memberConstants';
import { rowsOf } from '../../server/db/client';
import { memberStatusSql } from '../../server/modules/readers/status';
import { readerPlans, readerSubscriptions, readers } from '../../server/modules/tables';
import { addReader } from '../fixtures/readers';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let siteId: number;
const members: number[] = [];
const plans: number[] = [];
const STATUSES = ['pending', 'active', 'past_due', 'lapsed', 'cancelled'] as const;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
  for (let i = 0; i < 8; i++)
    members.push((await addReader(t, siteId, { email: `standing${i}@example.com`, name: `S ${i}` })).id);
  for (const name of ['月訂閱', '年訂閱'])
    plans.push(
      (await t.database.db.insert(readerPlans).values({ siteId, name, price: 100, status: 1 }).returning())[0]
        .id,
    );
});
afterAll(async () => {
  await t?.close();
});

/** Every reader of the site with their standing, and the status and plan their subscription gives them. */
const truth = () =>
  t.database.db
    .select({
      id: readers.id,
      standing: readers.standing,
      status: memberStatusSql,
      plan: readerSubscriptions.planId,
    })
    .from(readers)
    .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id))
    .where(eq(readers.siteId, siteId));

/** Readers whose standing is not the one memberStatusSql and their subscription's plan give, with both. */
async function wrongStandings() {
  return (await truth()).filter((r) => {
    const expected = [...(r.plan === null ? [] : [`plan:${r.plan}`]), `status:${r.status}`];
    return JSON.stringify([...r.standing].sort()) !== JSON.stringify(expected.sort());
  });
}

const listed = async (col: 'plan' | 'status', value: (string | number)[]) =>
  ok(
    await owner.call<ListResult<Member>>('profile/list', {
      query: { page: 1, size: 100, filters: [{ col, value, type: 'in' }] },
    }),
  )
    .rows.map((m) => m.id)
    .sort();

/** The list's filters answer what the subscriptions say, for every plan and status. */
async function filtersAgree() {
  const rows = await truth();
  for (const status of MEMBER_STATUSES)
    expect(await listed('status', [status]), status).toEqual(
      rows
        .filter((r) => r.status === status)
        .map((r) => r.id)
        .sort(),
    );
  for (const plan of plans)
    expect(await listed('plan', [plan]), `plan ${plan}`).toEqual(
      rows
        .filter((r) => r.plan === plan)
        .map((r) => r.id)
        .sort(),
    );
}

describe('member standing', () => {
  it('is free without a subscription, and follows each one written, changed, moved and deleted', async () => {
    const db = t.database.db;
    expect(await wrongStandings()).toEqual([]);
    // One statement writing five subscriptions, one in each status.
    await db
      .insert(readerSubscriptions)
      .values(STATUSES.map((status, i) => ({ siteId, readerId: members[i], planId: plans[i % 2], status })));
    expect(await wrongStandings()).toEqual([]);
    await filtersAgree();
    // Each subscription through every status in turn, one row at a time.
    for (const [i, status] of STATUSES.entries()) {
      await db
        .update(readerSubscriptions)
        .set({ status: STATUSES[(i + 2) % STATUSES.length] })
        .where(eq(readerSubscriptions.readerId, members[i]));
      expect(await wrongStandings(), status).toEqual([]);
    }
    // Many rows at once: every plan changed, every status set.
    await db.execute(sql`UPDATE reader_subscriptions SET plan_id = ${plans[1]}, status = 'active'
      WHERE site_id = ${siteId}`);
    expect(await wrongStandings()).toEqual([]);
    await filtersAgree();
    // A write that changes neither leaves the rows as they are.
    await db.execute(
      sql`UPDATE reader_subscriptions SET renew_attempts = renew_attempts + 1 WHERE site_id = ${siteId}`,
    );
    expect(await wrongStandings()).toEqual([]);
    // A subscription moved to a reader who had none: the first is free again, the second takes it.
    await db
      .update(readerSubscriptions)
      .set({ readerId: members[6] })
      .where(eq(readerSubscriptions.readerId, members[0]));
    expect(await wrongStandings()).toEqual([]);
    // Deleted: one, then several.
    await db.delete(readerSubscriptions).where(eq(readerSubscriptions.readerId, members[1]));
    expect(await wrongStandings()).toEqual([]);
    await db
      .delete(readerSubscriptions)
      .where(inArray(readerSubscriptions.readerId, [members[2], members[3]]));
    expect(await wrongStandings()).toEqual([]);
    await filtersAgree();
    // A member removed with their subscription (the cascade) leaves the others right.
    ok(await owner.call('profile/remove', { id: members[6] }));
    expect(rowsOf(await db.execute(sql`SELECT 1 FROM readers WHERE id = ${members[6]}`))).toEqual([]);
    expect(await wrongStandings()).toEqual([]);
    await filtersAgree();
  });
});
