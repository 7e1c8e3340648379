/** List queries (SPEC §7): pages, sorting and filter objects `{col, value, type}`. */
import { z } from 'zod';
import { LIST_CURSOR_MAX, PAGE_SIZE_MAX } from './constants';
import { f } from './fields';
import { rules } from './validation';

const scalar = z.union([z.string().max(200), z.number()]);
/** Numbers in a filter are compared with int4 columns (ids, statuses, languages): whole and in their range. */
const int4 = f.int();
const comparable = (v: string | number) => typeof v === 'string' || int4.safeParse(v).success;

export const Filter = z
  .strictObject({
    col: z.string().max(64),
    value: z.union([scalar, z.array(scalar).max(1000)]),
    type: z.enum(['search', 'in']),
  })
  .superRefine((filter, ctx) => {
    const failure =
      filter.type === 'search'
        ? rules.keyword(filter.value)
        : Array.isArray(filter.value) && filter.value.every(comparable)
          ? undefined
          : { message: 'validation.format' };
    if (failure) ctx.addIssue({ code: 'custom', path: ['value'], message: failure.message });
  });
export type Filter = z.infer<typeof Filter>;

export const ListQuery = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  filters: z.array(Filter).max(20).default([]),
  sort: z.strictObject({ col: z.string().max(64), order: z.enum(['asc', 'desc']) }).optional(),
  /**
   * The `cursor` of a page of this same list (same filters, sort and size) that the caller has, so that a page near
   * it is read by a keyset seek instead of an offset (issue 31). Opaque; a cursor of another query is ignored, a
   * malformed one is a field error. `page` still says which page is wanted.
   */
  cursor: z.string().max(LIST_CURSOR_MAX).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const ListInput = z.strictObject({ query: ListQuery.default({ page: 1, size: 10, filters: [] }) });
export type ListInput = z.input<typeof ListInput>;

export interface ListResult<T> {
  rows: T[];
  total: number;
  /** The total is the database's estimate (the list is over LIST_EXACT_TOTAL rows); absent when exact. */
  approximate?: true;
  /** This page's edge rows, opaque: sent back as `query.cursor` it makes the neighbouring pages keyset seeks. */
  cursor?: string;
}

/** A list reply's schema (`ListResult`) for rows of `row`. */
export const listResult = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number(),
    approximate: z.literal(true).optional(),
    cursor: z.string().optional(),
  });

/** A resource's listable columns: which may be filtered and which sorted. */
export interface ListColumns {
  filter: readonly string[];
  sort: readonly string[];
}

export const IdInput = z.strictObject({ id: f.id() });
export type IdInput = z.infer<typeof IdInput>;
/** A delete's answer: the id that was deleted. */
export const IdReply = z.object({ id: z.number() });
/** The records a call changed or deleted, by id (a delete of several at once). */
export const IdsReply = z.object({ ids: z.array(z.number()) });
