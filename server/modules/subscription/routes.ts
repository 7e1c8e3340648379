/** `/api/subscription/*` (staff, reader plans) and `<site>/api/reader/subscription/*` (readers on the site). */
import { readerSubscriptionApi, subscriptionApi } from '../../../contract/api/subscription';
import { action } from '../../http/action';
import { getPlan, saveContent, savePlan, setPlanStatus, subscriptionInfo } from './plans';
import { cancelRenewal, changeCard, pay, plansOnSale, readerStatus } from './reader';

export const subscriptionActions = [
  action({
    ...subscriptionApi.info,
    handler: (input, ctx) => subscriptionInfo(ctx.deps.db, ctx.site.id, input.lang_id),
  }),
  action({ ...subscriptionApi.savePlan, handler: (input, ctx) => savePlan(ctx.deps.db, ctx.site.id, input) }),
  action({
    ...subscriptionApi.saveContent,
    handler: (input, ctx) => saveContent(ctx.deps.db, ctx.site.id, input),
  }),
  action({ ...subscriptionApi.get, handler: (input, ctx) => getPlan(ctx.deps.db, ctx.site.id, input.id) }),
  action({
    ...subscriptionApi.status,
    handler: (input, ctx) => setPlanStatus(ctx.deps.db, ctx.site.id, input.id, input.status),
  }),
  action({ ...readerSubscriptionApi.plans, handler: (input, ctx) => plansOnSale(ctx, input.lang_id) }),
  action({ ...readerSubscriptionApi.pay, handler: (input, ctx) => pay(ctx, input) }),
  action({ ...readerSubscriptionApi.status, handler: (input, ctx) => readerStatus(ctx, input.order_number) }),
  action({ ...readerSubscriptionApi.card, handler: (input, ctx) => changeCard(ctx, input) }),
  action({ ...readerSubscriptionApi.cancel, handler: (_input, ctx) => cancelRenewal(ctx) }),
];
