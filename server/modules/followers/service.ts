/**
 * Followers (/follower): `subscribers/list`, `subscribers/export` (CSV of the list's filters) and `subscribers/remove`.
 * Always inside the caller's site; an id of another site is not found (404) and nothing is removed.
 */
import { and, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Follower } from '../../../contract/api/followers';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import type { SiteContext } from '../../http/action';
import { sendCsv, wallStamp } from '../../http/csv';
import { notFound } from '../../http/errors';
import { t } from '../../i18n';
import { followers, readers } from '../readers/schema';
import { listConditions, type QuerySpec, siteTimeZone } from '../tenancy/listQuery';
import { sites } from '../tenancy/schema';

const spec: QuerySpec = {
  filters: {
    id: { in: { ints: true, where: (ids) => inArray(followers.id, ids as number[]) } },
    keyword: { search: (p) => ilike(followers.email, p) },
    email: { search: (p) => ilike(followers.email, p) },
    source: {
      search: (p) => ilike(followers.source, p),
      in: { ints: false, where: (values) => inArray(followers.source, values as string[]) },
    },
  },
  createdAt: followers.createdAt,
  sorts: { id: followers.id, email: followers.email, created_at: followers.createdAt },
  defaultSort: { col: 'created_at', order: 'desc' },
  id: followers.id,
};

/** The member behind a follow: the reader it names, else the site's member with the same address. */
const memberJoin = and(
  eq(readers.siteId, followers.siteId),
  or(eq(readers.id, followers.readerId), and(isNull(followers.readerId), eq(readers.email, followers.email))),
);

const columns = {
  id: followers.id,
  email: followers.email,
  source: followers.source,
  createdAt: followers.createdAt,
  memberId: readers.id,
  memberName: readers.name,
};

type Selected = {
  id: number;
  email: string;
  source: string;
  createdAt: Date;
  memberId: number | null;
  memberName: string | null;
};

const toFollower = (r: Selected): Follower => ({
  id: r.id,
  email: r.email,
  source: r.source,
  created_at: r.createdAt.toISOString(),
  member: r.memberId === null ? null : { id: r.memberId, name: r.memberName ?? '' },
});

async function where(db: Db, siteId: number, query: Pick<ListQuery, 'filters' | 'sort'>) {
  const { conditions, orderBy } = listConditions(spec, query, await siteTimeZone(db, siteId));
  return { where: and(eq(followers.siteId, siteId), ...conditions) as SQL, orderBy };
}

export async function listFollowers(db: Db, siteId: number, query: ListQuery): Promise<ListResult<Follower>> {
  const { where: w, orderBy } = await where(db, siteId, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(followers)
      .leftJoin(readers, memberJoin)
      .where(w)
      .orderBy(...orderBy)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(followers).where(w),
  ]);
  return { rows: rows.map(toFollower), total: Number(total) };
}

/** The most rows one export holds (a site's followers stay far below it). */
const EXPORT_MAX = 200_000;

/** `subscribers/export`: every follower the list's filters keep, in its order, as CSV (UTF-8 with a BOM). */
export async function exportFollowers(ctx: SiteContext, query: ListQuery): Promise<string> {
  const { db } = ctx.deps;
  const [site] = await db.select().from(sites).where(eq(sites.id, ctx.site.id));
  const { where: w, orderBy } = await where(db, site.id, query);
  const rows = await db
    .select(columns)
    .from(followers)
    .leftJoin(readers, memberJoin)
    .where(w)
    .orderBy(...orderBy)
    .limit(EXPORT_MAX);
  return sendCsv(ctx, {
    kind: 'followers',
    site,
    header: ['email', 'source', 'date', 'member'].map((k) => t(ctx.lang, `inbox.followers.csv.${k}`)),
    rows: rows.map((r) => [
      r.email,
      r.source,
      wallStamp(r.createdAt, site.timezone),
      r.memberName ?? (r.memberId ? String(r.memberId) : ''),
    ]),
  });
}

/** `subscribers/remove`: all of them or, when one is not the site's, none (404). */
export async function removeFollowers(db: Db, siteId: number, ids: number[]): Promise<{ ids: number[] }> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(followers)
      .where(and(eq(followers.siteId, siteId), inArray(followers.id, wanted)))
      .returning({ id: followers.id });
    if (removed.length !== wanted.length) {
      // Rolls the removal back: an id of another site, or one already gone, is not found.
      throw notFound();
    }
    return { ids: removed.map((r) => r.id).sort((a, b) => a - b) };
  });
}
