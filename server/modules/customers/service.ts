/**
 * Customer messages (/customer, /customer/{id}): the list, one message with its thread (opening it marks it read),
 * the count of new ones for the menu's badge, replies mailed to the sender through the outbox and kept in the
 * thread, and marking a message new or read again. Always inside the caller's site; another site's id is 404.
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CustomerMessage, CustomerReply, CustomerRow } from '../../../contract/api/customers';
import type { ListQuery, ListResult } from '../../../contract/list';
import { wallTime } from '../../../contract/zoned';
import type { Db } from '../../db/client';
import type { SiteContext } from '../../http/action';
import { notFound } from '../../http/errors';
import { localeOfLanguage, t } from '../../i18n';
import { CUSTOMER_STATUS, customerMessages, readers } from '../readers/schema';
import { listConditions, type QuerySpec, siteTimeZone } from '../tenancy/listQuery';
import { sites, users } from '../tenancy/schema';
import { customerReplies } from './schema';

const spec: QuerySpec = {
  filters: {
    id: { in: { ints: true, where: (ids) => inArray(customerMessages.id, ids as number[]) } },
    status: { in: { ints: true, where: (v) => inArray(customerMessages.status, v as number[]) } },
    keyword: {
      search: (p) =>
        or(
          ilike(customerMessages.title, p),
          ilike(customerMessages.name, p),
          ilike(customerMessages.email, p),
        ),
    },
  },
  createdAt: customerMessages.createdAt,
  sorts: { id: customerMessages.id, status: customerMessages.status, created_at: customerMessages.createdAt },
  defaultSort: { col: 'created_at', order: 'desc' },
  id: customerMessages.id,
};

/**
 * The replies of each message. Written with qualified names: drizzle leaves columns unqualified in a one-table
 * select, where `id` inside the subquery would be the reply's own.
 */
const replyCount = sql<number>`(select count(*)::int from customer_replies cr where cr.message_id = "customer_messages"."id")`;

const rowColumns = {
  id: customerMessages.id,
  title: customerMessages.title,
  name: customerMessages.name,
  email: customerMessages.email,
  status: customerMessages.status,
  createdAt: customerMessages.createdAt,
  replies: replyCount,
};

type RowRecord = {
  id: number;
  title: string;
  name: string;
  email: string;
  status: number;
  createdAt: Date;
  replies: number;
};

const toRow = (r: RowRecord): CustomerRow => ({
  id: r.id,
  title: r.title,
  name: r.name,
  email: r.email,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  replies: Number(r.replies),
});

export async function listMessages(
  db: Db,
  siteId: number,
  query: ListQuery,
): Promise<ListResult<CustomerRow>> {
  const { conditions, orderBy } = listConditions(spec, query, await siteTimeZone(db, siteId));
  const where = and(eq(customerMessages.siteId, siteId), ...conditions) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(customerMessages)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(customerMessages).where(where),
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

/** `customer/unread`: the new messages of the site. */
export async function unreadCount(db: Db, siteId: number): Promise<{ count: number }> {
  const [row] = await db
    .select({ n: count() })
    .from(customerMessages)
    .where(and(eq(customerMessages.siteId, siteId), eq(customerMessages.status, CUSTOMER_STATUS.NEW)));
  return { count: Number(row.n) };
}

const staffName = (u: { nickname: string | null; email: string | null }) => u.nickname || u.email || '';

/** One message of the site with its thread; another site's (or no) message is 404. */
async function messageOf(db: Db, siteId: number, id: number): Promise<CustomerMessage> {
  const [row] = await db
    .select({
      ...rowColumns,
      body: customerMessages.body,
      readAt: customerMessages.readAt,
      readerNickname: users.nickname,
      readerEmail: users.email,
      memberId: readers.id,
      memberName: readers.name,
    })
    .from(customerMessages)
    .leftJoin(users, eq(users.id, customerMessages.readBy))
    .leftJoin(readers, and(eq(readers.id, customerMessages.readerId), eq(readers.siteId, siteId)))
    .where(and(eq(customerMessages.siteId, siteId), eq(customerMessages.id, id)));
  if (!row) throw notFound();
  const thread = await db
    .select({
      id: customerReplies.id,
      body: customerReplies.body,
      createdAt: customerReplies.createdAt,
      nickname: users.nickname,
      email: users.email,
    })
    .from(customerReplies)
    .leftJoin(users, eq(users.id, customerReplies.userId))
    .where(and(eq(customerReplies.siteId, siteId), eq(customerReplies.messageId, id)))
    .orderBy(asc(customerReplies.createdAt), asc(customerReplies.id));
  return {
    ...toRow(row),
    body: row.body,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    read_by:
      row.readerNickname === null && row.readerEmail === null
        ? null
        : staffName({ nickname: row.readerNickname, email: row.readerEmail }),
    member: row.memberId === null ? null : { id: row.memberId, name: row.memberName ?? '' },
    thread: thread.map(
      (r): CustomerReply => ({
        id: r.id,
        body: r.body,
        staff: staffName(r),
        created_at: r.createdAt.toISOString(),
      }),
    ),
  };
}

/** Marks a new message read by `userId` (a read one keeps who read it first). */
async function markRead(db: Db, siteId: number, id: number, userId: number, now: Date) {
  await db
    .update(customerMessages)
    .set({ status: CUSTOMER_STATUS.READ, readAt: now, readBy: userId, updatedAt: now })
    .where(
      and(
        eq(customerMessages.siteId, siteId),
        eq(customerMessages.id, id),
        eq(customerMessages.status, CUSTOMER_STATUS.NEW),
      ),
    );
}

/** `customer/get {request_id}` (or `{id}`): the message and its thread, marked read. */
export async function openMessage(ctx: SiteContext, id: number): Promise<CustomerMessage> {
  const { db } = ctx.deps;
  await markRead(db, ctx.site.id, id, ctx.user.id, new Date(ctx.deps.now()));
  return messageOf(db, ctx.site.id, id);
}

/** `customer/status`: marks a message new again (or read). */
export async function setStatus(
  ctx: SiteContext,
  input: { id: number; status: 1 | 2 },
): Promise<CustomerRow> {
  const { db } = ctx.deps;
  const now = new Date(ctx.deps.now());
  const where = and(eq(customerMessages.siteId, ctx.site.id), eq(customerMessages.id, input.id));
  const [row] = await db.select({ id: customerMessages.id }).from(customerMessages).where(where);
  if (!row) throw notFound();
  if (input.status === CUSTOMER_STATUS.NEW) {
    await db
      .update(customerMessages)
      .set({ status: CUSTOMER_STATUS.NEW, readAt: null, readBy: null, updatedAt: now })
      .where(where);
  } else {
    await markRead(db, ctx.site.id, input.id, ctx.user.id, now);
  }
  const [updated] = await db.select(rowColumns).from(customerMessages).where(where);
  return toRow(updated);
}

/** Each line of a text quoted as a mail reply quotes it ("> "). */
const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/** A header line: no line breaks, bounded. */
const oneLine = (text: string, max = 200) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

/**
 * `customer/reply`: keeps the reply in the thread and queues its mail to the sender (subject "[site] Re: title", the
 * reply, then the original quoted). The message counts as read. A mail that cannot even be queued removes the reply
 * again, so the thread never shows a reply that was not sent.
 */
export async function replyTo(
  ctx: SiteContext,
  input: { id: number; body: string },
): Promise<CustomerMessage> {
  const { db } = ctx.deps;
  const siteId = ctx.site.id;
  const now = new Date(ctx.deps.now());
  const [message] = await db
    .select({ message: customerMessages, site: { name: sites.name, language: sites.language } })
    .from(customerMessages)
    .innerJoin(sites, eq(sites.id, customerMessages.siteId))
    .where(and(eq(customerMessages.siteId, siteId), eq(customerMessages.id, input.id)));
  if (!message) throw notFound();
  const [reply] = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(customerReplies)
      .values({ messageId: input.id, siteId, userId: ctx.user.id, body: input.body, createdAt: now })
      .returning({ id: customerReplies.id });
    await tx
      .update(customerMessages)
      .set({ status: CUSTOMER_STATUS.READ, readAt: now, readBy: ctx.user.id, updatedAt: now })
      .where(
        and(
          eq(customerMessages.id, input.id),
          eq(customerMessages.siteId, siteId),
          eq(customerMessages.status, CUSTOMER_STATUS.NEW),
        ),
      );
    return inserted;
  });
  // The sender reads the site's language, not the staff member's.
  const lang = localeOfLanguage(message.site.language);
  const m = message.message;
  const sent = wallTime(m.createdAt, await siteTimeZone(db, siteId));
  try {
    await ctx.deps.outbox.enqueue({
      to: m.email,
      subject: t(lang, 'inbox.customers.mail.subject', {
        site: oneLine(message.site.name),
        title: oneLine(m.title),
      }),
      text: t(lang, 'inbox.customers.mail.body', {
        reply: input.body,
        site: message.site.name,
        date: `${sent.date} ${sent.time}`,
        name: m.name || m.email,
        original: quoted(`${m.title}\n\n${m.body}`),
      }),
    });
  } catch (err) {
    await db.delete(customerReplies).where(eq(customerReplies.id, reply.id));
    throw err;
  }
  return messageOf(db, siteId, input.id);
}
