/** The generated screens' small pure helpers: which dialog an address asks for, and how lists look. */

import { INT4_MAX } from '../../contract/constants';
import type { Field, Fields } from '../../contract/entity';

/** A field as the generated list reads it: without its schemas (src/entities/registry.ts loadEntityList). */
export type ListField = Omit<Field, 'input' | 'output' | 'fields'>;

/** What shows one field of a resource: its input, its filter, its cell. */
export interface FieldProps {
  resource: string;
  /** The field's name: its words are `resources.<resource>.fields.<name>`. */
  name: string;
  field: ListField;
}

/** What an input of a form field gets. */
export interface FieldInputProps extends FieldProps {
  field: Field;
  /** Where the value sits in the form (`name`, or `lang.2.title` inside a sub-record). */
  source: string;
  /** The record's fields, for a slug made from another one. */
  fields: Fields;
}

/** The i18n key of a field's name (an enum's values are `<key>_<value>`). */
export const fieldLabel = (resource: string, name: string) => `resources.${resource}.fields.${name}`;

/**
 * Which dialog the rest of a list's route asks for: `''` none, `0` (or `create`) a new record, a positive integer
 * that record; anything else is not a record (null).
 */
export function modalFor(rest: string | undefined): { open: false } | { open: true; id: number } | null {
  // A trailing run of slashes is taken from its first one only: retried from each, a long run is quadratic.
  const part = (rest ?? '').replace(/(?<!\/)\/+$/, '');
  if (part === '') return { open: false };
  if (part === 'create') return { open: true, id: 0 };
  if (!/^\d{1,10}$/.test(part)) return null;
  const id = Number(part);
  return id <= INT4_MAX ? { open: true, id } : null;
}

/** List tables: headers on one line; dates and counts stay whole, slugs may wrap at their hyphens. */
export const tableSx = {
  // A wide table scrolls inside its card; the page itself never gets wider than the window.
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
  '& td.column-updated_at, & td.column-created_at, & td.column-count': { whiteSpace: 'nowrap' },
  '& td.column-active': { minWidth: 104 },
  '& td.column-name': { minWidth: 150 },
} as const;

/**
 * What a picture-less avatar shows: the first character, or the initials of the first two words of a name written
 * with spaces (Ann Lee → AL).
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0])
    .join('')
    .toUpperCase();
}

/** The slug rule's input, made from a title or a typed slug (lazy: pinyin-pro is large). */
export const loadSlugify = () => import('../../contract/slug').then((m) => m.slugify);
