/**
 * The filter panel's choices: categories, tags (a plain array) and authors (useChoices.ts calls them). Lists answer
 * `{rows}`; every answer becomes `{id, name}`.
 */
export interface Choice {
  id: number;
  name: string;
}

export type ChoiceSource = 'category' | 'tag' | 'author';

/** A row of any of the choice lists, as far as a choice reads it. */
type ChoiceRow = { id: number; name?: string; title?: string };

export function toChoices(data: unknown): Choice[] {
  const rows: unknown = Array.isArray(data) ? data : (data as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return [];
  return (rows as ChoiceRow[])
    .filter((r) => typeof r?.id === 'number')
    .map((r) => ({ id: r.id, name: String(r.name ?? r.title ?? r.id) }));
}
