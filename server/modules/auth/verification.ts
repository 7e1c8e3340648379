/**
 * E-mail verification by a 6-digit code. A verification is found by its token; the first resend is allowed
 * VERIFY_FIRST_RESEND_S after the first mail, every later one VERIFY_COOLDOWN_S after the previous (code 1006 with
 * `data.ts`, the moment it is allowed, when asked too early).
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import {
  type Locale,
  VERIFY_COOLDOWN_S,
  VERIFY_FIRST_RESEND_S,
  VERIFY_MAX_TRIES,
  VERIFY_TTL_S,
} from '../../../contract/constants';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { t } from '../../i18n';
import { verifications } from './schema';
import { hashToken, newToken } from './session';

export type VerifyPurpose = 'register' | 'email';
type Verification = typeof verifications.$inferSelect;

const codeHash = (id: string, code: string) => hashToken(`${id}:${code}`);

/** When the next mail may go out, in ms since the epoch. */
export function nextSendAt(v: Pick<Verification, 'sends' | 'lastSentAt'>): number {
  const wait = v.sends <= 1 ? VERIFY_FIRST_RESEND_S : VERIFY_COOLDOWN_S;
  return v.lastSentAt.getTime() + wait * 1000;
}

async function mailCode(deps: Deps, email: string, code: string, lang: Locale) {
  await deps.outbox.enqueue({
    to: email,
    subject: t(lang, 'mail.verify.subject', { code }),
    text: t(lang, 'mail.verify.body', { code, minutes: VERIFY_TTL_S / 60 }),
  });
}

/** Sends a fresh code on a verification (new or existing) and answers its token and the next allowed send. */
async function send(
  deps: Deps,
  existing: Verification | undefined,
  email: string,
  purpose: VerifyPurpose,
  userId: number | null,
  lang: Locale,
) {
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = newToken();
  const id = hashToken(token);
  const values = {
    id,
    email,
    purpose,
    userId,
    codeHash: codeHash(id, code),
    tries: 0,
    sends: (existing?.sends ?? 0) + 1,
    lastSentAt: new Date(now),
    expiresAt: new Date(now + VERIFY_TTL_S * 1000),
    verifiedAt: null,
  };
  await deps.db.transaction(async (tx) => {
    if (existing) await tx.delete(verifications).where(eq(verifications.id, existing.id));
    await tx.insert(verifications).values(values);
  });
  await mailCode(deps, email, code, lang);
  return { token, ts: nextSendAt(values) };
}

function tooEarly(deps: Deps, v: Verification): void {
  const at = nextSendAt(v);
  if (deps.now() < at) throw new AppError(Code.TOO_FREQUENT, undefined, { ts: at });
}

/**
 * Whose verification: an account's e-mail change is its own, so another account asking for the same address neither
 * waits for it nor replaces it.
 */
const askedBy = (userId: number | null) =>
  userId === null ? isNull(verifications.userId) : eq(verifications.userId, userId);

async function activeFor(deps: Deps, email: string, purpose: VerifyPurpose, userId: number | null) {
  const [v] = await deps.db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.email, email),
        eq(verifications.purpose, purpose),
        askedBy(userId),
        isNull(verifications.usedAt),
        gt(verifications.expiresAt, new Date(deps.now())),
      ),
    )
    .orderBy(desc(verifications.lastSentAt))
    .limit(1);
  return v;
}

async function byToken(deps: Deps, token: string): Promise<Verification> {
  const [v] = await deps.db
    .select()
    .from(verifications)
    .where(eq(verifications.id, hashToken(token)))
    .limit(1);
  if (!v || v.usedAt || v.expiresAt.getTime() <= deps.now()) throw new AppError(Code.EXPIRED);
  return v;
}

/**
 * Starts (or repeats, within the resend timing) the verification of an address: a registration's, or the e-mail
 * change of the account `userId`.
 */
export async function startVerification(
  deps: Deps,
  email: string,
  purpose: VerifyPurpose,
  lang: Locale,
  userId: number | null = null,
) {
  const existing = await activeFor(deps, email, purpose, userId);
  if (existing) tooEarly(deps, existing);
  return send(deps, existing, email, purpose, userId, lang);
}

export async function resendVerification(deps: Deps, token: string, lang: Locale) {
  const v = await byToken(deps, token);
  tooEarly(deps, v);
  return send(deps, v, v.email, v.purpose as VerifyPurpose, v.userId, lang);
}

/**
 * Checks a typed code; a verification takes VERIFY_MAX_TRIES codes, then wants a new one. The try is taken in the
 * same statement that checks the count, so guesses sent in parallel cannot share one.
 */
export async function checkCode(deps: Deps, token: string, code: string): Promise<{ email: string }> {
  const v = await byToken(deps, token);
  if (v.verifiedAt) return { email: v.email };
  const [taken] = await deps.db
    .update(verifications)
    .set({ tries: sql`${verifications.tries} + 1` })
    .where(
      and(
        eq(verifications.id, v.id),
        isNull(verifications.verifiedAt),
        lt(verifications.tries, VERIFY_MAX_TRIES),
      ),
    )
    .returning({ id: verifications.id });
  if (!taken) throw new AppError(Code.EXPIRED);
  if (codeHash(v.id, code) !== v.codeHash) throw new AppError(Code.WRONG_CODE);
  await deps.db
    .update(verifications)
    .set({ verifiedAt: new Date(deps.now()) })
    .where(eq(verifications.id, v.id));
  return { email: v.email };
}

/** Spends a verified verification of `email` for `purpose` (asked by `userId`); false when there is none. */
export async function consumeVerified(
  deps: Deps,
  token: string,
  email: string,
  purpose: VerifyPurpose,
  tx: Deps['db'] = deps.db,
  userId: number | null = null,
): Promise<boolean> {
  const spent = await tx
    .update(verifications)
    .set({ usedAt: new Date(deps.now()) })
    .where(
      and(
        eq(verifications.id, hashToken(token)),
        eq(verifications.email, email),
        eq(verifications.purpose, purpose),
        askedBy(userId),
        isNull(verifications.usedAt),
        isNotNull(verifications.verifiedAt),
        gt(verifications.expiresAt, new Date(deps.now())),
      ),
    )
    .returning({ id: verifications.id });
  return spent.length === 1;
}
