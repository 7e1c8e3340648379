/**
 * Members (/member): the site's readers as staff see them. Every read and change goes through the caller's site: an
 * id of another site's reader answers 404 exactly like one that does not exist.
 */

import {
  type AnyColumn,
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import {
  type Member,
  type MemberDetail,
  type MemberSaveInput,
  member,
} from '../../../contract/entities/member';
import { toInt4 } from '../../../contract/fields';
import type { ListQuery, ListResult } from '../../../contract/list';
import { MEMBER_EXPORT_BATCH, MEMBER_STATUSES, type MemberStatus } from '../../../contract/memberConstants';
import type { MemberStanding } from '../../../contract/members';
import { type Db, rowsOf } from '../../db/client';
import { AppError, FieldError } from '../../http/errors';
import { isoTime } from '../../http/isoTime';
import {
  columnKey,
  exactTotalMax,
  keySelect,
  keysetPage,
  type PageSpec,
  planRows,
  type SortKey,
  sortKey,
} from '../../http/keyset';
import { gramFrequency, gramsMatch, keywordGrams, keywordMatch, rarestGrams } from '../../http/keyword';
import { likePattern } from '../../http/list';
import { contents, epaperSends } from '../content/schema';
import { epaperDeliveries } from '../epaper/schema';
import { assertMemberRoom } from '../readers/limit';
import { assertNoOpenPayment } from '../readers/removal';
import { followers, readerPayments, readerPlans, readerSubscriptions, readers } from '../readers/schema';
import { memberStatusSql } from '../readers/status';

const iso = (d: Date | null | undefined) => (d ? isoTime(d) : null);

/** A reader row with its subscription and plan, as the list and the record read it. */
const memberSelect = {
  reader: readers,
  status: memberStatusSql,
  planId: readerPlans.id,
  planName: readerPlans.name,
  sub: {
    status: readerSubscriptions.status,
    periodEnd: readerSubscriptions.periodEnd,
    cancelAtPeriodEnd: readerSubscriptions.cancelAtPeriodEnd,
  },
};

const fromMembers = (db: Db) =>
  db
    .select(memberSelect)
    .from(readers)
    .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id))
    .leftJoin(readerPlans, eq(readerPlans.id, readerSubscriptions.planId));

type MemberRecord = {
  reader: typeof readers.$inferSelect;
  status: MemberStatus;
  planId: number | null;
  planName: string | null;
  sub: { status: string | null; periodEnd: Date | null; cancelAtPeriodEnd: boolean | null } | null;
};

export function toMember(r: MemberRecord): Member {
  const { reader } = r;
  return {
    id: reader.id,
    name: reader.name,
    email: reader.email,
    intro: reader.intro,
    tags: reader.tags,
    note: reader.note,
    meta: { note: reader.note },
    status: r.status,
    plan: r.planId !== null && r.planName !== null ? { id: r.planId, name: r.planName } : null,
    epaper_opt_in: reader.epaperOptIn,
    source: reader.source,
    created_at: isoTime(reader.createdAt),
  };
}

function standingOf(r: MemberRecord): MemberStanding {
  return {
    id: r.reader.id,
    status: r.status,
    plan: r.planId !== null && r.planName !== null ? { id: r.planId, name: r.planName } : null,
    subscription: r.sub?.status ?? null,
    period_end: iso(r.sub?.periodEnd),
    cancel_at_period_end: r.sub?.cancelAtPeriodEnd ?? false,
    epaper_opt_in: r.reader.epaperOptIn,
    bounced_at: iso(r.reader.bouncedAt),
  };
}

const SORTS: Record<string, SQL | AnyColumn> = {
  id: readers.id,
  created_at: readers.createdAt,
  name: readers.name,
  email: readers.email,
  status: memberStatusSql,
};

/** Members holding any of these keys in their standing (readers.standing: `plan:<id>`, `status:<status>`). */
const standingIn = (keys: string[]) => sql`${readers.standing} && ${sql.param(keys)}::text[]`;

/** How a keyword condition on one column is written (keyword.ts: one bigram, the rarest ones, or a plain ILIKE). */
type KeywordMatch = (column: AnyColumn, keyword: string) => SQL;

/**
 * The list's conditions from its filters (the entity's: id, keyword, tag, plan, status, epaper_opt_in), within the
 * site; unknown columns are field errors.
 */
export function memberConditions(
  siteId: number,
  query: ListQuery,
  match: KeywordMatch = keywordMatch,
): SQL[] {
  const conditions: SQL[] = [eq(readers.siteId, siteId)];
  const bad: FieldError['fields'] = {};
  query.filters.forEach((filter, i) => {
    const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) =>
      typeof v === 'string' ? v.trim() : v,
    );
    const fail = (what: 'col' | 'value') => {
      bad[`query.filters.${i}.${what}`] = { message: 'validation.format' };
    };
    switch (filter.col) {
      case 'id': {
        const ids = values.map((v) => toInt4(v));
        if (ids.includes(undefined)) {
          fail('value');
          return;
        }
        conditions.push(ids.length ? inArray(readers.id, ids as number[]) : sql`false`);
        break;
      }
      case 'keyword': {
        const keyword = String(values[0] ?? '');
        conditions.push(or(match(readers.name, keyword), match(readers.email, keyword)) as SQL);
        break;
      }
      case 'tag':
        conditions.push(values.length ? arrayOverlaps(readers.tags, values.map(String)) : sql`false`);
        break;
      case 'plan': {
        const ids = values.map((v) => toInt4(v));
        if (ids.includes(undefined)) {
          fail('value');
          return;
        }
        conditions.push(ids.length ? standingIn(ids.map((id) => `plan:${id}`)) : sql`false`);
        break;
      }
      case 'status': {
        const statuses = values.map(String);
        if (!statuses.every((s) => (MEMBER_STATUSES as readonly string[]).includes(s))) {
          fail('value');
          return;
        }
        conditions.push(
          statuses.length ? standingIn(statuses.map((status) => `status:${status}`)) : sql`false`,
        );
        break;
      }
      case 'epaper_opt_in': {
        const flags = values.map((v) =>
          v === 1 || v === '1' || v === 'true'
            ? true
            : v === 0 || v === '0' || v === 'false'
              ? false
              : undefined,
        );
        if (flags.includes(undefined)) {
          fail('value');
          return;
        }
        conditions.push(flags.length ? inArray(readers.epaperOptIn, flags as boolean[]) : sql`false`);
        break;
      }
      default:
        fail('col');
    }
  });
  if (query.sort && !(member.columns.sort as readonly string[]).includes(query.sort.col))
    bad['query.sort.col'] = { message: 'validation.format' };
  if (Object.keys(bad).length) throw new FieldError(bad);
  return conditions;
}

function _memberOrder(query: ListQuery): SQL[] {
  const sort = query.sort ?? { col: 'created_at', order: 'desc' as const };
  const column = SORTS[sort.col] ?? readers.createdAt;
  return [
    sort.order === 'asc' ? asc(column) : desc(column),
    sort.order === 'asc' ? asc(readers.id) : desc(readers.id),
  ];
}

/**
 * The list's order as sort keys (the keyset reader's): memberOrder's, the id breaking ties. Its columns are never
 * null, so nulls are placed as readers_site_created_idx (`created_at DESC NULLS LAST, id DESC NULLS LAST`) has them,
 * which PostgreSQL needs to walk that index (forward for descending, backward for ascending) instead of sorting.
 */
function memberKeys(query: ListQuery): SortKey[] {
  const sort = query.sort ?? { col: 'created_at', order: 'desc' as const };
  const column = SORTS[sort.col] ?? readers.createdAt;
  const nulls: 'first' | 'last' = sort.order === 'desc' ? 'last' : 'first';
  const primary =
    column === memberStatusSql
      ? sortKey(memberStatusSql, sort.order, 'text', { nulls })
      : { ...columnKey(column as AnyColumn, sort.order), nulls };
  return [primary, sortKey(readers.id, sort.order, 'int', { nulls })];
}

/** The list's keyword (the first keyword filter's value, trimmed), if any. */
const keywordOf = (query: ListQuery): string | undefined => {
  const filter = query.filters.find((f) => f.col === 'keyword');
  const value = Array.isArray(filter?.value) ? filter.value[0] : filter?.value;
  return filter ? String(value ?? '').trim() : undefined;
};

const plainMatch: KeywordMatch = (column, keyword) => ilike(column, likePattern(keyword));

/** Where the list's page is read among, and how its total is known: what keywordPlan and filterPlan answer. */
type ListPlan = { where: SQL | undefined; total: NonNullable<PageSpec<Member>['total']> };

/**
 * Members under a keyword (issue 31): the planner is asked how many rows the plain ILIKE matches (its histogram
 * sample of the names and addresses). Many: the page walks the list's order with the plain ILIKE and stops at the
 * page (a bigram there would only cost a search_grams call per row walked), the total is that estimate. Few: the
 * rarest bigrams of each column (their statistics) find the rows through the GIN indexes, once (hitsOnce).
 * The hits are the ILIKE's either way.
 */
async function keywordPlan(
  db: Db,
  siteId: number,
  query: ListQuery,
  counted: (where: SQL | undefined) => SQLWrapper,
): Promise<ListPlan> {
  const max = exactTotalMax(query);
  const scan = and(...memberConditions(siteId, query, plainMatch));
  const estimate = await planRows(db, counted(scan));
  if (estimate > max) return { where: scan, total: async () => ({ total: estimate, approximate: true }) };
  const [name, email] = await Promise.all([
    gramFrequency(db, 'readers_name_grams'),
    gramFrequency(db, 'readers_email_grams'),
  ]);
  const match: KeywordMatch = (column, keyword) =>
    gramsMatch(column, keyword, rarestGrams(keyword, column === readers.name ? name : email));
  return hitsOnce(db, siteId, and(...memberConditions(siteId, query, match)), max, estimate);
}

/**
 * Members under filters (tag, plan, status …) and no keyword. The planner's estimate decides, as for a keyword:
 * many, and the page walks the list's order, which meets a hit soon. Few, and the hits are read once (hitsOnce):
 * walking the order for a page of rare hits would read every member before them, and for a combination that meets
 * none (a tag, a plan and a status taken together), all two million of them (the planner takes the filters as
 * independent, so such a walk looks cheap to it).
 */
async function filterPlan(
  db: Db,
  siteId: number,
  query: ListQuery,
  where: SQL | undefined,
  counted: (where: SQL | undefined) => SQLWrapper,
): Promise<ListPlan> {
  const max = exactTotalMax(query);
  const estimate = await planRows(db, counted(where));
  if (estimate > max) return { where, total: async () => ({ total: estimate, approximate: true }) };
  return hitsOnce(db, siteId, where, max, estimate);
}

/**
 * The hits of `where`, read once, in no order (through the indexes the planner picks: the work is there): at most
 * `max` of them are the total, and the page is read among their ids by primary key (the same rows, without that work
 * again). More than `max`: the list walks its order under `where` after all, its total approximate.
 */
async function hitsOnce(
  db: Db,
  siteId: number,
  where: SQL | undefined,
  max: number,
  estimate: number,
): Promise<ListPlan> {
  const hits = await db
    .select({ id: readers.id })
    .from(readers)
    .where(where)
    .limit(max + 1);
  if (hits.length > max)
    return { where, total: async () => ({ total: Math.max(estimate, hits.length), approximate: true }) };
  const ids = hits.map((h) => h.id);
  return {
    where: and(
      eq(readers.siteId, siteId),
      ids.length ? sql`${readers.id} = any(${sql.param(ids)}::int[])` : sql`false`,
    ),
    total: async () => ({ total: ids.length }),
  };
}

/**
 * A page of members: a keyset seek from the caller's cursor, the last page in the reverse order, other pages by an
 * offset over the ids alone (server/http/keyset.ts); the total exact up to LIST_EXACT_TOTAL, else estimated.
 */
export async function listMembers(db: Db, siteId: number, query: ListQuery): Promise<ListResult<Member>> {
  let where = and(...memberConditions(siteId, query));
  const keys = memberKeys(query);
  const joined = <T extends Parameters<Db['select']>[0]>(fields: T) =>
    db
      .select(fields as never)
      .from(readers)
      .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id));
  const counted = (w: SQL | undefined) => joined({ one: sql`1` }).where(w);
  let total: PageSpec<Member>['total'];
  const keyword = keywordOf(query);
  if (keyword && keywordGrams(keyword).length)
    ({ where, total } = await keywordPlan(db, siteId, query, counted));
  else if (query.filters.length) ({ where, total } = await filterPlan(db, siteId, query, where, counted));
  return keysetPage({
    db,
    list: 'readers',
    query,
    keys,
    counted: () => counted(where),
    total,
    fetch: async (extra, order, limit, offset) => {
      const ids =
        offset > 0
          ? inArray(
              readers.id,
              joined({ id: readers.id })
                .where(and(where, extra))
                .orderBy(...order)
                .limit(limit)
                .offset(offset),
            )
          : undefined;
      const records = await db
        .select({ ...memberSelect, key: keySelect(keys) })
        .from(readers)
        .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id))
        .leftJoin(readerPlans, eq(readerPlans.id, readerSubscriptions.planId))
        .where(ids ?? and(where, extra))
        .orderBy(...order)
        .limit(limit);
      return records.map((r) => ({ row: toMember(r as MemberRecord), key: r.key }));
    },
  });
}

/** The sorts a keyset walk continues on (a column and the id); the id sort on the id alone, status by status. */
const KEYSET: Record<string, { column: AnyColumn; type: SQL }> = {
  created_at: { column: readers.createdAt, type: sql`timestamptz` },
  name: { column: readers.name, type: sql`text` },
  email: { column: readers.email, type: sql`text` },
};

/**
 * A member as the CSV export writes it, and no more: the columns it shows, the tags already joined, the joining
 * minute as a number. A 2,000,000-row export reads every row through here; the full record (every reader, subscription
 * and plan column, nested, its tags parsed into an array, its times into Dates) allocated about 6 KB a row, enough
 * that each batch outlived a young-generation collection and was promoted: the first export of a fresh server grew its
 * heap by ~200 MB of such garbage (bench/README.md, "member CSV export").
 */
export interface MemberExportRecord {
  id: number;
  name: string;
  email: string;
  intro: string;
  /** The tags joined by "; ". */
  tags: string;
  note: string;
  status: MemberStatus;
  plan: string | null;
  epaperOptIn: boolean;
  source: string;
  /** created_at in whole minutes since the epoch (the CSV shows minutes). */
  createdMinute: number;
}

/** The export's columns, each named as MemberExportRecord's key: the rows come as PostgreSQL names them. */
const exportSelect = {
  id: readers.id,
  name: readers.name,
  email: readers.email,
  intro: readers.intro,
  tags: sql<string>`array_to_string(${readers.tags}, '; ')`.as('tags'),
  note: readers.note,
  status: memberStatusSql.as('status'),
  plan: sql<string | null>`${readerPlans.name}`.as('plan'),
  epaperOptIn: sql<boolean>`${readers.epaperOptIn}`.as('epaperOptIn'),
  source: readers.source,
  createdMinute: sql<number>`floor(extract(epoch from ${readers.createdAt}) / 60)::int`.as('createdMinute'),
};

/**
 * A batch's rows as the driver answers them (db.execute), not mapped by drizzle: its mapping of a selected row
 * allocates an iterator and an array per column, more garbage than the row itself.
 */
const rowsRead = async <T>(db: Db, query: SQLWrapper) => rowsOf<T>(await db.execute(query));

/**
 * Every member of the filter, in the list's order, by batches (the CSV export, streamed): each batch is one query
 * going on after the last row of the one before on the order's key (keyset), so that no query holds a connection or
 * a transaction while the reply is written (PGlite has one connection), and each is an index walk for the orders an
 * index serves (created_at, id; email and name too). The status order walks each status in turn by id. The filter
 * is checked at the call: a bad one throws there, not in the middle of the file.
 */
export function memberBatches(
  db: Db,
  siteId: number,
  query: ListQuery,
  size = MEMBER_EXPORT_BATCH,
): AsyncGenerator<MemberExportRecord[]> {
  const where = memberConditions(siteId, query);
  const sort = query.sort ?? { col: 'created_at', order: 'desc' as const };
  const asc = sort.order === 'asc';
  const after = (a: SQL | AnyColumn, b: SQL) => (asc ? sql`${a} > ${b}` : sql`${a} < ${b}`);
  const byId = asc ? [readers.id] : [desc(readers.id)];
  const keyed = KEYSET[sort.col];
  // The list's order, written as readers_site_created_idx holds it (DESC NULLS LAST): the columns are never null, so
  // the rows come in the same order, and PostgreSQL walks the index rather than sorting the rest at every batch.
  const keyedOrder = (column: AnyColumn) =>
    asc
      ? [sql`${column} asc nulls first`, sql`${readers.id} asc nulls first`]
      : [sql`${column} desc nulls last`, sql`${readers.id} desc nulls last`];

  const exportRows = (fields: typeof exportSelect & { key?: SQL.Aliased<string> } = exportSelect) =>
    db
      .select(fields)
      .from(readers)
      .leftJoin(readerSubscriptions, eq(readerSubscriptions.readerId, readers.id))
      .leftJoin(readerPlans, eq(readerPlans.id, readerSubscriptions.planId));

  async function* walk(): AsyncGenerator<MemberExportRecord[]> {
    if (keyed) {
      const { column, type } = keyed;
      let last: { key: string; id: number } | undefined;
      for (;;) {
        const records = await rowsRead<MemberExportRecord & { key: string }>(
          db,
          exportRows({ ...exportSelect, key: sql<string>`${column}::text`.as('key') })
            .where(
              and(
                ...where,
                last
                  ? after(sql`(${column}, ${readers.id})`, sql`(cast(${last.key} as ${type}), ${last.id})`)
                  : undefined,
              ),
            )
            .orderBy(...keyedOrder(column))
            .limit(size),
        );
        if (records.length) yield records;
        if (records.length < size) return;
        const end = records[records.length - 1];
        last = { key: end.key, id: end.id };
      }
    }
    // By id alone, or status by status (in the order's direction) and by id within one.
    const statuses = [...MEMBER_STATUSES].sort();
    const parts = sort.col === 'status' ? (asc ? statuses : statuses.reverse()) : [undefined];
    for (const status of parts) {
      let lastId: number | undefined;
      for (;;) {
        const records = await rowsRead<MemberExportRecord>(
          db,
          exportRows()
            .where(
              and(
                ...where,
                status ? standingIn([`status:${status}`]) : undefined,
                lastId === undefined ? undefined : after(readers.id, sql`${lastId}`),
              ),
            )
            .orderBy(...byId)
            .limit(size),
        );
        if (records.length) yield records;
        if (records.length < size) break;
        lastId = records[records.length - 1].id;
      }
    }
  }
  return walk();
}

async function memberRecord(db: Db, siteId: number, id: number): Promise<MemberRecord> {
  const [record] = await fromMembers(db).where(and(eq(readers.siteId, siteId), eq(readers.id, id)));
  if (!record) throw new AppError(Code.NOT_FOUND);
  return record as MemberRecord;
}

export async function getMember(db: Db, siteId: number, id: number): Promise<MemberDetail> {
  const record = await memberRecord(db, siteId, id);
  const [payments, epapers, follow] = await Promise.all([
    db
      .select({ payment: readerPayments, plan: readerPlans.name })
      .from(readerPayments)
      .innerJoin(readerPlans, eq(readerPlans.id, readerPayments.planId))
      .where(and(eq(readerPayments.siteId, siteId), eq(readerPayments.readerId, id)))
      .orderBy(desc(readerPayments.createdAt), desc(readerPayments.id))
      .limit(100),
    db
      .select({
        id: epaperDeliveries.id,
        contentId: epaperSends.contentId,
        title: contents.title,
        status: epaperDeliveries.status,
        sentAt: epaperDeliveries.sentAt,
      })
      .from(epaperDeliveries)
      .innerJoin(epaperSends, eq(epaperSends.id, epaperDeliveries.sendId))
      .innerJoin(contents, eq(contents.id, epaperSends.contentId))
      .where(and(eq(epaperDeliveries.siteId, siteId), eq(epaperDeliveries.readerId, id)))
      .orderBy(desc(epaperDeliveries.id))
      .limit(100),
    db
      .select({ id: followers.id })
      .from(followers)
      .where(
        and(
          eq(followers.siteId, siteId),
          or(eq(followers.readerId, id), eq(followers.email, record.reader.email)),
        ),
      )
      .limit(1),
  ]);
  return {
    ...toMember(record),
    standing: standingOf(record),
    following: follow.length > 0,
    last_seen_at: iso(record.reader.lastSeenAt),
    payments: payments.map(({ payment: p, plan }) => ({
      id: p.id,
      order_number: p.orderNumber,
      plan,
      kind: p.kind,
      amount: p.amount,
      status: p.status,
      created_at: p.createdAt.toISOString(),
      paid_at: iso(p.paidAt),
    })),
    epapers: epapers.map((e) => ({
      id: e.id,
      content_id: e.contentId,
      title: e.title,
      status: e.status,
      sent_at: iso(e.sentAt),
    })),
  };
}

export async function memberStanding(db: Db, siteId: number, id: number): Promise<MemberStanding> {
  return standingOf(await memberRecord(db, siteId, id));
}

async function updateMember(
  db: Db,
  siteId: number,
  id: number,
  values: Partial<typeof readers.$inferInsert>,
  now: number,
): Promise<MemberDetail> {
  const updated = await db
    .update(readers)
    .set({ ...values, updatedAt: new Date(now) })
    .where(and(eq(readers.siteId, siteId), eq(readers.id, id)))
    .returning({ id: readers.id });
  if (!updated.length) throw new AppError(Code.NOT_FOUND);
  return getMember(db, siteId, id);
}

export const setTags = (db: Db, siteId: number, id: number, tags: string[], now: number) =>
  updateMember(db, siteId, id, { tags }, now);

export const setNote = (db: Db, siteId: number, id: number, note: string, now: number) =>
  updateMember(db, siteId, id, { note }, now);

/** Removes members of the site (their sessions, subscription and payments cascade); another site's ids are 404. */
export async function removeMembers(db: Db, siteId: number, ids: number[]): Promise<{ ids: number[] }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: readers.id })
      .from(readers)
      .where(and(eq(readers.siteId, siteId), inArray(readers.id, unique)));
    if (found.length !== unique.length) throw new AppError(Code.NOT_FOUND);
    await assertNoOpenPayment(tx, siteId, unique);
    await tx.delete(readers).where(and(eq(readers.siteId, siteId), inArray(readers.id, unique)));
    return { ids: unique };
  });
}

/** Staff adds a member by hand: a new address only, within the plan's member limit. */
export async function addMember(
  db: Db,
  siteId: number,
  input: Required<Omit<MemberSaveInput, 'id'>>,
): Promise<MemberDetail> {
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: readers.id })
      .from(readers)
      .where(and(eq(readers.siteId, siteId), eq(readers.email, input.email)));
    if (existing) throw new AppError(Code.MEMBER_EXISTS);
    await assertMemberRoom(tx as unknown as Db, siteId, 1);
    const [row] = await tx
      .insert(readers)
      .values({
        siteId,
        email: input.email,
        name: input.name,
        intro: input.intro,
        tags: input.tags,
        note: input.note,
        source: 'staff',
      })
      .onConflictDoNothing()
      .returning({ id: readers.id });
    if (!row) throw new AppError(Code.MEMBER_EXISTS);
    return row.id;
  });
  return getMember(db, siteId, id);
}

/** The members' tags in use, most used first. */
export async function tagsInUse(db: Db, siteId: number): Promise<{ tag: string; count: number }[]> {
  const tag = sql<string>`unnest(${readers.tags})`.as('tag');
  const sub = db.select({ tag }).from(readers).where(eq(readers.siteId, siteId)).as('t');
  const rows = await db
    .select({ tag: sub.tag, count: count() })
    .from(sub)
    .groupBy(sub.tag)
    .orderBy(desc(count()), asc(sub.tag))
    .limit(500);
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

/** The site's reader plans (every language), for the plan filter. */
export async function memberPlans(db: Db, siteId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: readerPlans.id, name: readerPlans.name })
    .from(readerPlans)
    .where(eq(readerPlans.siteId, siteId))
    .orderBy(asc(readerPlans.langId), asc(readerPlans.id));
}
