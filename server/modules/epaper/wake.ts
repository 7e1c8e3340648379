/**
 * The sender jobs of this process, by database: a send made now wakes them at once instead of at their next poll.
 * (Another instance's job finds it at its poll.)
 */
import type { Db } from '../../db/client';

const listeners = new Map<Db, Set<() => void>>();

export function onEpaperSend(db: Db, listener: () => void): () => void {
  const set = listeners.get(db) ?? new Set<() => void>();
  listeners.set(db, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function wakeEpaperSenders(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}
