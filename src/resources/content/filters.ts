/**
 * The content lists' filters → the API's filter objects `{col, value, type}` (contract/list.ts). A blank keyword is
 * never sent: the server answers it with 請輸入搜尋文字。.
 */
import type { Filter } from '../../../contract/list';

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isInteger(v));

const inFilter =
  (col: string) =>
  (value: unknown): Filter | undefined => {
    const list = ids(value);
    return list.length ? { col, value: list, type: 'in' } : undefined;
  };

export const keywordFilter = (value: unknown): Filter | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? { col: 'keyword', value: value.trim(), type: 'search' }
    : undefined;

/** Pinned or not: the list of pinned items asks for `to_top` true. */
export const pinnedFilter = (value: unknown): Filter | undefined =>
  typeof value === 'boolean' ? { col: 'to_top', value: [value ? 1 : 0], type: 'in' } : undefined;

/** react-admin filter name → API filter. The names are those of the filter panel. */
export const contentFilters: Record<string, (value: unknown) => Filter | undefined> = {
  keyword: keywordFilter,
  status: inFilter('status'),
  category_id: inFilter('category_id'),
  tag: inFilter('tag'),
  author: inFilter('author'),
  lang_id: inFilter('lang_id'),
  to_top: pinnedFilter,
};
