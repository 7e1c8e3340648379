/**
 * Who is calling, kept in this process between requests (issue 31): by session id (the token's hash), the session and
 * its user, and once asked the site scope (role permissions, plan features, plan). modules/auth reads through it
 * (resolveSession, resolveSite); a change to any row a cached caller was read from drops it (db/changes.ts): at once
 * when this process writes it, within the notification's delay when another does. While the notifications are not
 * being received (not yet connected, or the connection dropped) nothing is cached; every entry also ends after
 * CALLER_CACHE_TTL_MS, and the LRU keeps at most CALLER_CACHE_MAX sessions. Time-bound facts (the session's and a
 * support entry's expiry) are checked against the request's clock on every hit by the reader.
 */
import { LRUCache, type Perf } from 'lru-cache';
import { CALLER_CACHE_CLOCK_MS, CALLER_CACHE_MAX, CALLER_CACHE_TTL_MS } from '../../contract/constants';
import type { ChangeBus } from '../db/changeBus';
import type { Change } from '../db/changes';
import type { AuthUser, SessionInfo, SiteScope } from './caller';

export interface CachedSite {
  scope: SiteScope | null;
  /** The rows it was read from, by key: the staff row's site and role, the site's plan. */
  siteId: number | null;
  roleId: number | null;
  planId: number | null;
}

export interface CachedCaller {
  session: SessionInfo;
  user: AuthUser;
  /** ms since the epoch */
  expiresAt: number;
  lastSeenAt: number;
  /** The site scope, once resolved. */
  site?: CachedSite;
}

export class CallerCache {
  private lru: LRUCache<string, CachedCaller>;
  /** Bumped by every change: a read that began before one is not stored (it may hold the old rows). */
  private generation = 0;
  /** The session this process is touching (its own write, which changes nothing cached but the times it sets). */
  private touching: string | undefined;

  /** `clock` is for tests (lru-cache reads performance.now otherwise). */
  constructor(
    private readonly listening: () => boolean,
    clock?: Perf,
  ) {
    this.lru = new LRUCache<string, CachedCaller>({
      max: CALLER_CACHE_MAX,
      ttl: CALLER_CACHE_TTL_MS,
      // The clock is read at most once a CALLER_CACHE_CLOCK_MS (at lru-cache's default, 1 ms, it set a timer about
      // every call under load): an entry may outlive its TTL by that much; every change still drops it at once.
      ttlResolution: CALLER_CACHE_CLOCK_MS,
      perf: clock,
    });
  }

  get enabled(): boolean {
    return this.listening();
  }

  /** The generation to hand back to `set`/`setSite` after a read. */
  mark(): number {
    return this.generation;
  }

  get(id: string): CachedCaller | undefined {
    return this.enabled ? this.lru.get(id) : undefined;
  }

  /** Stores a caller read since `mark`, unless something changed meanwhile or nothing may be cached. */
  set(id: string, caller: CachedCaller, mark: number): void {
    if (this.enabled && mark === this.generation) this.lru.set(id, caller);
  }

  /** Adds the site scope to a cached caller (still the same entry, nothing changed since `mark`). */
  setSite(id: string, caller: CachedCaller, site: CachedSite, mark: number): void {
    if (this.enabled && mark === this.generation && this.lru.peek(id) === caller) caller.site = site;
  }

  /** Runs this process's own touch of a session (last_seen_at, expiry), which must not drop its entry. */
  async touch<T>(id: string, write: () => Promise<T>): Promise<T> {
    this.touching = id;
    try {
      // The statement is reported to the hub synchronously, inside write()'s first step.
      const pending = write();
      this.touching = undefined;
      return await pending;
    } finally {
      this.touching = undefined;
    }
  }

  /** Drops what a change makes stale. */
  apply(change: Change): void {
    if (change.kind === 'session' && change.id === this.touching) return;
    if (change.kind === 'langpack') return; // no caller is read from it
    this.generation++;
    if (change.kind === 'all') {
      this.lru.clear();
      return;
    }
    if (change.kind === 'session') {
      this.lru.delete(change.id);
      return;
    }
    const id = Number(change.id);
    const stale = (c: CachedCaller): boolean => {
      switch (change.kind) {
        case 'user':
        case 'staff':
          return c.user.id === id;
        case 'role':
          return c.site?.roleId === id;
        case 'site':
          return c.session.siteId === id || c.site?.siteId === id;
        case 'plan':
          return c.site?.planId === id;
        case 'support':
          return c.session.supportEntryId === id;
        default:
          return true;
      }
    };
    for (const [key, c] of this.lru.entries()) if (stale(c)) this.lru.delete(key);
  }

  /** Drops everything (the notifications stopped: some may have been missed). */
  clear(): void {
    this.generation++;
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}

/** A caller cache for one app, fed by its change bus (db/changeBus.ts: its own writes and every process's). */
export function startCallerCache(bus: ChangeBus): { cache: CallerCache; close(): void } {
  const cache = new CallerCache(() => bus.listening);
  const off = bus.on({ change: (change) => cache.apply(change), reset: () => cache.clear() });
  return {
    cache,
    close: () => {
      off();
      cache.clear();
    },
  };
}
