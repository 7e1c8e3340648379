/**
 * A user's own author on a site (`member_id`): the byline a new item gets when it names none (service.ts), and what
 * `author/mine` answers (entities/author.ts).
 */
import { and, eq } from 'drizzle-orm';
import { NAME_MAX } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { authors } from './schema';

/** The user's own author row on the site, made on first need (named by nickname, else e-mail; with their avatar). */
export async function ownAuthor(
  db: Db,
  siteId: number,
  user: { id: number; nickname: string; email: string; avatar: string },
): Promise<typeof authors.$inferSelect> {
  const mine = and(eq(authors.siteId, siteId), eq(authors.memberId, user.id));
  const [found] = await db.select().from(authors).where(mine);
  if (found) return found;
  const name = [...(user.nickname.trim() || user.email)].slice(0, NAME_MAX).join('');
  // Two first calls at once: the unique (site, member) index keeps one row, and both answer it.
  await db
    .insert(authors)
    .values({ siteId, name, avatar: user.avatar, memberId: user.id })
    .onConflictDoNothing();
  const [row] = await db.select().from(authors).where(mine);
  return row;
}
