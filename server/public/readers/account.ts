/**
 * The readers' `/account` page (template `account`). Its object `account` is null when nobody is signed in (the
 * template then shows the sign-in form), else the signed-in reader's AccountObject (workers/objects.ts): name, e-mail,
 * e-paper opt-in, whether they follow the site, member since, their subscription (plan, status, period end, the card
 * on file and the card change: server/modules/subscription/readerCard.ts) and their payments, newest first.
 */
import { and, desc, eq } from 'drizzle-orm';
import { localeOfLanguage, t } from '../../i18n';
import { isFollowing } from '../../modules/readers/account';
import { readerPayments, readerPlans, readerSubscriptions, readers } from '../../modules/readers/schema';
import type { AccountObject } from '../../workers/objects';
import { displayDate } from '../content/dates';
import type { ReaderPageBuilder } from './types';

/** A plan the reader pays for (in its grace after a failed renewal too): cancellable, its card changeable. */
const paying = (status: string) => status === 'active' || status === 'past_due';

/** Payments listed on the page (the newest). */
const PAYMENTS_SHOWN = 50;

export const accountPage: ReaderPageBuilder = async (deps, input, at) => {
  const title = t(localeOfLanguage(at.locale), 'readers.page.account');
  const signedIn = input.reader;
  if (!signedIn) return { title, objects: { account: null } };
  const siteId = input.site.id;
  const date = (d: Date | null) => displayDate(d, at.timeZone, at.locale);
  const [[me], [sub], payments] = await Promise.all([
    deps.db
      .select()
      .from(readers)
      .where(and(eq(readers.id, signedIn.id), eq(readers.siteId, siteId))),
    deps.db
      .select({ sub: readerSubscriptions, plan: readerPlans })
      .from(readerSubscriptions)
      .innerJoin(readerPlans, eq(readerPlans.id, readerSubscriptions.planId))
      .where(and(eq(readerSubscriptions.readerId, signedIn.id), eq(readerSubscriptions.siteId, siteId))),
    deps.db
      .select()
      .from(readerPayments)
      .where(and(eq(readerPayments.readerId, signedIn.id), eq(readerPayments.siteId, siteId)))
      .orderBy(desc(readerPayments.createdAt), desc(readerPayments.id))
      .limit(PAYMENTS_SHOWN),
  ]);
  if (!me) return { title, objects: { account: null } };
  const account: AccountObject = {
    name: me.name,
    email: me.email,
    epaper_opt_in: me.epaperOptIn,
    following: await isFollowing(deps, siteId, me.email),
    paying: signedIn.paying,
    member_since: me.createdAt.toISOString(),
    member_since_display: date(me.createdAt),
    subscription: sub
      ? {
          plan_name: sub.plan.name,
          price: sub.plan.price,
          status: sub.sub.status,
          period_end: sub.sub.periodEnd?.toISOString() ?? '',
          period_end_display: date(sub.sub.periodEnd),
          cancel_at_period_end: sub.sub.cancelAtPeriodEnd,
          cancellable: paying(sub.sub.status) && !sub.sub.cancelAtPeriodEnd,
          card_last_four: sub.sub.card?.lastFour ?? '',
          card_expiry: sub.sub.card?.expiry ?? '',
          card_changeable: paying(sub.sub.status),
          // The card form trades the card for a prime at the sandbox's endpoint (as /subscribe does).
          card_prime: deps.config.payment.gateway === 'sandbox' ? '/sandbox-gateway/prime' : '',
          overdue: sub.sub.status === 'past_due' ? sub.plan.price : 0,
        }
      : null,
    payments: payments.map((p) => ({
      order_number: p.orderNumber,
      amount: p.amount,
      status: p.status,
      kind: p.kind,
      date: (p.paidAt ?? p.createdAt).toISOString(),
      date_display: date(p.paidAt ?? p.createdAt),
    })),
  };
  return { title, objects: { account } };
};
