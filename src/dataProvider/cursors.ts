/**
 * The list cursors the SPA keeps (issue 31): the last page each list query answered carries a `cursor` (its edge
 * rows); the next call of the same query — same resource, filters, sort and page size, any page — sends it back as
 * `query.cursor`, so that the server reads a neighbouring page by a keyset seek instead of an offset. The server
 * ignores a cursor of another query, so a stale one costs nothing but the seek.
 */
const KEPT = 50;
const cursors = new Map<string, string>();

/** The query's identity: the call's path and body without the page (and without any cursor). */
export function cursorKey(path: string, body: { query?: object }): string {
  const { page: _page, cursor: _cursor, ...rest } = (body.query ?? {}) as Record<string, unknown>;
  return JSON.stringify([path, { ...body, query: rest }]);
}

/** The body with the query's cursor, if one is kept. */
export function withCursor<B extends { query?: object }>(path: string, body: B): B {
  const cursor = cursors.get(cursorKey(path, body));
  return cursor && body.query ? { ...body, query: { ...body.query, cursor } } : body;
}

/** Keeps the cursor a reply carried (or forgets the query's when it carried none); at most KEPT queries. */
export function keepCursor(path: string, body: { query?: object }, cursor: string | undefined) {
  const key = cursorKey(path, body);
  cursors.delete(key);
  if (!cursor) return;
  cursors.set(key, cursor);
  if (cursors.size > KEPT) cursors.delete(cursors.keys().next().value as string);
}
