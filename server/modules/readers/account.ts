/**
 * A signed-in reader's own account on a public site (profile, delete), following the site, and the contact form.
 * Every function takes the site of the request's host and, where one is needed, the reader its cookie signs in:
 * nothing here takes an id from a body, so no reader reaches another's row nor another site's.
 */

import { and, eq, or } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { ResolvedSite } from '../tenancy/host';
import { assertNoOpenPayment } from './removal';
import { customerMessages, followers, readerSignins, readers } from './schema';
import type { ReaderRow } from './session';

/** The signed-in reader, or READER_SIGNED_OUT (3400). */
export function signedIn(reader: ReaderRow | null): ReaderRow {
  if (!reader) throw new AppError(Code.READER_SIGNED_OUT);
  return reader;
}

export async function saveProfile(
  deps: Deps,
  reader: ReaderRow,
  input: { name: string; epaper_opt_in: boolean },
) {
  const [row] = await deps.db
    .update(readers)
    .set({ name: input.name, epaperOptIn: input.epaper_opt_in, updatedAt: new Date(deps.now()) })
    .where(and(eq(readers.id, reader.id), eq(readers.siteId, reader.siteId)))
    .returning();
  if (!row) throw new AppError(Code.READER_SIGNED_OUT);
  return { name: row.name, epaper_opt_in: row.epaperOptIn };
}

/**
 * Deletes the reader: their follow row and sign-in codes here; the row itself, whose foreign keys (ON DELETE CASCADE)
 * remove their sessions, subscription and payments. A paid subscription simply ends with the row (no plans
 * helper to cancel it at the gateway exists yet: the card on file is kept by the gateway only under the row that goes,
 * so no renewal can charge it again). Their customer messages stay, unlinked (ON DELETE SET NULL). Not while a
 * payment of theirs is in flight (removal.ts).
 */
export async function deleteReader(deps: Deps, reader: ReaderRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await assertNoOpenPayment(tx, reader.siteId, [reader.id]);
    await tx
      .delete(followers)
      .where(
        and(
          eq(followers.siteId, reader.siteId),
          or(eq(followers.readerId, reader.id), eq(followers.email, reader.email)),
        ),
      );
    await tx
      .delete(readerSignins)
      .where(and(eq(readerSignins.siteId, reader.siteId), eq(readerSignins.email, reader.email)));
    await tx.delete(readers).where(and(eq(readers.id, reader.id), eq(readers.siteId, reader.siteId)));
  });
}

/** Whether an address follows the site. */
export async function isFollowing(deps: Pick<Deps, 'db'>, siteId: number, email: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: followers.id })
    .from(followers)
    .where(and(eq(followers.siteId, siteId), eq(followers.email, email)))
    .limit(1);
  return Boolean(row);
}

/**
 * Makes the address a follower of the site (once: a second follow changes nothing, and answers the same), linked to
 * the signed-in reader when it is their own address. A signed-out follow names its address; a signed-in one may
 * leave it out.
 */
export async function follow(
  deps: Deps,
  site: ResolvedSite,
  reader: ReaderRow | null,
  input: { email?: string; source?: string },
) {
  const email = input.email ?? reader?.email;
  if (!email) throw new AppError(Code.READER_SIGNED_OUT);
  const own = reader && reader.email === email ? reader.id : null;
  await deps.db
    .insert(followers)
    .values({ siteId: site.id, email, readerId: own, source: input.source || '' })
    .onConflictDoNothing();
  if (own !== null)
    await deps.db
      .update(followers)
      .set({ readerId: own })
      .where(and(eq(followers.siteId, site.id), eq(followers.email, email)));
  return { following: true };
}

/** The signed-in reader's address stops following the site. */
export async function unfollow(deps: Deps, reader: ReaderRow) {
  await deps.db
    .delete(followers)
    .where(and(eq(followers.siteId, reader.siteId), eq(followers.email, reader.email)));
  return { following: false };
}

/** A contact form's message, new (status 1), linked to the signed-in reader if any. */
export async function contact(
  deps: Deps,
  site: ResolvedSite,
  reader: ReaderRow | null,
  input: { name?: string; email: string; title: string; body: string },
): Promise<null> {
  await deps.db.insert(customerMessages).values({
    siteId: site.id,
    readerId: reader?.id ?? null,
    name: input.name || reader?.name || '',
    email: input.email,
    title: input.title,
    body: input.body,
    status: 1,
  });
  return null;
}
