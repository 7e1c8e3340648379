/**
 * What a write statement makes stale in the caller cache (server/db/changes.ts), and what the cache drops for each
 * change (server/http/callerCache.ts, issue 31).
 */
import { describe, expect, it, vi } from 'vitest';
import { CALLER_CACHE_CLOCK_MS, CALLER_CACHE_TTL_MS } from '../../contract/constants';
import { changesOf, parseChange } from '../../server/db/changes';
import { type CachedCaller, CallerCache } from '../../server/http/callerCache';

describe('changesOf', () => {
  it('ignores reads, inserts that only add callers, and tables and columns no caller is read from', () => {
    expect(changesOf('select "id" from "sessions" where "sessions"."id" = $1', ['x'])).toEqual([]);
    expect(changesOf('with a as (select 1) select * from a', [])).toEqual([]);
    expect(changesOf('insert into "sessions" ("id") values ($1)', ['x'])).toEqual([]);
    expect(changesOf('update "categories" set "name" = $1 where "categories"."id" = $2', ['n', 1])).toEqual(
      [],
    );
    expect(changesOf('update "sites" set "name" = $1 where "sites"."id" = $2', ['n', 7])).toEqual([]);
  });

  it('names the changed key from the statement’s own condition', () => {
    expect(changesOf('delete from "sessions" where "sessions"."id" = $1', ['abc'])).toEqual([
      { kind: 'session', id: 'abc' },
    ]);
    expect(
      changesOf('delete from "sessions" where ("sessions"."user_id" = $1 and "sessions"."id" <> $2)', [
        5,
        'k',
      ]),
    ).toEqual([{ kind: 'user', id: '5' }]);
    expect(
      changesOf('update "sites" set "service_id" = $1, "updated_at" = $2 where "sites"."id" = $3', [
        2,
        'now',
        9,
      ]),
    ).toEqual([{ kind: 'site', id: '9' }]);
    expect(
      changesOf(
        'update "roles" set "permissions" = $1 where ("roles"."site_id" = $2 and "roles"."id" = $3)',
        ['[]', 1, 101],
      ),
    ).toEqual([{ kind: 'role', id: '101' }]);
    expect(
      changesOf(
        'delete from "site_staff" where ("site_staff"."site_id" = $1 and "site_staff"."user_id" = $2)',
        [1, 12],
      ),
    ).toEqual([{ kind: 'staff', id: '12' }]);
  });

  it('drops everything when the rows cannot be told: raw SQL, a new staff row, a list of keys', () => {
    expect(changesOf('UPDATE roles SET permissions = $1 WHERE id = $2', ['[]', 3])).toEqual([
      { kind: 'all' },
    ]);
    expect(changesOf('insert into "site_staff" ("site_id", "user_id") values ($1, $2)', [1, 2])).toEqual([
      { kind: 'all' },
    ]);
    expect(changesOf('delete from "sessions" where "sessions"."id" in ($1, $2)', ['a', 'b'])).toEqual([
      { kind: 'all' },
    ]);
    expect(changesOf('  TRUNCATE TABLE users', [])).toEqual([{ kind: 'all' }]);
  });

  it('reads notification payloads; an unknown one drops everything', () => {
    expect(parseChange('role:12')).toEqual({ kind: 'role', id: '12' });
    expect(parseChange('session:ab:cd')).toEqual({ kind: 'session', id: 'ab:cd' });
    expect(parseChange('weird:1')).toEqual({ kind: 'all' });
    expect(parseChange('')).toEqual({ kind: 'all' });
  });
});

const caller = (id: string, userId: number, site?: { siteId: number; roleId: number; planId: number }) =>
  ({
    session: { id, userId, siteId: site?.siteId ?? null, remember: false, supportEntryId: null },
    user: { id: userId } as CachedCaller['user'],
    expiresAt: 0,
    lastSeenAt: 0,
    site: site && { scope: null, ...site },
  }) as CachedCaller;

describe('CallerCache', () => {
  const filled = () => {
    const cache = new CallerCache(() => true);
    cache.set('s1', caller('s1', 1, { siteId: 10, roleId: 100, planId: 2 }), cache.mark());
    cache.set('s2', caller('s2', 2, { siteId: 11, roleId: 101, planId: 3 }), cache.mark());
    cache.set('s3', caller('s3', 1), cache.mark());
    return cache;
  };
  const keys = (c: CallerCache) => ['s1', 's2', 's3'].filter((k) => c.get(k));

  it('drops the callers each change touches, and only those', () => {
    const cases: [Parameters<CallerCache['apply']>[0], string[]][] = [
      [{ kind: 'session', id: 's2' }, ['s1', 's3']],
      [{ kind: 'user', id: '1' }, ['s2']],
      [{ kind: 'staff', id: '2' }, ['s1', 's3']],
      [{ kind: 'role', id: '100' }, ['s2', 's3']],
      [{ kind: 'site', id: '11' }, ['s1', 's3']],
      [{ kind: 'plan', id: '2' }, ['s2', 's3']],
      [{ kind: 'support', id: '5' }, ['s1', 's2', 's3']],
      [{ kind: 'all' }, []],
    ];
    for (const [change, left] of cases) {
      const cache = filled();
      cache.apply(change);
      expect(keys(cache), JSON.stringify(change)).toEqual(left);
    }
  });

  it('does not store a read that a change overtook, nor anything while not listening', () => {
    const cache = new CallerCache(() => true);
    const mark = cache.mark();
    cache.apply({ kind: 'role', id: '999' });
    cache.set('s1', caller('s1', 1), mark);
    expect(cache.get('s1')).toBeUndefined();
    let listening = false;
    const off = new CallerCache(() => listening);
    off.set('s1', caller('s1', 1), off.mark());
    listening = true;
    expect(off.get('s1')).toBeUndefined();
  });

  it('keeps the entry of its own touch', async () => {
    const cache = filled();
    await cache.touch('s1', async () => cache.apply({ kind: 'session', id: 's1' }));
    expect(keys(cache)).toEqual(['s1', 's2', 's3']);
    cache.apply({ kind: 'session', id: 's1' });
    expect(keys(cache)).toEqual(['s2', 's3']);
  });

  it('ends an entry after its TTL, give or take the clock’s resolution', () => {
    vi.useFakeTimers();
    try {
      const cache = new CallerCache(() => true, { now: () => Date.now() });
      cache.set('s1', caller('s1', 1), cache.mark());
      vi.advanceTimersByTime(CALLER_CACHE_TTL_MS - CALLER_CACHE_CLOCK_MS - 1);
      expect(cache.get('s1')).toBeDefined();
      vi.advanceTimersByTime(2 * CALLER_CACHE_CLOCK_MS + 2);
      expect(cache.get('s1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
