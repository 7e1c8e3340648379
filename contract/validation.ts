/**
 * The validation rules of SPEC §5, once. Each rule answers `undefined` when the value passes, or the i18n key of its
 * message (under `validation.`) with the arguments the message needs. The SPA wraps them as form validators
 * (src/validation), the server as zod refinements (contract/fields.ts); both show the same words.
 */
import { PASSWORD_MIN } from './constants';
import { PATTERNS } from './patterns';

export interface RuleFailure {
  message: string;
  args?: Record<string, string | number>;
}
export type RuleResult = RuleFailure | undefined;

const fail = (name: string, args?: RuleFailure['args']): RuleFailure =>
  args ? { message: `validation.${name}`, args } : { message: `validation.${name}` };

/** Characters as a person counts them (code points, so 𠮷 is one). */
export const charCount = (s: string): number => [...s].length;

const isBlank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const { email, tel, space, slug, time, domain, verifyCode, digit, lowercase, sitePath, webUrl, mailLink } =
  PATTERNS;

export const rules = {
  required: (v: unknown): RuleResult => (isBlank(v) ? fail('required') : undefined),

  email: (v: string): RuleResult => (email.re.test(v) ? undefined : fail('email')),

  tel: (v: string): RuleResult => (tel.re.test(v.replace(space.re, '')) ? undefined : fail('tel')),

  slug: (v: string): RuleResult => (slug.re.test(v) ? undefined : fail('slug')),

  password: (v: string): RuleResult =>
    v.length >= PASSWORD_MIN && digit.re.test(v) && lowercase.re.test(v) ? undefined : fail('password'),

  passwordEquals: (v: string, other: string): RuleResult =>
    v === other ? undefined : fail('passwordEquals'),

  passwordNotEquals: (v: string, old: string): RuleResult =>
    v !== old ? undefined : fail('passwordNotEquals'),

  /** A character is one or two UTF-16 units: a string of more than 2n units is too long without counting it. */
  maxLength: (v: string, n: number): RuleResult =>
    v.length <= n || (v.length <= 2 * n && charCount(v) <= n) ? undefined : fail('maxLength', { n }),

  minLength: (v: string, n: number): RuleResult => (charCount(v) >= n ? undefined : fail('minLength', { n })),

  dateFuture: (v: Date | string | number, now: number = Date.now()): RuleResult => {
    const t = v instanceof Date ? v.getTime() : new Date(v).getTime();
    return Number.isFinite(t) && t > now ? undefined : fail('dateFuture');
  },

  time: (v: string): RuleResult => (time.re.test(v) ? undefined : fail('time')),

  domain: (v: string): RuleResult => (domain.re.test(v) ? undefined : fail('domain')),

  /** A link in text: what `link` accepts, or a mail address (mailto:). */
  textLink: (v: string): RuleResult => (mailLink.re.test(v) ? undefined : rules.link(v)),

  /** An http(s) URL or an absolute path on the site. */
  link: (v: string): RuleResult => {
    if (sitePath.re.test(v)) return undefined;
    if (!webUrl.re.test(v)) return fail('link');
    try {
      new URL(v);
      return undefined;
    } catch {
      return fail('link');
    }
  },

  tagsCheck: (tags: readonly unknown[], n: number): RuleResult =>
    tags.length <= n ? undefined : fail('tagsCheck', { n }),

  countMin: (list: readonly unknown[], n = 1): RuleResult =>
    list.filter((x) => !isBlank(x)).length >= n ? undefined : fail('countMin', { n }),

  hasChecked: (list: readonly unknown[]): RuleResult => (list.some(Boolean) ? undefined : fail('hasChecked')),

  /** The value must not already be among `taken` (compared without case or surrounding spaces). */
  duplicateCheck: (v: string, taken: readonly string[]): RuleResult => {
    const key = v.trim().toLowerCase();
    return taken.some((t) => t.trim().toLowerCase() === key) ? fail('duplicate') : undefined;
  },

  /**
   * One of the known zones (contract/timezones.ts), passed in: a rule holding the list would bring its 7 kB into
   * every screen that uses any rule, the sign-in screens among them.
   */
  timezone: (v: string, known: readonly string[]): RuleResult =>
    known.includes(v) ? undefined : fail('timezone'),

  verifyCode: (v: string): RuleResult => (verifyCode.re.test(v) ? undefined : fail('verifyCode')),

  /** Search keywords must be a non-empty string. */
  keyword: (v: unknown): RuleResult =>
    typeof v === 'string' && v.trim() !== '' ? undefined : fail('keyword'),
} as const;

export type RuleName = keyof typeof rules;

/** Runs rules in order and answers the first failure. */
export function firstFailure(...results: RuleResult[]): RuleResult {
  return results.find((r) => r !== undefined);
}
