/**
 * Who is calling — a session, its user, the site scope (role, staff row, site's plan and support access, plan row,
 * support entry) — is cached by each server process (http/callerCache.ts, issue 31). This file says when such a cached
 * caller goes stale, two ways, both as a `Change` (`<what>:<id>` on the wire):
 *
 * - across processes: the migration's triggers on those tables call `pg_notify('callers', '<what>:<id>')` on every
 *   change that matters (any instance, the CLI scripts, psql), and `listenForChanges` keeps one LISTEN connection per
 *   process (node-postgres on PostgreSQL, `listen()` on PGlite), reconnecting with backoff when it drops;
 * - in this process, synchronously: the database handle made by openDatabase reports every write statement to those
 *   tables (drizzle's query logger, called before the statement is sent) to its `ChangeHub`, so the very next request
 *   never reads a caller the writing path just changed, whatever the notification's timing.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { dedicatedClient } from './dedicatedClient';

/** The LISTEN/NOTIFY channel of the migration's triggers (callers_notify). */
export const CHANGES_CHANNEL = 'callers';

/** `langpack` is no caller's: a language's corrections (modules/langPack/packs.ts). */
export type ChangeKind = 'session' | 'user' | 'staff' | 'role' | 'site' | 'plan' | 'support' | 'langpack';
/** One changed row by its key, or `all` when a statement's rows cannot be told (drop everything). */
export type Change = { kind: ChangeKind; id: string } | { kind: 'all' };

const KINDS = new Set<string>(['session', 'user', 'staff', 'role', 'site', 'plan', 'support', 'langpack']);

/** A notification's payload (`<what>:<id>`) as a Change; an unknown one drops everything, to be safe. */
export function parseChange(payload: string): Change {
  const at = payload.indexOf(':');
  const kind = payload.slice(0, at);
  return at > 0 && KINDS.has(kind)
    ? { kind: kind as ChangeKind, id: payload.slice(at + 1) }
    : { kind: 'all' };
}

interface Watched {
  /** Columns whose `"table"."column" = $n` in a statement names the changed rows, and the kind each names. */
  keys: [column: string, kind: ChangeKind][];
  /** An INSERT changes a cached caller (a new staff row may move a session's site); others only add callers. */
  inserts: boolean;
  /** Only statements mentioning one of these columns matter (a site's many other settings do not). */
  only?: RegExp;
  /** The regular expressions of `keys`, made once. */
  patterns?: [RegExp, ChangeKind][];
}

const WATCHED: Record<string, Watched> = {
  sessions: {
    keys: [
      ['id', 'session'],
      ['user_id', 'user'],
    ],
    inserts: false,
  },
  users: { keys: [['id', 'user']], inserts: false },
  site_staff: { keys: [['user_id', 'staff']], inserts: true },
  roles: { keys: [['id', 'role']], inserts: false },
  sites: { keys: [['id', 'site']], inserts: false, only: /service_id|support_access/i },
  plans: { keys: [['id', 'plan']], inserts: false },
  support_entries: {
    keys: [
      ['id', 'support'],
      ['site_id', 'site'],
    ],
    inserts: false,
  },
};
for (const [table, w] of Object.entries(WATCHED))
  w.patterns = w.keys.map(([column, kind]) => [new RegExp(`"${table}"\\."${column}" = \\$(\\d+)`), kind]);

const WRITE = /^\s*(update|delete\s+from|insert\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?"?(\w+)"?/i;

/** What a statement changes among the watched tables: nothing, some keys, or everything (`all`). */
export function changesOf(query: string, params: readonly unknown[]): Change[] {
  // Reads are most statements: one character tells them apart (drizzle writes lower case).
  const first = query.charCodeAt(0) | 0x20;
  if (first === 0x73 /* s */ || first === 0x77 /* w(ith) */) return [];
  const m = WRITE.exec(query);
  if (!m) return [];
  const watched = WATCHED[m[2].toLowerCase()];
  if (!watched) return [];
  const verb = m[1].toLowerCase();
  if (verb.startsWith('insert') && !watched.inserts) return [];
  if (verb.startsWith('truncate')) return [{ kind: 'all' }];
  if (watched.only && verb === 'update' && !watched.only.test(query)) return [];
  const found: Change[] = [];
  for (const [pattern, kind] of watched.patterns ?? []) {
    const key = pattern.exec(query);
    const value = key ? params[Number(key[1]) - 1] : undefined;
    if (typeof value === 'string' || typeof value === 'number') found.push({ kind, id: String(value) });
  }
  // An INSERT names its rows in VALUES, not in a WHERE: a new staff row drops every cached caller (rare).
  return found.length && !verb.startsWith('insert') ? [found[0]] : [{ kind: 'all' }];
}

/** The writes one database handle makes, told synchronously to whoever listens (each app's caller cache). */
export class ChangeHub implements Logger {
  private listeners = new Set<(change: Change) => void>();

  on(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** drizzle's logger hook: called with every statement, before it is sent. */
  logQuery(query: string, params: unknown[]): void {
    if (!this.listeners.size) return;
    for (const change of changesOf(query, params)) for (const l of this.listeners) l(change);
  }
}

const hubs = new WeakMap<object, ChangeHub>();

/** Binds a hub to the database handle it watches (openDatabase). */
export function registerHub(db: object, hub: ChangeHub): void {
  hubs.set(db, hub);
}

/** The hub of a database handle made by openDatabase, if any. */
export const hubOf = (db: object): ChangeHub | undefined => hubs.get(db);

export interface ChangeFeed {
  /** True while notifications are being received: only then may callers be cached. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface FeedEvents {
  change(change: Change): void;
  /** Listening started (again): caching may start. */
  up(): void;
  /** The connection dropped: notifications may have been missed, so drop everything and stop caching. */
  down(err?: Error): void;
}

const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5_000;

/**
 * Listens on CHANGES_CHANNEL for the database behind `client` (drizzle's `$client`: a pg Pool, or PGlite). Resolves
 * once the first attempt has succeeded or failed; on PostgreSQL a lost connection is reconnected with a growing delay.
 */
export async function listenForChanges(client: unknown, events: FeedEvents): Promise<ChangeFeed> {
  if (client instanceof PGlite) {
    let listening = false;
    const unlisten = await client
      .listen(CHANGES_CHANNEL, (payload) => events.change(parseChange(payload)))
      .then((off) => {
        listening = true;
        events.up();
        return off;
      })
      .catch((err: Error) => {
        events.down(err);
        return undefined;
      });
    return {
      get listening() {
        return listening;
      },
      close: async () => {
        listening = false;
        if (!client.closed) await unlisten?.().catch(() => undefined);
      },
    };
  }
  // Another kind of handle (none today): no notifications, so nothing is ever cached.
  if (!(client instanceof pg.Pool)) return { listening: false, close: async () => undefined };
  const pool = client;
  let closed = false;
  let listening = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = BACKOFF_MIN_MS;
  const lost = (c: pg.Client, err?: Error) => {
    if (current !== c) return;
    current = undefined;
    listening = false;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    events.down(err);
    if (closed) return;
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, BACKOFF_MAX_MS);
  };
  async function connect(): Promise<void> {
    timer = undefined;
    if (closed) return;
    const c = dedicatedClient(pool, 'callers-listen');
    current = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === CHANGES_CHANNEL) events.change(parseChange(msg.payload ?? ''));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (current !== c || closed) return;
      listening = true;
      delay = BACKOFF_MIN_MS;
      events.up();
    } catch (err) {
      lost(c, err as Error);
    }
  }
  await connect();
  return {
    get listening() {
      return listening;
    },
    close: async () => {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      const c = current;
      current = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
