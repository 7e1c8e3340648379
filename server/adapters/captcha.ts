/**
 * The bot challenge: a self-hosted ALTCHA proof of work. `challenge()` hands the widget a signed challenge;
 * `check()` looks at a solved payload (base64 JSON of {challenge, solution}) without touching the database, and the
 * solution it answers is spent once the call is accepted, so one solution serves one call, on any instance sharing
 * the database.
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { CaptchaChallenge } from '../../contract/auth';
import { captchaSpent } from '../db/appTables';
import type { Db } from '../db/client';

export interface Captcha {
  challenge(host: string): Promise<CaptchaChallenge>;
  /**
   * A payload that solves an unexpired challenge of ours, or null. Cheap (two HMACs, no database), so it can come
   * before any costly work; it spends nothing.
   */
  check(payload: string): Promise<Solution | null>;
}

export interface Solution {
  /** Marks the solution used: true the first time, on any instance; false when it was spent already. */
  spend(): Promise<boolean>;
}

const ALGORITHM = 'SHA-256';
const TTL_S = 10 * 60;

interface Payload {
  challenge: { parameters: { expiresAt?: number; data?: Record<string, unknown> }; signature?: string };
  solution: { counter: number; derivedKey: string };
}

function decode(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    if (!value?.challenge?.parameters || typeof value.challenge.signature !== 'string') return null;
    if (typeof value.solution?.counter !== 'number' || typeof value.solution.derivedKey !== 'string')
      return null;
    return value;
  } catch {
    return null;
  }
}

// The challenge lives on the wall clock (Date.now()), not the app's business clock: altcha-lib checks `expiresAt`
// against Date.now(), so a challenge dated by a moved clock would be refused (or live too long) there.
export function altchaCaptcha(db: Db, secret: string, maxCounter: number): Captcha {
  const keySecret = `${secret}:key`;
  return {
    async challenge(host) {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(Math.floor(maxCounter / 4), maxCounter),
        deriveKey,
        data: { host: host.slice(0, 200) },
        expiresAt: Math.floor(Date.now() / 1000) + TTL_S,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
    },
    async check(raw) {
      const payload = decode(raw);
      if (!payload) return null;
      try {
        const result = await verifySolution({
          challenge: payload.challenge as never,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        });
        if (!result.verified) return null;
      } catch {
        return null;
      }
      const signature = payload.challenge.signature as string;
      const expiresAt = new Date(
        (payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + TTL_S) * 1000,
      );
      return {
        async spend() {
          await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, new Date()));
          const spent = await db
            .insert(captchaSpent)
            .values({ signature, expiresAt })
            .onConflictDoNothing()
            .returning({ signature: captchaSpent.signature });
          return spent.length === 1;
        },
      };
    },
  };
}
