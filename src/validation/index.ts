/**
 * The SPEC §5 rules (contract/validation.ts) as form validators. A validator answers undefined or
 * `{message, args}` with an i18n key — the shape react-admin inputs translate. Empty values pass every rule but
 * `required`, so rules combine freely.
 */
import { type RuleResult, rules } from '../../contract/validation';

export type Validator = (value: unknown, allValues?: Record<string, unknown>) => RuleResult;
/** react-admin's shape of a failure: arguments always present. */
export type FormFailure = { message: string; args: Record<string, string | number> } | undefined;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const unlessEmpty =
  (check: (v: string) => RuleResult): Validator =>
  (value) =>
    text(value) === '' ? undefined : check(text(value));

/** Marked `isRequired`, as react-admin's own, so inputs show the required asterisk. */
export const required = (): Validator =>
  Object.assign((value: unknown) => rules.required(value), { isRequired: true });
export const email = (): Validator => unlessEmpty((v) => rules.email(v.trim()));
export const tel = (): Validator => unlessEmpty(rules.tel);
export const slug = (): Validator => unlessEmpty(rules.slug);
export const password = (): Validator => unlessEmpty(rules.password);
export const maxLength = (n: number): Validator => unlessEmpty((v) => rules.maxLength(v.trim(), n));
export const minLength = (n: number): Validator => unlessEmpty((v) => rules.minLength(v.trim(), n));
export const time = (): Validator => unlessEmpty(rules.time);
export const domain = (): Validator => unlessEmpty(rules.domain);
export const link = (): Validator => unlessEmpty(rules.link);
export const verifyCode = (): Validator => unlessEmpty(rules.verifyCode);
/** One of `known` (contract/timezones.ts). */
export const timezone = (known: readonly string[]): Validator => unlessEmpty((v) => rules.timezone(v, known));
export const dateFuture = (): Validator => (value) =>
  value === undefined || value === null || value === '' ? undefined : rules.dateFuture(value as string);

/** Equal to another field of the same form (password confirmation). */
export const passwordEquals =
  (field: string): Validator =>
  (value, all) =>
    text(value) === '' ? undefined : rules.passwordEquals(text(value), text(all?.[field]));

/** Different from another field of the same form (new vs current password). */
export const passwordNotEquals =
  (field: string): Validator =>
  (value, all) =>
    text(value) === '' ? undefined : rules.passwordNotEquals(text(value), text(all?.[field]));

export const tagsCheck =
  (n: number): Validator =>
  (value) =>
    rules.tagsCheck(Array.isArray(value) ? value : [], n);
export const countMin =
  (n = 1): Validator =>
  (value) =>
    rules.countMin(Array.isArray(value) ? value : [], n);
export const hasChecked = (): Validator => (value) => rules.hasChecked(Array.isArray(value) ? value : []);
export const duplicateCheck =
  (taken: readonly string[]): Validator =>
  (value) =>
    text(value) === '' ? undefined : rules.duplicateCheck(text(value), taken);

/** Runs validators in order; the first failure wins. The result is a react-admin `validate` function. */
export const compose = (...validators: Validator[]) =>
  Object.assign(
    (value: unknown, all?: Record<string, unknown>): FormFailure => {
      for (const validate of validators) {
        const failure = validate(value, all);
        if (failure) return { message: failure.message, args: failure.args ?? {} };
      }
      return undefined;
    },
    { isRequired: validators.some((v) => (v as { isRequired?: boolean }).isRequired) },
  );
