/**
 * The author's own rules: one tied to a user (`member_id`) is that person's own, made for them on first need and
 * never edited or deleted here (SPEC §6).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { authorApi } from '../../contract/api/authors';
import { Code } from '../../contract/codes';
import { STATUS } from '../../contract/contentConstants';
import { author } from '../../contract/entities/author';
import type { Db } from '../db/client';
import { action, type SiteContext } from '../http/action';
import { AppError, notFound } from '../http/errors';
import { ownAuthor } from '../modules/content/authors';
import { authors, contentAuthors, contents } from '../modules/content/schema';
import { seenBy, viewerOf } from '../modules/content/scope';
import { recordOf } from './actions';
import { entityHooks } from './hooks';

/** The row as the author record the catalogue answers (parsed, so that its type is the declaration's). */
const toAuthor = (row: typeof authors.$inferSelect) => author.record.parse(recordOf(author, authors, row));

/** The user's own author on the site (content/authors.ts ownAuthor), as the author record. */
export async function authorOfUser(
  db: Db,
  siteId: number,
  user: { id: number; nickname: string; email: string; avatar: string },
) {
  return toAuthor(await ownAuthor(db, siteId, user));
}

/**
 * The author issue (`author/issue`): the author's published and scheduled items the caller sees (content sight and
 * the types they may list), newest first by publish time, then by id. Another site's author is 404.
 */
export async function authorIssue(ctx: SiteContext, input: { id: number; page: number; per_page: number }) {
  const { db } = ctx.deps;
  const [found] = await db
    .select({ id: authors.id })
    .from(authors)
    .where(and(eq(authors.siteId, ctx.site.id), eq(authors.id, input.id)));
  if (!found) throw notFound();
  const where = and(
    eq(contents.siteId, ctx.site.id),
    inArray(contents.status, [STATUS.PUBLISHED, STATUS.SCHEDULED]),
    seenBy(viewerOf(ctx)),
    sql`EXISTS (SELECT 1 FROM ${contentAuthors} WHERE ${contentAuthors.contentId} = ${contents.id}
          AND ${contentAuthors.authorId} = ${found.id})`,
  );
  const [{ total }] = await db.select({ total: count() }).from(contents).where(where);
  const rows = await db
    .select({
      id: contents.id,
      type: contents.type,
      title: contents.title,
      status: contents.status,
      publishTs: contents.publishTs,
      langId: contents.langId,
    })
    .from(contents)
    .where(where)
    .orderBy(sql`${contents.publishTs} desc nulls last`, desc(contents.id))
    .limit(input.per_page)
    .offset((input.page - 1) * input.per_page);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      status: r.status,
      publish_ts: r.publishTs?.toISOString() ?? null,
      lang_id: r.langId,
    })),
    total,
  };
}

export const hooks = entityHooks(author, {
  guard: (row) => {
    if (row.memberId !== null) throw new AppError(Code.AUTHOR_LINKED);
  },
  actions: [
    action({
      ...authorApi.mine,
      handler: (_input, ctx) => authorOfUser(ctx.deps.db, ctx.site.id, ctx.user),
    }),
    action({
      ...authorApi.issue,
      handler: (input, ctx) => authorIssue(ctx, input),
    }),
  ],
});
