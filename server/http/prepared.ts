/**
 * Statements a hot path runs on every call, built once per database handle with drizzle's `.prepare(name)` (issue 31):
 * building a query costs more than sending it, and PostgreSQL plans a named statement once per connection.
 */
import type { Db } from '../db/client';

/** `build(db)` made on the first call for each database handle, then the same statements again. */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) {
      statements = build(db);
      made.set(db, statements);
    }
    return statements;
  };
}
