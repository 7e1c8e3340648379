/**
 * zod field builders over the SPEC §5 rules (validation.ts), so that the server checks exactly what the forms check.
 * A failed rule becomes a zod issue whose message is the rule's i18n key and whose params are the rule's arguments;
 * the server turns issues into `data.errors` in the caller's language.
 */
import { z } from 'zod';
import {
  EMAIL_MAX,
  INT4_MAX,
  INT4_MIN,
  LINK_MAX,
  type Locale,
  NAME_MAX,
  PASSWORD_MAX,
  TOKEN_MAX,
  toLocale,
  VERIFY_CODE_LENGTH,
} from './constants';
import { PATTERNS } from './patterns';
import { type RuleResult, rules } from './validation';

type Check<T> = (value: T) => RuleResult;

/** String schemas made by bounded() (and ruled() over one): the only strings rules may be added to. */
const boundedStrings = new WeakSet<z.ZodType>();

/** The schema a value first meets, through wrappers and pipes. */
function inputOf(schema: z.ZodType): z.ZodType {
  const def = (
    schema as unknown as { _zod: { def: { type: string; in?: z.ZodType; innerType?: z.ZodType } } }
  )._zod.def;
  const inner = def.type === 'pipe' ? def.in : def.innerType;
  return inner ? inputOf(inner) : schema;
}

/**
 * A string of at most `max` characters (code points, as rules.maxLength counts), trimmed unless `trim` is false,
 * lowercased with `lower`. A longer one is refused with 超過最大字數（N）限制 and goes no further: the issue does
 * not continue, so zod runs no later check and ruled() no rule, and no rule or pattern ever sees more than `max`
 * characters, whatever the request holds.
 */
export function bounded(max: number, opts: { trim?: boolean; lower?: boolean } = {}) {
  const trimmed = opts.trim === false ? z.string() : z.string().trim();
  const schema = (opts.lower ? trimmed.toLowerCase() : trimmed).superRefine((value, ctx) => {
    const failure = rules.maxLength(value, max);
    if (failure)
      ctx.addIssue({ code: 'custom', message: failure.message, params: failure.args, continue: false });
  });
  boundedStrings.add(schema);
  return schema;
}

/**
 * Adds SPEC rules to a schema; the first failing rule is reported. A string must come from bounded(), so that the
 * rules only ever see bounded text (an unbounded one throws here, when the contract is loaded).
 */
export function ruled<T extends z.ZodType>(schema: T, ...checks: Check<z.output<T>>[]) {
  const input = inputOf(schema);
  if (
    (input as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'string' &&
    !boundedStrings.has(input)
  )
    throw new Error('ruled(): bound the string first, with bounded()');
  const refined = schema.superRefine((value, ctx) => {
    for (const check of checks) {
      const failure = check(value);
      if (failure) {
        ctx.addIssue({ code: 'custom', message: failure.message, params: failure.args });
        return;
      }
    }
  });
  if (input === schema) boundedStrings.add(refined);
  return refined;
}

// The int4 range (contract/constants.ts, which screens without zod read).
export { INT4_MAX, INT4_MIN };

/** A whole number in int4's range, from a number or a string of digits (an `in` filter value); else undefined. */
export function toInt4(v: string | number): number | undefined {
  const n = typeof v === 'number' ? v : PATTERNS.integer.re.test(v.trim()) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX ? n : undefined;
}

export const f = {
  id: () => z.number().int().positive().max(INT4_MAX),
  /** A whole number from 0 that an int4 column holds: a version, a position. */
  uint: () => z.number().int().min(0).max(INT4_MAX),
  /** Any whole number an int4 column holds (e.g. a value compared with one in a list filter). */
  int: () => z.number().int().min(INT4_MIN).max(INT4_MAX),
  /** Optional free text with a length limit; trimmed. */
  text: (max: number) => bounded(max),
  /** Required text with a length limit; trimmed. */
  requiredText: (max: number = NAME_MAX) => ruled(bounded(max), rules.required),
  email: () => ruled(bounded(EMAIL_MAX, { lower: true }), rules.required, rules.email),
  /** A new password: the SPEC password rule. */
  newPassword: () => ruled(bounded(PASSWORD_MAX, { trim: false }), rules.required, rules.password),
  /** An existing password being typed in: only required (old accounts may predate the rule). */
  password: () => ruled(bounded(PASSWORD_MAX, { trim: false }), rules.required),
  slug: (max = 100) => ruled(bounded(max), rules.required, rules.slug),
  /** Search words: a non-empty string (請輸入搜尋文字。), kept as typed. */
  keyword: () => ruled(bounded(200, { trim: false }), rules.keyword),
  /** A slug by the SPEC rule, or '' (made from the title by the server); trimmed. */
  slugOrEmpty: (max = 100) => ruled(bounded(max), (v) => (v === '' ? undefined : rules.slug(v))),
  verifyCode: () => ruled(bounded(VERIFY_CODE_LENGTH), rules.required, rules.verifyCode),
  /** An opaque token: a solved bot challenge, a verification or reset token. */
  token: () => ruled(bounded(TOKEN_MAX, { trim: false }), rules.required),
  /** A link or an image address by the SPEC link rule, or '' for none; trimmed. */
  /** An interface language, in the product's codes or SPEC §9's (`zh-tw`, `jp`, `en`); stored as the product's. */
  locale: () =>
    bounded(8).transform((v, ctx): Locale => {
      const locale = toLocale(v);
      if (locale) return locale;
      ctx.addIssue({ code: 'custom', message: 'validation.format' });
      return z.NEVER;
    }),
  linkOrEmpty: (max = LINK_MAX) => ruled(bounded(max), (v) => (v === '' ? undefined : rules.link(v))),
};
