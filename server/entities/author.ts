/**
 * The author's own rules: one tied to a user (`member_id`) is that person's own, made for them on first need and
 * never edited or deleted here (SPEC §6).
 */
import { and, eq } from 'drizzle-orm';
import { authorApi } from '../../contract/api/authors';
import { Code } from '../../contract/codes';
import { NAME_MAX } from '../../contract/constants';
import { author } from '../../contract/entities/author';
import type { Db } from '../db/client';
import { authors } from '../db/schema';
import { action } from '../http/action';
import { AppError } from '../http/errors';
import { recordOf } from './actions';
import { entityHooks } from './hooks';

/** The row as the author record the catalogue answers (parsed, so that its type is the declaration's). */
const toAuthor = (row: typeof authors.$inferSelect) => author.record.parse(recordOf(author, authors, row));

/** The user's own author on the site, made on first need (named by nickname, else e-mail; with their avatar). */
export async function authorOfUser(
  db: Db,
  siteId: number,
  user: { id: number; nickname: string; email: string; avatar: string },
) {
  const mine = and(eq(authors.siteId, siteId), eq(authors.memberId, user.id));
  const [found] = await db.select().from(authors).where(mine);
  if (found) return toAuthor(found);
  const name = [...(user.nickname.trim() || user.email)].slice(0, NAME_MAX).join('');
  // Two first calls at once: the unique (site, member) index keeps one row, and both answer it.
  await db
    .insert(authors)
    .values({ siteId, name, avatar: user.avatar, memberId: user.id })
    .onConflictDoNothing();
  const [row] = await db.select().from(authors).where(mine);
  return toAuthor(row);
}

export const hooks = entityHooks({
  guard: (row) => {
    if (row.memberId !== null) throw new AppError(Code.AUTHOR_LINKED);
  },
  actions: [
    action({
      ...authorApi.mine,
      handler: (_input, ctx) => authorOfUser(ctx.deps.db, ctx.site.id, ctx.user),
    }),
  ],
});
