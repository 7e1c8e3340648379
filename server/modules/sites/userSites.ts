/**
 * The signed-in user's own sites (SPEC §2 /site): the list with their role and plan, one site's detail, switching the
 * session's current site, starting without the wizard, and skipping onboarding. A site the user is not staff of does
 * not exist for them (404).
 */
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Locale, localeOr } from '../../../contract/constants';
import { toInt4 } from '../../../contract/fields';
import type { ListQuery, ListResult } from '../../../contract/list';
import {
  BADGE,
  onboardingDone,
  type SkipReply,
  type UserSite,
  type UserSiteDetail,
  userSiteColumns,
} from '../../../contract/sites';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { FieldError, notFound } from '../../http/errors';
import { likePattern } from '../../http/list';
import type { AuthUser } from '../../http/session';
import { t } from '../../i18n';
import { sessions } from '../auth/schema';
import { roleRef } from '../tenancy/roles';
import { plans, roles, siteStaff, sites, users } from '../tenancy/schema';
import { awardBadge, siteById, siteUrl } from '../tenancy/sites';
import { createSite } from './service';

interface Viewer {
  userId: number;
  /** The session's current site. */
  currentId: number | null;
  lang: Locale;
}

type Joined = {
  site: typeof sites.$inferSelect;
  role: typeof roles.$inferSelect;
  /** The site's plan's name (the plans table), null before its first payment. */
  planName: string | null;
};
/** A membership with its site, role and plan name. */
const joined = { site: sites, role: roles, planName: plans.nameEn };

function toUserSite(row: Joined, viewer: Viewer, config: Deps['config']): UserSite {
  const { site, role, planName } = row;
  return {
    id: site.id,
    name: site.name,
    slug: site.slug,
    domain: site.domain,
    url: siteUrl(site, config),
    published: site.published,
    role: roleRef(viewer.lang, role),
    service: site.serviceId !== null && planName !== null ? { id: site.serviceId, name: planName } : null,
    current: site.id === viewer.currentId,
    created_at: site.createdAt.toISOString(),
  };
}

const columns = { id: sites.id, name: sites.name, created_at: sites.createdAt };

/** The list query's filters as conditions; unknown columns and bad ids are field errors, as in listRows. */
function filterConditions(query: ListQuery): SQL[] {
  const conditions: SQL[] = [];
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    if (!userSiteColumns.filter.includes(filter.col)) {
      bad[`query.filters.${i}.col`] = { message: 'validation.format' };
    } else if (filter.type === 'search') {
      const column = columns[filter.col as 'id' | 'name'];
      conditions.push(ilike(sql`${column}::text`, likePattern(String(filter.value))));
    } else {
      const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(toInt4);
      if (values.includes(undefined) || filter.col !== 'id')
        bad[`query.filters.${i}.value`] = { message: 'validation.format' };
      else conditions.push(inArray(sites.id, values as number[]));
    }
  });
  const sort = query.sort?.col ?? 'id';
  if (!userSiteColumns.sort.includes(sort)) bad['query.sort.col'] = { message: 'validation.format' };
  if (Object.keys(bad).length) throw new FieldError(bad);
  return conditions;
}

const ofUser = (userId: number) => eq(siteStaff.userId, userId);

export async function listUserSites(
  deps: Deps,
  viewer: Viewer,
  query: ListQuery,
): Promise<ListResult<UserSite>> {
  const where = and(ofUser(viewer.userId), ...filterConditions(query));
  const sort = query.sort ?? { col: 'id', order: 'asc' };
  const column = columns[sort.col as keyof typeof columns];
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(joined)
      .from(siteStaff)
      .innerJoin(sites, eq(sites.id, siteStaff.siteId))
      .innerJoin(roles, eq(roles.id, siteStaff.roleId))
      .leftJoin(plans, eq(plans.id, sites.serviceId))
      .where(where)
      .orderBy(sort.order === 'asc' ? asc(column) : desc(column), asc(sites.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    deps.db
      .select({ total: count() })
      .from(siteStaff)
      .innerJoin(sites, eq(sites.id, siteStaff.siteId))
      .where(where),
  ]);
  return { rows: rows.map((r) => toUserSite(r, viewer, deps.config)), total: Number(total) };
}

/** The user's membership of a site, or 404 (another user's site is indistinguishable from a missing one). */
async function membership(db: Db, userId: number, siteId: number): Promise<Joined> {
  const [row] = await db
    .select(joined)
    .from(siteStaff)
    .innerJoin(sites, eq(sites.id, siteStaff.siteId))
    .innerJoin(roles, eq(roles.id, siteStaff.roleId))
    .leftJoin(plans, eq(plans.id, sites.serviceId))
    .where(and(ofUser(userId), eq(siteStaff.siteId, siteId)));
  if (!row) throw notFound();
  return row;
}

export async function getUserSite(deps: Deps, viewer: Viewer, siteId: number): Promise<UserSiteDetail> {
  const row = await membership(deps.db, viewer.userId, siteId);
  const [{ staff }] = await deps.db
    .select({ staff: count() })
    .from(siteStaff)
    .where(eq(siteStaff.siteId, siteId));
  const { site } = row;
  return {
    ...toUserSite(row, viewer, deps.config),
    description: site.description,
    logo: site.logo,
    timezone: site.timezone,
    language: site.language,
    staff_count: Number(staff),
    badge: site.badges,
    onboarding_done: onboardingDone(site.badges),
  };
}

/** Makes one of the user's sites the session's current one; member/status then answers it. */
export async function switchSite(
  deps: Deps,
  viewer: Viewer & { sessionId: string },
  siteId: number,
): Promise<UserSite> {
  const row = await membership(deps.db, viewer.userId, siteId);
  await deps.db.update(sessions).set({ siteId }).where(eq(sessions.id, viewer.sessionId));
  return toUserSite(row, { ...viewer, currentId: siteId }, deps.config);
}

/**
 * The wizard skipped for now (site/start_free): the user's personal site without a plan, as registration used to make
 * it, becomes the session's current one. Made only when the user owns no site yet, else their first owned site is
 * answered: never a second free site. The user's row is locked for the check, so two calls at once make one site.
 */
export async function startFree(
  deps: Deps,
  viewer: Viewer & { sessionId: string },
  user: Pick<AuthUser, 'id' | 'nickname' | 'language'>,
): Promise<UserSite> {
  const language = localeOr(user.language, viewer.lang);
  const siteId = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [owned] = await tx
      .select({ id: sites.id })
      .from(sites)
      .innerJoin(siteStaff, and(eq(siteStaff.siteId, sites.id), ofUser(user.id)))
      .where(eq(sites.ownerId, user.id))
      .orderBy(asc(sites.id))
      .limit(1);
    if (owned) return owned.id;
    const site = await createSite(tx, {
      name: t(language, 'seed.personalSite', { name: user.nickname }),
      ownerId: user.id,
      language,
    });
    return site.id;
  });
  return switchSite(deps, viewer, siteId);
}

/** Onboarding skipped: badge 6, after which the dashboard hides the onboarding card. */
export async function skipOnboarding(db: Db, siteId: number): Promise<SkipReply> {
  await awardBadge(db, siteId, BADGE.SKIPPED);
  const badge = (await siteById(db, siteId))?.badges ?? [];
  return { badge, onboarding_done: onboardingDone(badge) };
}
