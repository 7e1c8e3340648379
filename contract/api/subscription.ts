/**
 * Reader subscription plans (SPEC §7 subscription info/save_plan/save_content/get/status): the staff's editor at
 * /subscription, and the readers' calls on the site's own host (`reader/subscription/*`: plans on sale, pay, status,
 * cancel at the period's end).
 *
 * Plain endpoints rather than an entity (contract/entity.ts): the SPEC's calls are one screen's (info answers the
 * plans of a language together with the paywall text and the selling state), there is no list, filter nor delete,
 * and the screen is a custom page of cards with a modal, not a react-admin list and form.
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
import {
  OfferedPlan,
  PlanIdInput,
  PlanStatusInput,
  ReaderCardInput,
  ReaderPayInput,
  ReaderPaymentReply,
  ReaderPlan,
  ReaderPlansInput,
  ReaderStatusInput,
  ReaderStatusReply,
  SaveContentInput,
  SavePlanInput,
  SubscriptionInfo,
  SubscriptionInfoInput,
} from '../subscription';

const staff = { access: 'site', permission: 'subscription.plan', feature: 'membership' } as const;

export const subscriptionApi = {
  info: endpoint({
    path: 'subscription/info',
    input: SubscriptionInfoInput,
    output: SubscriptionInfo,
    ...staff,
    summary: "A language's reader plans, its paywall text and whether the site sells",
  }),
  savePlan: endpoint({
    path: 'subscription/save_plan',
    input: SavePlanInput,
    output: ReaderPlan,
    ...staff,
    summary: 'Creates (id 0) or edits a reader plan',
  }),
  saveContent: endpoint({
    path: 'subscription/save_content',
    input: SaveContentInput,
    output: SubscriptionInfo.shape.post,
    ...staff,
    summary: "Saves a language's paywall text (shown to readers who do not pay)",
  }),
  get: endpoint({
    path: 'subscription/get',
    input: PlanIdInput,
    output: ReaderPlan,
    ...staff,
    summary: 'One reader plan',
  }),
  status: endpoint({
    path: 'subscription/status',
    input: PlanStatusInput,
    output: ReaderPlan,
    ...staff,
    summary: 'Puts a reader plan on sale (1) or takes it off (0)',
  }),
};

export const readerSubscriptionApi = {
  plans: endpoint({
    path: 'reader/subscription/plans',
    input: ReaderPlansInput,
    output: z.object({ rows: z.array(OfferedPlan) }),
    access: 'reader',
    summary: 'The plans on sale in a language',
  }),
  pay: endpoint({
    path: 'reader/subscription/pay',
    input: ReaderPayInput,
    output: ReaderPaymentReply,
    access: 'reader',
    summary: "The signed-in reader's first payment for a plan, with a card prime (3-D Secure)",
  }),
  status: endpoint({
    path: 'reader/subscription/status',
    input: ReaderStatusInput,
    output: ReaderStatusReply,
    access: 'reader',
    summary: "The signed-in reader's subscription (and a payment's outcome, asked of the gateway)",
  }),
  card: endpoint({
    path: 'reader/subscription/card',
    input: ReaderCardInput,
    output: ReaderPaymentReply,
    access: 'reader',
    summary: "Replaces the signed-in reader's card on file; a past_due renewal is charged to it (3-D Secure)",
  }),
  cancel: endpoint({
    path: 'reader/subscription/cancel',
    input: EmptyInput,
    output: ReaderStatusReply,
    access: 'reader',
    summary: 'Stops renewing: the subscription ends at its period end',
  }),
};
