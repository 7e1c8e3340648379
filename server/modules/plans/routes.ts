/** `/api/service/collection`, `/api/site/{init,retry,payment}` and `/api/plan/*`: the site's own plan. */
import { planApi } from '../../../contract/api/plans';
import { settingsApi } from '../../../contract/api/settings';
import { holdsAny } from '../../../contract/permissions';
import { action } from '../../http/action';
import { resolvers } from '../../http/session';
import { checkSlug } from '../settings/service';
import { planCards } from '../tenancy/catalogue';
import { changeCard } from './card';
import { changePlan } from './change';
import * as plans from './service';

export const planActions = [
  action({ ...planApi.collection, handler: (_input, ctx) => planCards(ctx.deps.db) }),
  // The wizard's slug check: its user has no site yet, so no site is excluded (id 0).
  action({ ...settingsApi.checkNew, handler: (input, ctx) => checkSlug(ctx.deps.db, 0, input.slug) }),
  action({ ...planApi.init, handler: (input, ctx) => plans.initSite(ctx.deps, ctx.user.id, input) }),
  action({ ...planApi.retry, handler: (input, ctx) => plans.retry(ctx.deps, ctx.user.id, input) }),
  action({
    ...planApi.choose,
    handler: (input, ctx) => plans.choose(ctx.deps, ctx.user.id, ctx.site.id, input),
  }),
  action({ ...planApi.quote, handler: (input, ctx) => plans.quote(ctx.deps, ctx.user.id, input) }),
  action({
    ...planApi.payment,
    handler: (input, ctx) =>
      plans.paymentStatus(ctx.deps, ctx.user.id, input.order_number, async (siteId) => {
        // The session's current site, with what the caller may do there (as a site action would check).
        const site = await resolvers().site(ctx.deps, ctx);
        return site?.id === siteId && holdsAny(site.permissions, 'subscription.payment');
      }),
  }),
  // Gated by subscription.payment (action() checks it and the site): staff holding it may change the card.
  action({ ...planApi.card, handler: (input, ctx) => changeCard(ctx.deps, ctx.site.id, input) }),
  action({
    ...planApi.current,
    handler: (_input, ctx) => plans.currentSubscription(ctx.deps, ctx.user.id, ctx.site.id),
  }),
  action({
    ...planApi.change,
    handler: (input, ctx) => changePlan(ctx.deps, ctx.user.id, ctx.site.id, input),
  }),
  action({
    ...planApi.unsubscribe,
    handler: (input, ctx) =>
      plans.setCancelAtPeriodEnd(ctx.deps, ctx.user.id, ctx.site.id, true, input.force),
  }),
  action({
    ...planApi.subscribe,
    handler: (input, ctx) =>
      plans.setCancelAtPeriodEnd(ctx.deps, ctx.user.id, ctx.site.id, false, input.force),
  }),
];
