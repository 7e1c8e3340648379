/**
 * `/api/site/*` for the user's own sites: list, get, switch, starting without the wizard, and skipping the dashboard's
 * onboarding.
 */
import { siteApi } from '../../../contract/api/sites';
import { action, type UserContext } from '../../http/action';
import { STAFF_VIEW_HOURS, signToken } from '../../shared/tokens';
import { resolveSite } from '../auth/session';
import { siteById, siteUrl } from '../tenancy/sites';
import { getUserSite, listUserSites, skipOnboarding, startFree, switchSite } from './userSites';

/** Who is asking, and which site their session works on now (the one member/status answers). */
async function viewerOf(ctx: UserContext) {
  const scope = await resolveSite(ctx.deps, ctx);
  return { userId: ctx.user.id, currentId: scope?.id ?? null, lang: ctx.lang };
}

export const siteActions = [
  action({
    ...siteApi.list,
    handler: async (input, ctx) => listUserSites(ctx.deps, await viewerOf(ctx), input.query),
  }),
  action({
    ...siteApi.get,
    handler: async (input, ctx) => getUserSite(ctx.deps, await viewerOf(ctx), input.id),
  }),
  action({
    ...siteApi.switch,
    handler: async (input, ctx) =>
      switchSite(ctx.deps, { ...(await viewerOf(ctx)), sessionId: ctx.session.id }, input.id),
  }),
  action({
    ...siteApi.startFree,
    handler: async (_input, ctx) =>
      startFree(ctx.deps, { ...(await viewerOf(ctx)), sessionId: ctx.session.id }, ctx.user),
  }),
  action({
    ...siteApi.visit,
    handler: async (_input, { deps, site, user }) => {
      const row = await siteById(deps.db, site.id);
      const token = signToken(
        deps.secret,
        { k: 'staff', site: site.id, user: user.id },
        STAFF_VIEW_HOURS * 3600_000,
        deps.now(),
      );
      return { url: `${row ? siteUrl(row, deps.config) : ''}/_staff?token=${token}` };
    },
  }),
  action({
    ...siteApi.skip,
    handler: (_input, ctx) => skipOnboarding(ctx.deps.db, ctx.site.id),
  }),
];
