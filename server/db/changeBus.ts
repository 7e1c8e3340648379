/**
 * One app's view of what changes in the database (issue 32): its own writes, told synchronously by its handle's hub,
 * and every process's, told by PostgreSQL notifications on one LISTEN connection (db/changes.ts). Whatever a process
 * caches across requests — who is calling (http/callerCache.ts), the plans (tenancy/catalogue.ts) — listens here
 * instead of opening a connection of its own.
 *
 * `reset` tells a listener that notifications may have been missed (the connection dropped, or came back): it drops
 * everything. While `listening` is false a listener must not trust what it holds beyond its own short fallback.
 */
import { type Change, hubOf, listenForChanges } from './changes';

export interface BusListener {
  change(change: Change): void;
  reset(): void;
}

export interface ChangeBus {
  readonly listening: boolean;
  /** Adds a listener; answers the function that removes it. */
  on(listener: BusListener): () => void;
  close(): Promise<void>;
}

// Apps sharing one handle (tests' PGlite instances) each start one; any open one serves a reader of that handle.
const buses = new WeakMap<object, Set<ChangeBus>>();

/** A bus started for `db` and not closed yet, if any (the one listening, when there is one). */
export function busOf(db: object): ChangeBus | undefined {
  const open = [...(buses.get(db) ?? [])];
  return open.find((b) => b.listening) ?? open[0];
}

/** Starts the bus of one app on `db` (drizzle's handle from openDatabase; `$client` is a pg Pool or PGlite). */
export async function startChangeBus(
  db: object,
  log: { warn(obj: object, msg: string): void; info(msg: string): void },
): Promise<ChangeBus> {
  const listeners = new Set<BusListener>();
  const change = (c: Change) => {
    for (const l of listeners) l.change(c);
  };
  const reset = () => {
    for (const l of listeners) l.reset();
  };
  const off = hubOf(db)?.on(change);
  let wasDown = false;
  const feed = await listenForChanges((db as { $client?: unknown }).$client, {
    change,
    up: () => {
      reset();
      if (wasDown) log.info('change notifications: listening again');
    },
    down: (err) => {
      reset();
      if (!wasDown) log.warn({ err }, 'change notifications lost; caches hold nothing until reconnected');
      wasDown = true;
    },
  });
  const bus: ChangeBus = {
    get listening() {
      return feed.listening;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      buses.get(db)?.delete(bus);
      off?.();
      await feed.close();
      reset();
      listeners.clear();
    },
  };
  const set = buses.get(db) ?? new Set();
  set.add(bus);
  buses.set(db, set);
  return bus;
}
