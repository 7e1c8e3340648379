/**
 * SPEC §9's timeouts over the whole endpoint catalogue (contract/api/*): 10 s per call unless named; 120 s for
 * translate, publish (every variant) and intelligence; 20 s for domain validation; 30 s for every upload (anything
 * multipart); the 3 s base for the client's own short reads outside the catalogue (fetchWithin).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEOUT } from '../../contract/constants';
import type { AnyEndpoint } from '../../contract/endpoint';
import { call, fetchWithin } from '../../src/dataProvider/client';

const dir = path.resolve(import.meta.dirname, '../../contract/api');

async function catalogue(): Promise<AnyEndpoint[]> {
  const all: AnyEndpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const module: Record<string, unknown> = await import(path.join(dir, file));
    for (const exported of Object.values(module)) {
      if (typeof exported !== 'object' || exported === null) continue;
      for (const e of Object.values(exported as Record<string, unknown>))
        if (typeof e === 'object' && e !== null && typeof (e as AnyEndpoint).path === 'string')
          all.push(e as AnyEndpoint);
    }
  }
  return all;
}

/** The families of SPEC §9 by path: the actions that translate, publish or ask the intelligence. */
const LONG = [
  /^press\/translate$/,
  /^press\/publish$/, // now, schedule, offline, cancel, delete
  /^site\/publish$/, // the public site on or off
  /^epaper\/send$/, // sends, publishing the e-paper if not yet
  /^share\/execute$/, // publishes to a social platform
  /^intelligence\/(?!status$)/, // every suggestion; the usage read (status) is a plain call
];
/** Uploads that also convert, deliberately long (see contract/api/wordImport.ts). */
const LONG_UPLOADS = ['press/import'];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the catalogue’s timeouts (SPEC §9)', () => {
  it('names the SPEC’s values once', () => {
    expect(TIMEOUT).toMatchObject({
      base: 3_000,
      default: 10_000,
      long: 120_000,
      domainValid: 20_000,
      upload: 30_000,
    });
  });

  it('gives translate, every publish and intelligence 120 s', async () => {
    const all = await catalogue();
    for (const family of LONG) {
      const found = all.filter((e) => family.test(e.path));
      expect(found.length, String(family)).toBeGreaterThan(0);
      for (const e of found) expect(e.timeout, e.path).toBe(TIMEOUT.long);
    }
  });

  it('gives domain validation 20 s', async () => {
    const valid = (await catalogue()).filter((e) => e.path === 'site/valid');
    expect(valid).toHaveLength(1);
    expect(valid[0].timeout).toBe(TIMEOUT.domainValid);
  });

  it('gives every upload (multipart) 30 s', async () => {
    const uploads = (await catalogue()).filter((e) => e.multipart);
    expect(uploads.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'element/upload/image',
        'element/upload/avatar',
        'element/upload/favicon',
        'element/upload/theme',
        'theme/upload',
        'profile/import',
        'profile/import_preview',
        'press/import',
      ]),
    );
    for (const e of uploads)
      expect(e.timeout, e.path).toBe(LONG_UPLOADS.includes(e.path) ? TIMEOUT.long : TIMEOUT.upload);
  });

  it('leaves every other call on the 10 s default, but for files answered (CSV exports) and outside services', async () => {
    const named = new Set<number>([TIMEOUT.long, TIMEOUT.domainValid, TIMEOUT.upload, TIMEOUT.outside]);
    for (const e of await catalogue()) {
      if (e.timeout === undefined) continue;
      expect(named.has(e.timeout), `${e.path}: ${e.timeout}`).toBe(true);
      const family =
        LONG.some((re) => re.test(e.path)) ||
        e.path === 'site/valid' ||
        e.multipart ||
        e.raw || // a CSV file
        e.path === 'facebook/connect';
      expect(family, `${e.path} has a timeout of its own`).toBe(true);
    }
  });

  it('uses 10 s for a call that names none', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      signals.push(init.signal as AbortSignal);
      return new Promise(() => {});
    });
    const plain: AnyEndpoint = {
      path: 'x/y',
      input: undefined as never,
      output: undefined as never,
      access: 'site',
    };
    void call(plain).catch(() => {});
    await vi.advanceTimersByTimeAsync(TIMEOUT.default - 1);
    expect(signals[0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0].aborted).toBe(true);
  });

  it('bounds the client’s own fetches outside the catalogue to the 3 s base', async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      seen.push(init);
      return Promise.resolve(new Response('{}'));
    });
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    await fetchWithin()('/sandbox-gateway/prime', { method: 'POST' });
    expect(timeouts).toHaveBeenLastCalledWith(TIMEOUT.base);
    const mine = new AbortController();
    await fetchWithin(TIMEOUT.base)('/x', { signal: mine.signal });
    expect(seen[0].signal).toBeInstanceOf(AbortSignal);
    expect(seen[0].method).toBe('POST');
    mine.abort();
    expect(seen[1].signal?.aborted).toBe(true);
    timeouts.mockRestore();
  });
});
