/**
 * A reader's session on a public site: a random token in an HttpOnly cookie on the site's host (`site_reader`),
 * stored only as its SHA-256 (reader_sessions), for READER_SESSION_DAYS. Reader sessions are the site's own: a staff
 * session (the admin's `sid`) is never one, and a reader of one site is nobody on another.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashToken, newToken } from '../auth/session';
import { readerSessions, readers } from './schema';

export const READER_COOKIE = 'site_reader';
export const READER_SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
/** Longer than any token newToken() makes: a longer cookie is refused before it is hashed. */
const READER_TOKEN_MAX = 128;

export type ReaderRow = typeof readers.$inferSelect;

/** The Set-Cookie value for a session token (or, with null, the one that clears it). */
export function readerCookie(token: string | null, https: boolean): string {
  return [
    `${READER_COOKIE}=${token ?? ''}`,
    'Path=/',
    `Max-Age=${token ? READER_SESSION_DAYS * 86_400 : 0}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(https ? ['Secure'] : []),
  ].join('; ');
}

/** Starts a session for a reader of `siteId`; answers the cookie's token. */
export async function startReaderSession(db: Db, reader: { id: number; siteId: number }, now: number) {
  const token = newToken();
  await db.insert(readerSessions).values({
    tokenHash: hashToken(token),
    readerId: reader.id,
    siteId: reader.siteId,
    expiresAt: new Date(now + READER_SESSION_DAYS * DAY_MS),
  });
  return token;
}

/** The reader a cookie's token signs in on `siteId`, or null (absent, unknown, expired, or another site's). */
export async function readerOfToken(
  db: Db,
  siteId: number,
  token: string | undefined,
  now: number,
): Promise<ReaderRow | null> {
  if (!token || token.length > READER_TOKEN_MAX) return null;
  const [row] = await db
    .select({ reader: readers })
    .from(readerSessions)
    .innerJoin(readers, eq(readers.id, readerSessions.readerId))
    .where(
      and(
        eq(readerSessions.tokenHash, hashToken(token)),
        eq(readerSessions.siteId, siteId),
        eq(readers.siteId, siteId),
        gt(readerSessions.expiresAt, new Date(now)),
      ),
    );
  return row?.reader ?? null;
}

/** Ends the session of a token (sign-out). */
export async function endReaderSession(db: Db, token: string | undefined): Promise<void> {
  if (!token || token.length > READER_TOKEN_MAX) return;
  await db.delete(readerSessions).where(eq(readerSessions.tokenHash, hashToken(token)));
}
