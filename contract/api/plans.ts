/**
 * The site's own plan (SPEC §7): the plan cards, the new-site wizard's payment and its retry, the payment window's
 * check, and changing, cancelling and resuming the current site's plan (its owner only).
 */
import { EmptyInput } from '../auth';
import {
  CardInput,
  ChooseInput,
  ForceInput,
  PaymentCheckInput,
  PaymentReply,
  PlanCard,
  PlanChangeInput,
  RetryInput,
  SiteInitInput,
  SubscriptionReply,
} from '../billing';
import { PlanQuote, PlanQuoteInput } from '../discounts';
import { endpoint } from '../endpoint';
import { listResult } from '../list';

const SUBSCRIPTION = 'subscription.plan';

export const planApi = {
  collection: endpoint({
    path: 'service/collection',
    input: EmptyInput,
    output: listResult(PlanCard),
    access: 'public',
    summary: 'The plans on offer, as cards',
  }),
  init: endpoint({
    path: 'site/init',
    input: SiteInitInput,
    output: PaymentReply,
    access: 'user',
    summary: 'Creates a site waiting for its first payment and pays with a card prime',
  }),
  retry: endpoint({
    path: 'site/retry',
    input: RetryInput,
    output: PaymentReply,
    access: 'user',
    summary: "Pays again for the user's site whose first payment failed",
  }),
  choose: endpoint({
    path: 'plan/choose',
    input: ChooseInput,
    output: PaymentReply,
    access: 'site',
    permission: SUBSCRIPTION,
    summary: 'The current site, without an active plan, chooses one and pays',
  }),
  quote: endpoint({
    path: 'plan/quote',
    input: PlanQuoteInput,
    output: PlanQuote,
    access: 'user',
    summary: "A plan's price with a discount code at a first payment, or the code's refusal (19020–19025)",
  }),
  payment: endpoint({
    path: 'site/payment',
    input: PaymentCheckInput,
    output: PaymentReply,
    access: 'user',
    summary: "A payment's outcome, as the gateway reports it",
  }),
  card: endpoint({
    path: 'plan/card',
    input: CardInput,
    output: PaymentReply,
    access: 'site',
    permission: 'subscription.payment',
    summary: "Replaces the current site's card on file; a past_due site's overdue renewal is charged to it",
  }),
  current: endpoint({
    path: 'plan/current',
    input: EmptyInput,
    output: SubscriptionReply,
    access: 'site',
    permission: SUBSCRIPTION,
    summary: "The current site's subscription",
  }),
  change: endpoint({
    path: 'plan/change',
    input: PlanChangeInput,
    output: SubscriptionReply,
    access: 'site',
    permission: SUBSCRIPTION,
    summary: "Changes the current site's plan, once a month (19001)",
  }),
  unsubscribe: endpoint({
    path: 'plan/unsubscribe',
    input: ForceInput,
    output: SubscriptionReply,
    access: 'site',
    permission: SUBSCRIPTION,
    summary: 'Ends the subscription at the end of its period',
  }),
  subscribe: endpoint({
    path: 'plan/subscribe',
    input: ForceInput,
    output: SubscriptionReply,
    access: 'site',
    permission: SUBSCRIPTION,
    summary: 'Takes back a cancellation before the period ends',
  }),
};
