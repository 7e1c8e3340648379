/**
 * Where the filter panel gets its choices: categories (`category/all`), tags (`tag/all`, a plain array) and authors
 * (`author/list`). Lists answer `{rows}`; every answer becomes `{id, name}`.
 */
import { PAGE_SIZE_MAX } from '../../../contract/constants';

export interface Choice {
  id: number;
  name: string;
}

export type ChoiceSource = 'category' | 'tag' | 'author';

const firstPage = { query: { page: 1, size: PAGE_SIZE_MAX, sort: { col: 'name', order: 'asc' } } };

export const choiceCalls: Record<ChoiceSource, { path: string; body: object }> = {
  category: { path: 'category/all', body: firstPage },
  tag: { path: 'tag/all', body: {} },
  author: { path: 'author/list', body: firstPage },
};

type Named = { id: number; name?: string; title?: string };

export function toChoices(data: unknown): Choice[] {
  const rows: unknown = Array.isArray(data) ? data : (data as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return [];
  return (rows as Named[])
    .filter((r) => typeof r?.id === 'number')
    .map((r) => ({ id: r.id, name: String(r.name ?? r.title ?? r.id) }));
}
