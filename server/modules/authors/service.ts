/**
 * Authors (bylines) of a site. One tied to a user (`member_id`) is that person's own: it is made for them on first
 * need and never edited or deleted here (SPEC §6).
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Author, AuthorSave } from '../../../contract/authors';
import { authorColumns } from '../../../contract/authors';
import { Code } from '../../../contract/codes';
import { NAME_MAX } from '../../../contract/constants';
import type { ListQuery, ListResult } from '../../../contract/list';
import type { Db } from '../../db/client';
import { authors } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, FieldError, notFound } from '../../http/errors';
import { listRows } from '../../http/list';
import { foreignUploadErrors } from '../files/addresses';

type Row = typeof authors.$inferSelect;

const toAuthor = (r: Row): Author => ({
  id: r.id,
  name: r.name,
  title: r.title,
  avatar: r.avatar,
  member_id: r.memberId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export function listAuthors(db: Db, siteId: number, query: ListQuery): Promise<ListResult<Author>> {
  return listRows(db, {
    table: authors,
    siteColumn: authors.siteId,
    siteId,
    columns: {
      id: authors.id,
      name: authors.name,
      created_at: authors.createdAt,
      updated_at: authors.updatedAt,
    },
    allowed: authorColumns,
    defaultSort: { col: 'id', order: 'desc' },
    query,
    toRow: (r) => toAuthor(r as Row),
  });
}

async function authorRow(db: Db, siteId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(authors)
    .where(and(eq(authors.siteId, siteId), eq(authors.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function getAuthor(db: Db, siteId: number, id: number): Promise<Author> {
  return toAuthor(await authorRow(db, siteId, id));
}

/** A row this screen may change: in the site, and not someone's own (rows are linked only when made). */
async function editableRow(db: Db, siteId: number, id: number): Promise<Row> {
  const row = await authorRow(db, siteId, id);
  if (row.memberId !== null) throw new AppError(Code.AUTHOR_LINKED);
  return row;
}

export async function saveAuthor(
  deps: Deps,
  siteId: number,
  input: z.output<typeof AuthorSave>,
): Promise<Author> {
  const db = deps.db;
  const bad = foreignUploadErrors(deps, siteId, [['avatar', input.avatar]]);
  if (Object.keys(bad).length) throw new FieldError(bad);
  const values = { name: input.name, title: input.title, avatar: input.avatar };
  if (input.id === 0) {
    const [row] = await db
      .insert(authors)
      .values({ siteId, ...values })
      .returning();
    return toAuthor(row);
  }
  await editableRow(db, siteId, input.id);
  const [row] = await db
    .update(authors)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(authors.siteId, siteId), eq(authors.id, input.id)))
    .returning();
  if (!row) throw notFound();
  return toAuthor(row);
}

export async function deleteAuthor(db: Db, siteId: number, id: number): Promise<{ id: number }> {
  await editableRow(db, siteId, id);
  const [row] = await db
    .delete(authors)
    .where(and(eq(authors.siteId, siteId), eq(authors.id, id)))
    .returning({ id: authors.id });
  if (!row) throw notFound();
  return row;
}

/** The user's own author on the site, made on first need (named by nickname, else e-mail; with their avatar). */
export async function authorOfUser(
  db: Db,
  siteId: number,
  user: { id: number; nickname: string; email: string; avatar: string },
): Promise<Author> {
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
