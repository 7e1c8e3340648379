/**
 * The readers' `/subscribe` page: the plans on sale in the page's language, the signed-in reader's subscription, and
 * the card form (themes/default/assets/subscribe.js): the card is traded for a prime at the sandbox gateway's
 * endpoint on the site's own host (only when the sandbox is the gateway), then `reader/subscription/pay` answers the
 * 3-D Secure window's address, which comes back here with `?order_number=`; the script then asks
 * `reader/subscription/status` for that payment's outcome. Its template gets `subscribe` (documented in
 * docs/themes.md terms: plans, reader, subscription, words, api).
 */
import { eq } from 'drizzle-orm';
import { localeOfLanguage, t } from '../../i18n';
import { readerPlans, readerSubscriptions } from '../../modules/readers/schema';
import { offeredPlans } from '../../modules/subscription/offer';
import { publicPath } from '../../shared/paths';
import { sanitizeRichText } from '../../workers/sanitize';
import { displayDate } from '../content/dates';
import type { ReaderPageBuilder } from './types';

const WORDS = [
  'title',
  'intro',
  'choose',
  'none',
  'signIn',
  'cardNumber',
  'expiry',
  'ccv',
  'cardholder',
  'pay',
  'paying',
  'paid',
  'failed',
  'cancel',
] as const;

export const subscribePage: ReaderPageBuilder = async (deps, input, at) => {
  const locale = localeOfLanguage(at.locale);
  const words = Object.fromEntries(WORDS.map((w) => [w, t(locale, `readerSubscribe.${w}`)]));
  const plans = (await offeredPlans(deps.db, at.siteId, at.langId)).map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    price_text: t(locale, 'readerSubscribe.perPeriod', {
      price: p.price.toLocaleString('en-US'),
      freq: p.freq,
    }),
    content: sanitizeRichText(p.content),
    cover: at.media(p.cover),
    func: p.func,
    freq: p.freq,
  }));
  const reader = input.reader ?? null;
  let subscription: Record<string, unknown> | null = null;
  if (reader) {
    const [row] = await deps.db
      .select({
        status: readerSubscriptions.status,
        periodEnd: readerSubscriptions.periodEnd,
        cancelAtPeriodEnd: readerSubscriptions.cancelAtPeriodEnd,
        plan: readerPlans.name,
      })
      .from(readerSubscriptions)
      .innerJoin(readerPlans, eq(readerPlans.id, readerSubscriptions.planId))
      .where(eq(readerSubscriptions.readerId, reader.id));
    if (row) {
      const end = displayDate(row.periodEnd, at.timeZone, at.locale);
      subscription = {
        status: row.status,
        paying: reader.paying,
        plan: row.plan,
        period_end: end,
        cancel_at_period_end: row.cancelAtPeriodEnd,
        text: reader.paying
          ? t(locale, row.cancelAtPeriodEnd ? 'readerSubscribe.cancelled' : 'readerSubscribe.active', {
              plan: row.plan,
              end,
            })
          : '',
      };
    }
  }
  return {
    title: words.title,
    objects: {
      subscribe: {
        plans,
        reader: reader ? { name: reader.name, email: reader.email, paying: reader.paying } : null,
        subscription,
        words,
        signin_url: at.base + publicPath(at.site, 'signin', '', at.langId),
        api: {
          pay: '/api/reader/subscription/pay',
          status: '/api/reader/subscription/status',
          cancel: '/api/reader/subscription/cancel',
          prime: deps.config.payment.gateway === 'sandbox' ? '/sandbox-gateway/prime' : '',
        },
      },
    },
  };
};
