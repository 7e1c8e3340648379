/**
 * zod field builders over the SPEC §5 rules (validation.ts), so that the server checks exactly what the forms check.
 * A failed rule becomes a zod issue whose message is the rule's i18n key and whose params are the rule's arguments;
 * the server turns issues into `data.errors` in the caller's language.
 */
import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from './constants';
import { type RuleResult, rules } from './validation';

type Check<T> = (value: T) => RuleResult;

/** Adds SPEC rules to a schema; the first failing rule is reported. */
export function ruled<T extends z.ZodType>(schema: T, ...checks: Check<z.output<T>>[]) {
  return schema.superRefine((value, ctx) => {
    for (const check of checks) {
      const failure = check(value);
      if (failure) {
        ctx.addIssue({ code: 'custom', message: failure.message, params: failure.args });
        return;
      }
    }
  });
}

const maxLen = (n: number) => (v: string) => rules.maxLength(v, n);

/** The largest value a PostgreSQL integer (int4) column holds: ids, versions, positions. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** A whole number in int4's range, from a number or a string of digits (an `in` filter value); else undefined. */
export function toInt4(v: string | number): number | undefined {
  const n = typeof v === 'number' ? v : /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX ? n : undefined;
}

export const f = {
  id: () => z.number().int().positive().max(INT4_MAX),
  /** A whole number from 0 that an int4 column holds: a version, a position. */
  uint: () => z.number().int().min(0).max(INT4_MAX),
  /** Any whole number an int4 column holds (e.g. a value compared with one in a list filter). */
  int: () => z.number().int().min(INT4_MIN).max(INT4_MAX),
  /** Optional free text with a length limit; trimmed. */
  text: (max: number) => ruled(z.string().trim(), maxLen(max)),
  /** Required text with a length limit; trimmed. */
  requiredText: (max: number = NAME_MAX) => ruled(z.string().trim(), rules.required, maxLen(max)),
  email: () => ruled(z.string().trim().toLowerCase(), rules.required, rules.email, maxLen(EMAIL_MAX)),
  /** A new password: the SPEC password rule. */
  newPassword: () => ruled(z.string(), rules.required, rules.password, maxLen(PASSWORD_MAX)),
  /** An existing password being typed in: only required (old accounts may predate the rule). */
  password: () => ruled(z.string(), rules.required, maxLen(PASSWORD_MAX)),
  slug: (max = 100) => ruled(z.string().trim(), rules.required, rules.slug, maxLen(max)),
  verifyCode: () => ruled(z.string().trim(), rules.required, rules.verifyCode),
  /** An opaque token: a solved bot challenge, a verification or reset token. */
  token: () => ruled(z.string().max(8192), rules.required),
};
