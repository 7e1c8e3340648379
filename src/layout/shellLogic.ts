/**
 * The admin shell's pure decisions: who may stay in the back-office (SPEC §6 non-managing users), what a side-menu
 * item does for this session (open, ask for a plan, or not shown), and which item is the current one. No React here:
 * unit tests import it directly.
 */
import type { PlanCard } from '../../contract/billing';
import { mayAccess, permissionFor, type ResourceAction } from '../../contract/permissions';
import { type Feature, featureFor, hasFeature, RESOURCE_FEATURES } from '../../contract/plans';
import type { Session } from '../../contract/session';

export type ShellDecision =
  | { kind: 'ok' }
  /** Signed in but on no site at all (a new account): the new-site wizard. */
  | { kind: 'no-site' }
  /** Nothing usable here and no other site: the site's own public address. */
  | { kind: 'public'; url: string }
  /** Nothing usable on the current site, but other sites to choose from: /site. */
  | { kind: 'choose-site' }
  /** A platform operator without a site to work on (issue 17): the support screen. */
  | { kind: 'support' };

const SITES_PATH = '/site';
export const SUPPORT_PATH = '/support';
const underSites = (pathname: string) => pathname === SITES_PATH || pathname.startsWith(`${SITES_PATH}/`);

export function shellDecision(session: Session, pathname: string): ShellDecision {
  // Signed out: the authProvider's checkAuth sends the visitor to sign in.
  if (!session.user) return { kind: 'ok' };
  if (session.support) return { kind: 'ok' };
  const current = session.site.current;
  if (session.user.platform_admin && !current)
    return pathname === SUPPORT_PATH ? { kind: 'ok' } : { kind: 'support' };
  // Someone who manages nothing anywhere, but works (or worked) on a site: its public address (SPEC §6).
  if (session.managing === false && session.public_url) return { kind: 'public', url: session.public_url };
  if (!current) return { kind: 'no-site' };
  if (session.user.permissions.length > 0) return { kind: 'ok' };
  // Someone who also works on other sites must be able to reach the switch, or they would be sent away for good.
  if (session.site.list.length > 1) return underSites(pathname) ? { kind: 'ok' } : { kind: 'choose-site' };
  return { kind: 'public', url: current.url };
}

/**
 * `open` when the session may use it; `plan` when the role allows it but the site's plan does not (shown, and a
 * click asks for a plan); `hidden` when the role cannot use it.
 */
export type ItemState = 'open' | 'plan' | 'hidden';

export function itemState(
  user: Pick<NonNullable<Session['user']>, 'permissions' | 'base_permissions'> | null | undefined,
  resource: string,
  action: ResourceAction = 'list',
): ItemState {
  if (!user) return 'hidden';
  if (mayAccess(user.permissions, resource, action)) return 'open';
  if (mayAccess(user.base_permissions, resource, action)) return 'plan';
  return 'hidden';
}

/** What a menu item, route or button does for this session; for `plan`, the feature the site's plan lacks. */
export interface ItemAccess {
  state: ItemState;
  feature?: Feature;
}

/**
 * itemState with the plan's say on resources whose calls need a feature their permission does not name (an entity's
 * declared feature, RESOURCE_FEATURES), and the feature that is missing when the plan is what refuses.
 */
export function itemAccess(
  user: Pick<NonNullable<Session['user']>, 'permissions' | 'base_permissions'> | null | undefined,
  features: readonly Feature[],
  resource: string,
  action: ResourceAction = 'list',
  resourceFeature: Feature | undefined = RESOURCE_FEATURES[resource],
): ItemAccess {
  const state = itemState(user, resource, action);
  const lacks = (f: Feature | undefined): f is Feature => f !== undefined && !hasFeature(features, f);
  if (state === 'open')
    return lacks(resourceFeature) ? { state: 'plan', feature: resourceFeature } : { state };
  if (state === 'hidden' || !user) return { state };
  // The role holds one of the permissions the action takes, and the plan withholds it: that permission's feature.
  const needed = permissionFor(resource, action) ?? [];
  const held = (typeof needed === 'string' ? [needed] : needed).filter((p) =>
    user.base_permissions.includes(p),
  );
  return { state, feature: held.map(featureFor).find(lacks) };
}

/**
 * The cheapest plan on offer that has `feature` (`service/collection`'s cards, the plans table's rows): the one a
 * locked item names. Undefined when no plan on offer has it.
 */
export function lowestPlanWith(cards: readonly PlanCard[], feature?: Feature): PlanCard | undefined {
  return cards
    .filter((card) => !feature || hasFeature(card.features as Feature[], feature))
    .reduce<PlanCard | undefined>(
      (best, card) =>
        !best || card.price < best.price || (card.price === best.price && card.id < best.id) ? card : best,
      undefined,
    );
}

/**
 * The menu item of the current page: the longest item path the location lies under, so that /setting/general
 * marks 一般設定 and not also 設定總覽. The dashboard ('/') is current only on '/'.
 */
export function activePath(pathname: string, paths: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const path of paths) {
    const under = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (under && (!best || path.length > best.length)) best = path;
  }
  return best;
}

/**
 * Whether the payment alert is due: the site's subscription is past due (its last renewal charge failed, the plan
 * still runs while retries are left) and the alert was not shown yet in this browser session. Only the owner reads
 * the subscription, so only the owner is alerted.
 */
export const paymentAlertDue = (status: string | undefined, shown: boolean): boolean =>
  status === 'past_due' && !shown;
