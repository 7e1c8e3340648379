/**
 * Readers signing in (and up) on a public site by mail: one mail with a 6-digit code and a magic link, both stored
 * only as SHA-256 hashes (reader_signins), for READER_CODE_TTL_S. Only the newest sign-in of an address counts (a
 * new one spends the older ones); a code takes READER_CODE_MAX_TRIES tries, each taken in the same statement that
 * checks the count, so guesses in parallel cannot share one. Mails to one address of one site: one per
 * READER_RESEND_S, at most READER_SENDS_PER_HOUR an hour (1006 TOO_FREQUENT with `data.ts`, when the next is allowed).
 * The answer is the same whether or not the address is a member: nothing tells who has an account. A confirmed
 * code or link signs the member in; a new address becomes a member (source 'signup') within the plan's member limit.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  READER_CODE_MAX_TRIES,
  READER_CODE_TTL_S,
  READER_RESEND_S,
  READER_SENDS_PER_HOUR,
} from '../../../contract/api/readers';
import { Code } from '../../../contract/codes';
import { CONTENT_LANGUAGES } from '../../../contract/constants';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { localeOfLanguage, t } from '../../i18n';
import { hashToken, newToken } from '../auth/session';
import type { ResolvedSite } from '../tenancy/host';
import { siteUrl } from '../tenancy/sites';
import { assertMemberRoom } from './limit';
import { readerSignins, readers } from './schema';
import { startReaderSession } from './session';

const HOUR_MS = 3_600_000;

/** A content language id the site shows, else the site's first. */
export function pageLang(site: Pick<ResolvedSite, 'displayLanguages'>, langId: number | undefined): number {
  return langId !== undefined && site.displayLanguages.includes(langId)
    ? langId
    : (site.displayLanguages[0] ?? 1);
}

const localeOf = (langId: number) =>
  localeOfLanguage(CONTENT_LANGUAGES.find((l) => l.id === langId)?.iso ?? 'zh-TW');

/** The code's hash is salted with the link's hash (itself from a random token): a code alone is nothing to look up. */
const codeHash = (linkHash: string, code: string) => hashToken(`${linkHash}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Mails a code and a magic link to `email` for `site`; answers when the next may be asked for (ms). */
export async function startSignin(
  deps: Deps,
  site: ResolvedSite,
  input: { email: string; name?: string; lang_id?: number },
): Promise<{ ts: number }> {
  const now = deps.now();
  const email = input.email;
  const recent = await deps.db
    .select({ createdAt: readerSignins.createdAt })
    .from(readerSignins)
    .where(
      and(
        eq(readerSignins.siteId, site.id),
        eq(readerSignins.email, email),
        gt(readerSignins.createdAt, new Date(now - HOUR_MS)),
      ),
    )
    .orderBy(desc(readerSignins.createdAt))
    .limit(READER_SENDS_PER_HOUR);
  const last = recent[0]?.createdAt.getTime();
  let next = last === undefined ? now : last + READER_RESEND_S * 1000;
  // The hour's allowance spent: the next send waits for the oldest of them to be an hour old.
  if (recent.length >= READER_SENDS_PER_HOUR)
    next = Math.max(next, recent[recent.length - 1].createdAt.getTime() + HOUR_MS);
  if (now < next) throw new AppError(Code.TOO_FREQUENT, undefined, { ts: next });

  const langId = pageLang(site, input.lang_id);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const link = newToken();
  const linkHash = hashToken(link);
  await deps.db.transaction(async (tx) => {
    // Only the newest sign-in of an address counts; a day's rows are kept for the rate above.
    await tx
      .update(readerSignins)
      .set({ usedAt: new Date(now) })
      .where(
        and(eq(readerSignins.siteId, site.id), eq(readerSignins.email, email), isNull(readerSignins.usedAt)),
      );
    await tx
      .delete(readerSignins)
      .where(
        and(
          eq(readerSignins.siteId, site.id),
          eq(readerSignins.email, email),
          lt(readerSignins.createdAt, new Date(now - 24 * HOUR_MS)),
        ),
      );
    await tx.insert(readerSignins).values({
      siteId: site.id,
      email,
      name: input.name ?? '',
      codeHash: codeHash(linkHash, code),
      linkHash,
      expiresAt: new Date(now + READER_CODE_TTL_S * 1000),
      createdAt: new Date(now),
    });
  });
  const locale = localeOf(langId);
  const url = `${siteUrl(site, deps.config)}/api/reader/link?token=${link}&lang=${langId}`;
  await deps.outbox.enqueue({
    to: email,
    subject: t(locale, 'readers.mail.subject', { code, site: site.name }),
    text: t(locale, 'readers.mail.body', {
      code,
      site: site.name,
      minutes: READER_CODE_TTL_S / 60,
      link: url,
    }),
  });
  return { ts: now + READER_RESEND_S * 1000 };
}

type Signin = typeof readerSignins.$inferSelect;

const memberByEmail = async (db: Db, siteId: number, email: string) =>
  (
    await db
      .select()
      .from(readers)
      .where(and(eq(readers.siteId, siteId), eq(readers.email, email)))
      .limit(1)
  )[0];

/**
 * Spends a sign-in (once) and signs its member in, making a new address a member (source 'signup', the sign-in's
 * name) within the plan's member limit, counted in the same transaction as the insert (a full site refuses, and the
 * sign-in stays unspent, so the code is usable once room is made). Answers the session's token and the member.
 */
async function complete(deps: Deps, site: ResolvedSite, signin: Signin, langId: number) {
  const now = deps.now();
  const { reader, created } = await deps.db.transaction(async (handle) => {
    const tx = handle as unknown as Db;
    const known = await memberByEmail(tx, site.id, signin.email);
    if (!known) await assertMemberRoom(tx, site.id, 1);
    const [spent] = await tx
      .update(readerSignins)
      .set({ usedAt: new Date(now) })
      .where(and(eq(readerSignins.id, signin.id), isNull(readerSignins.usedAt)))
      .returning({ id: readerSignins.id });
    if (!spent) throw new AppError(Code.READER_CODE_EXPIRED);
    if (known) return { reader: known, created: false };
    const [made] = await tx
      .insert(readers)
      .values({ siteId: site.id, email: signin.email, name: signin.name, source: 'signup', langId })
      .onConflictDoNothing()
      .returning();
    // Made at the same moment by another confirmation of the same address.
    const member = made ?? (await memberByEmail(tx, site.id, signin.email));
    if (!member) throw new AppError(Code.READER_CODE_EXPIRED);
    return { reader: member, created: Boolean(made) };
  });
  await deps.db
    .update(readers)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(readers.id, reader.id));
  const token = await startReaderSession(deps.db, reader, now);
  return { token, reader, created };
}

/** Checks a typed code for the address's newest open sign-in; a right one signs in (answers the session token). */
export async function verifyCode(
  deps: Deps,
  site: ResolvedSite,
  input: { email: string; code: string; lang_id?: number },
) {
  const now = new Date(deps.now());
  const [open] = await deps.db
    .select()
    .from(readerSignins)
    .where(
      and(
        eq(readerSignins.siteId, site.id),
        eq(readerSignins.email, input.email),
        isNull(readerSignins.usedAt),
        gt(readerSignins.expiresAt, now),
      ),
    )
    .orderBy(desc(readerSignins.createdAt), desc(readerSignins.id))
    .limit(1);
  if (!open) throw new AppError(Code.READER_CODE_EXPIRED);
  const [taken] = await deps.db
    .update(readerSignins)
    .set({ attempts: sql`${readerSignins.attempts} + 1` })
    .where(
      and(
        eq(readerSignins.id, open.id),
        isNull(readerSignins.usedAt),
        lt(readerSignins.attempts, READER_CODE_MAX_TRIES),
      ),
    )
    .returning({ id: readerSignins.id });
  if (!taken) throw new AppError(Code.READER_CODE_EXPIRED);
  if (!sameHash(codeHash(open.linkHash, input.code), open.codeHash)) throw new AppError(Code.WRONG_CODE);
  return complete(deps, site, open, pageLang(site, input.lang_id));
}

/**
 * The magic link's sign-in: the session's token and member; 'invalid' when the link is unknown, spent or expired;
 * 'full' when it would make a member beyond the plan's limit.
 */
export async function followLink(deps: Deps, site: ResolvedSite, token: string, langId: number) {
  if (!token || token.length > 128) return 'invalid' as const;
  const [open] = await deps.db
    .select()
    .from(readerSignins)
    .where(
      and(
        eq(readerSignins.linkHash, hashToken(token)),
        eq(readerSignins.siteId, site.id),
        isNull(readerSignins.usedAt),
        gt(readerSignins.expiresAt, new Date(deps.now())),
      ),
    )
    .limit(1);
  if (!open) return 'invalid' as const;
  try {
    return await complete(deps, site, open, langId);
  } catch (err) {
    if (err instanceof AppError && err.code === Code.READER_CODE_EXPIRED) return 'invalid' as const;
    if (err instanceof AppError && err.code === Code.MEMBER_LIMIT) return 'full' as const;
    throw err;
  }
}
