/**
 * The published snapshot: what readers see while the draft goes on changing. Publishing and the scheduler build it
 * from the draft columns in SQL, with this one expression.
 */
import { sql } from 'drizzle-orm';
import { contents, type PublishedSnapshot } from './schema';

export const snapshotOfDraft = sql<PublishedSnapshot>`jsonb_build_object(
  'title', ${contents.title}, 'subtitle', ${contents.subtitle}, 'content', ${contents.body},
  'cover', ${contents.cover}, 'abstract', ${contents.abstract}, 'seo', ${contents.seo})`;

type Draft = Pick<typeof contents.$inferSelect, 'title' | 'subtitle' | 'body' | 'cover' | 'abstract' | 'seo'>;

export const snapshotOf = (d: Draft): PublishedSnapshot => ({
  title: d.title,
  subtitle: d.subtitle,
  content: d.body,
  cover: d.cover,
  abstract: d.abstract,
  seo: d.seo,
});

/** JSON with object keys sorted: jsonb hands keys back in its own order, so plain JSON.stringify cannot compare. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sameJson = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/**
 * sameJson of two values both read from jsonb columns: jsonb hands every object's keys back in one order of its own
 * (shorter keys first), so equal values are equal text and plain JSON.stringify compares them.
 */
export const sameStoredJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
