/**
 * What every database needs (the built-in roles, the shared signing secret) and, on an empty database, the demo
 * site with its owner. Safe when several instances start at once: the work runs under an advisory lock.
 */

import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { DONATION_CODE_DEFAULT } from '../contract/invoice';
import { ROLE } from '../contract/permissions';
import { PLAN_DISPLAY, PLANS } from '../contract/plans';
import { slugify } from '../contract/slug';
import { SANDBOX_KEPT_CARD } from './adapters/payment/sandbox';
import { appKv } from './db/appTables';
import type { Db } from './db/client';
import { t } from './i18n';
import { generatePassword, hashPassword } from './modules/auth/passwords';
import { categories, tags } from './modules/content/schema';
import { seedDemoMenu } from './modules/menus/defaults';
import { periodEnd } from './modules/plans/payments';
import { paymentCards, payments, siteSubscriptions } from './modules/plans/schema';
import { createSite } from './modules/sites/service';
import { plans, roles, users } from './modules/tenancy/schema';

const SEED_LOCK = 7_240_012;
const DEMO_PLAN = 4;

/**
 * The demo site's card on file, in the sandbox's style (never a card number): renewals and upgrades charge it. The
 * sandbox gateway knows it from its start; with a real gateway it is refused, and the demo pays again like anyone.
 */
export const SEED_DEMO_CARD = SANDBOX_KEPT_CARD;

export interface SeededOwner {
  email: string;
  /** Only when it was generated here, to be printed once. */
  generatedPassword?: string;
}

async function ensureBuiltinRoles(db: Db) {
  for (const id of Object.values(ROLE)) {
    await db
      .insert(roles)
      .values({ id, name: t('zh-TW', `roles.${id}`), builtin: true, permissions: [] })
      .onConflictDoNothing();
  }
  // Custom roles are numbered after the reserved built-in range.
  await db.execute(sql`SELECT setval('roles_id_seq', GREATEST((SELECT max(id) FROM roles), 100))`);
}

/** The five plans of SPEC §9 from contract/plans.ts; rows already there (perhaps edited by an operator) stay. */
async function ensurePlans(db: Db) {
  await db
    .insert(plans)
    .values(
      PLANS.map((p) => {
        const display = PLAN_DISPLAY[p.id];
        return {
          id: p.id,
          nameTw: display?.name.tw ?? p.name,
          nameEn: display?.name.en ?? p.name,
          price: p.price,
          members: p.members,
          staffCount: p.staffCount,
          historyCount: p.history.count,
          historyDays: p.history.days,
          uploadMb: p.uploadMb,
          newsletters: p.newsletters,
          aiPerMonth: p.aiPerMonth,
          features: [...p.features],
          icon: display?.icon ?? '',
          helperTw: display?.helper.tw ?? '',
          helperEn: display?.helper.en ?? '',
          status: display?.offered === false ? 0 : 1,
        };
      }),
    )
    .onConflictDoNothing();
}

/** The secret that signs bot challenges, shared by every instance through the database. */
export async function ensureSecret(db: Db): Promise<string> {
  await db
    .insert(appKv)
    .values({ key: 'secret', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appKv).where(eq(appKv.key, 'secret'));
  return row.value;
}

export async function prepareDatabase(
  db: Db,
  opts: { seed: boolean; adminEmail: string; adminPassword?: string },
): Promise<SeededOwner | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    await ensureBuiltinRoles(tx);
    await ensurePlans(tx);
    if (!opts.seed) return null;
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (Number(n) > 0) return null;

    const generatedPassword = opts.adminPassword ? undefined : generatePassword();
    const password = opts.adminPassword ?? (generatedPassword as string);
    const [owner] = await tx
      .insert(users)
      .values({
        email: opts.adminEmail,
        passwordHash: await hashPassword(password),
        nickname: 'Owner',
        isVerified: true,
      })
      .returning({ id: users.id });
    // The demo site runs on TEAM+ so that every part of the back-office can be tried.
    const site = await createSite(tx, {
      name: t('zh-TW', 'seed.siteName'),
      ownerId: owner.id,
      slug: 'demo',
      serviceId: DEMO_PLAN,
    });
    const demoLabels = (key: string) =>
      t('zh-TW', key)
        .split(',')
        .map((name) => ({
          siteId: site.id,
          name,
          slug: slugify(name),
          langs: [{ lang_id: 1, title: name, cover: '' }],
        }));
    const demoCategories = await tx
      .insert(categories)
      .values(demoLabels('seed.categories').map((c, sort) => ({ ...c, sort })))
      .returning({ id: categories.id, name: categories.name });
    // Its main menu: the home link (made with the site), then 分類 with the first two categories.
    await seedDemoMenu(tx, site.id, demoCategories.sort((a, b) => a.id - b.id).slice(0, 2));
    await tx.insert(tags).values(demoLabels('seed.tags'));
    await seedDemoSubscription(tx, site.id);
    return { email: opts.adminEmail, generatedPassword };
  });
}

/**
 * The demo site's plan, as if paid at seed time: active for a period from now (renewed at its end), the card on
 * file, and that first payment in its history, so that /plan/current shows it and plan/change can be tried.
 */
async function seedDemoSubscription(tx: Db, siteId: number) {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, DEMO_PLAN));
  const now = new Date();
  const end = periodEnd(now);
  await tx.insert(siteSubscriptions).values({
    siteId,
    planId: DEMO_PLAN,
    status: 'active',
    periodStart: now,
    periodEnd: end,
    nextAttemptAt: end,
  });
  await tx.insert(paymentCards).values({ siteId, ...SEED_DEMO_CARD });
  await tx.insert(payments).values({
    siteId,
    orderNumber: `DEMO-${siteId}-${now.getTime().toString(36)}`,
    kind: 'init',
    planId: DEMO_PLAN,
    amount: plan.price,
    status: 'paid',
    invoice: { mode: 'donation', donation: { code: DONATION_CODE_DEFAULT } },
    createdAt: now,
    paidAt: now,
  });
}
