/**
 * The generated form's pure logic, by field kind: the values a record (or a new one) starts with, what `save`
 * receives, how the server's field errors find their way back, and each input's check by the field's own zod rule
 * (its messages are the SPEC §5 i18n keys, translated by the inputs). No React here: unit tests import it directly.
 */
import type { z } from 'zod';
import { LANG_IDS } from '../../contract/contentConstants';
import type { Field, FieldKind, Fields } from '../../contract/entity';

/** zh-TW: the language per-language fields are required in and named from; always the first tab. */
export const SOURCE_LANG = 1;

type Values = Record<string, unknown>;

const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'longText', 'richText', 'slug', 'image']);

/** The fields a form edits: those with an input rule. */
export const editable = (fields: Fields = {}): [string, Field][] =>
  Object.entries(fields).filter(([, field]) => field.input);

/** A new record's value: the rule's default, else empty. */
function emptyOf(field: Field): unknown {
  const parsed = field.input?.safeParse(undefined);
  if (parsed?.success && parsed.data !== undefined) return parsed.data;
  if (TEXT_KINDS.has(field.kind)) return '';
  if (field.kind === 'switch') return false;
  if (field.kind === 'references' || field.kind === 'list') return [];
  return null;
}

const rowsOf = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((v): v is Values => typeof v === 'object' && v !== null) : [];

function subValues(fields: Fields | undefined, row: Values | undefined): Values {
  return Object.fromEntries(editable(fields).map(([name, field]) => [name, formValue(field, row?.[name])]));
}

function formValue(field: Field, value: unknown): unknown {
  if (field.kind === 'languages') {
    // One row per content language, in LANG_IDS order, whatever the record holds.
    const byLang = new Map(rowsOf(value).map((row) => [row.lang_id, row]));
    return LANG_IDS.map((lang_id) => ({ lang_id, ...subValues(field.fields, byLang.get(lang_id)) }));
  }
  if (field.kind === 'list') return rowsOf(value).map((row) => subValues(field.fields, row));
  return value === undefined || value === null ? emptyOf(field) : value;
}

/** The form's values: the record's (id 0 for a new one), every language present, empties as the inputs hold them. */
export const toFormValues = (fields: Fields, record?: Values): Values => ({
  id: record?.id ?? 0,
  ...subValues(fields, record),
});

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

function saveValue(field: Field, value: unknown): unknown {
  if (TEXT_KINDS.has(field.kind)) return typeof value === 'string' ? value : '';
  if (field.kind === 'list') return rowsOf(value).map((row) => saveRow(field.fields, row));
  return value ?? null;
}

const saveRow = (fields: Fields | undefined, row: Values): Values =>
  Object.fromEntries(editable(fields).map(([name, field]) => [name, saveValue(field, row[name])]));

export interface PreparedSave {
  body: Values & { id: number };
  /** For each per-language field, the form's index of each row sent. */
  formIndex: Record<string, number[]>;
}

/**
 * What `save` receives: the editable fields only (cleared text as ''), and of per-language rows those that hold
 * something (the source language always, first).
 */
export function toSaveBody(fields: Fields, values: Values): PreparedSave {
  const body: PreparedSave['body'] = { id: Number(values.id ?? 0) };
  const formIndex: Record<string, number[]> = {};
  for (const [name, field] of editable(fields)) {
    if (field.kind !== 'languages') {
      body[name] = saveValue(field, values[name]);
      continue;
    }
    const rows = rowsOf(values[name])
      .map((row, index) => ({
        index,
        row: { lang_id: row.lang_id, ...saveRow(field.fields, row) } as Values,
      }))
      .filter(
        ({ row }) =>
          row.lang_id === SOURCE_LANG || Object.keys(field.fields ?? {}).some((k) => !isBlank(row[k])),
      )
      .sort((a, b) => Number(b.row.lang_id === SOURCE_LANG) - Number(a.row.lang_id === SOURCE_LANG));
    body[name] = rows.map((r) => r.row);
    formIndex[name] = rows.map((r) => r.index);
  }
  return { body, formIndex };
}

/** The server's field errors keyed as the form is: a sent per-language row's index becomes the form's. */
export function toFormErrors(errors: Record<string, string>, formIndex: Record<string, number[]>): Values {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const [name, at, ...rest] = key.split('.');
    const rows = formIndex[name];
    const field = rows && at !== undefined ? [name, rows[Number(at)] ?? 0, ...rest].join('.') : key;
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/** A zod issue as the server words it (server/http/reply.ts zodFieldErrors): an i18n key and its arguments. */
export function issueMessage(issue: z.core.$ZodIssue): {
  message: string;
  args: Record<string, string | number>;
} {
  if (issue.code === 'custom') {
    return {
      message: issue.message,
      args: (issue as { params?: Record<string, string | number> }).params ?? {},
    };
  }
  if (issue.input === undefined || issue.input === null) return { message: 'validation.required', args: {} };
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { message: 'validation.maxLength', args: { n: Number(issue.maximum) } };
  if (issue.code === 'too_small' && issue.origin === 'string')
    return { message: 'validation.minLength', args: { n: Number(issue.minimum) } };
  return { message: 'validation.format', args: {} };
}

/** The value the rule is checked on: what `toSaveBody` would send. */
const checked = (field: Field, value: unknown) =>
  TEXT_KINDS.has(field.kind) ? (typeof value === 'string' ? value : '') : (value ?? undefined);

/**
 * An input's check: the field's zod rule, its first failure as react-admin's `{message, args}`; marked `isRequired`
 * (the asterisk) when an empty value fails.
 */
export function validatorOf(field: Field) {
  const rule = field.input;
  const validate = (value: unknown) => {
    if (!rule) return undefined;
    const result = rule.safeParse(checked(field, value));
    return result.success ? undefined : issueMessage(result.error.issues[0]);
  };
  return Object.assign(validate, {
    isRequired: Boolean(rule) && validate(checked(field, null)) !== undefined,
  });
}
