/**
 * Statements a hot path runs on every call, built once per database handle with drizzle's `.prepare(name)` (issue 31):
 * building a query costs more than sending it. A named statement is also planned once per connection; an unnamed one
 * (`.prepare('')`, the public site's) is planned with each call's values.
 */
import type { Db } from '../db/client';

/** `build(db)` made on the first call for each database handle, then the same statements again. */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const made = preparedPerShape<T>();
  return (db) => made(db, '', () => build(db));
}

/**
 * Statements whose text depends on a few choices made in code (a list's filters, a key that is an id or a slug): each
 * shape built once per database handle, on its first use, by `build`. A shape's name must say every choice that
 * changes the text; the choices are the code's, so the shapes are few.
 */
export function preparedPerShape<T>(): (db: Db, shape: string, build: () => T) => T {
  const made = new WeakMap<Db, Map<string, T>>();
  return (db, shape, build) => {
    let shapes = made.get(db);
    if (!shapes) {
      shapes = new Map();
      made.set(db, shapes);
    }
    let statement = shapes.get(shape);
    if (!statement) {
      statement = build();
      shapes.set(shape, statement);
    }
    return statement;
  };
}
