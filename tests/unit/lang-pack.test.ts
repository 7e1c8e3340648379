/** The SPA's served language pack: the 24 h rule, a refetch when an API reply names another version, the fallback. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANG_PACK_TTL_S, TIMEOUT } from '../../contract/constants';
import {
  type KeptPack,
  keptPack,
  noteI18nVersion,
  onNewPack,
  packKey,
  packWords,
  resetAsked,
} from '../../src/i18n/langPack';

let storage: Map<string, string>;
const DAY_MS = LANG_PACK_TTL_S * 1000;
const T0 = Date.UTC(2026, 0, 1);

const served = (version: string, title: string) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ version, lang: 'en', words: { dashboard: { title } } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );

const keepPack = (lang: string, pack: KeptPack) => storage.set(`i18n.pack.${lang}`, JSON.stringify(pack));

beforeEach(() => {
  storage = new Map([['locale', 'en']]);
  vi.useFakeTimers({ now: T0 });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  resetAsked();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the language pack at start', () => {
  it('fetches the pack when none is kept, and keeps it with its version and time', async () => {
    const fetch = served('1.0.8-aaa', 'Served');
    vi.stubGlobal('fetch', fetch);
    expect(await packWords('en')).toEqual({ dashboard: { title: 'Served' } });
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]?.[0]).toBe('/i18n/lang.json?lang=en');
    expect(keptPack('en')).toEqual({
      version: '1.0.8-aaa',
      fetchedAt: T0,
      words: { dashboard: { title: 'Served' } },
    });
    expect(storage.has(packKey('en'))).toBe(true);
  });

  it('uses a kept pack younger than 24 h without asking, and asks again after', async () => {
    keepPack('en', {
      version: '1.0.8-old',
      fetchedAt: T0 - DAY_MS + 1000,
      words: { dashboard: { title: 'Kept' } },
    });
    const fetch = served('1.0.8-new', 'New');
    vi.stubGlobal('fetch', fetch);
    expect(await packWords('en')).toEqual({ dashboard: { title: 'Kept' } });
    expect(fetch).not.toHaveBeenCalled();
    vi.setSystemTime(T0 + 1000);
    expect(await packWords('en')).toEqual({ dashboard: { title: 'New' } });
    expect(fetch).toHaveBeenCalledOnce();
    expect(keptPack('en')?.version).toBe('1.0.8-new');
  });

  it('keeps each language apart', async () => {
    keepPack('ja', { version: '1.0.8-ja', fetchedAt: T0, words: { a: 'ja' } });
    vi.stubGlobal('fetch', served('1.0.8-en', 'en'));
    expect(await packWords('ja')).toEqual({ a: 'ja' });
    expect(await packWords('en')).toEqual({ dashboard: { title: 'en' } });
    expect(keptPack('ja')?.version).toBe('1.0.8-ja');
  });

  it('falls back to the built-in words (null) when the fetch fails, answers an error or is not a pack', async () => {
    for (const fetch of [
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
      vi.fn(async () => new Response('{"code":1004}', { status: 404 })),
      vi.fn(async () => new Response('<html>', { status: 200 })),
      vi.fn(async () => new Response('{"version":1,"words":[]}', { status: 200 })),
    ]) {
      vi.stubGlobal('fetch', fetch);
      expect(await packWords('en')).toBeNull();
      expect(keptPack('en')).toBeNull();
    }
  });

  it('gives up after the base timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const words = packWords('en');
    await vi.advanceTimersByTimeAsync(TIMEOUT.base - 1);
    let settled = false;
    void words.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await words).toBeNull();
  });

  it('ignores a kept pack it cannot read', async () => {
    storage.set('i18n.pack.en', '{broken');
    vi.stubGlobal('fetch', served('1.0.8-b', 'Fetched'));
    expect(await packWords('en')).toEqual({ dashboard: { title: 'Fetched' } });
  });
});

describe('a version named by an API reply', () => {
  it('refetches once when it differs from the kept one and hands the new words over', async () => {
    keepPack('en', { version: '1.0.8-old', fetchedAt: T0, words: { dashboard: { title: 'Old' } } });
    const fetch = served('1.0.8-new', 'New');
    vi.stubGlobal('fetch', fetch);
    const seen: unknown[] = [];
    const stop = onNewPack((lang, words) => seen.push([lang, words]));
    noteI18nVersion('1.0.8-old');
    noteI18nVersion(null);
    expect(fetch).not.toHaveBeenCalled();
    noteI18nVersion('1.0.8-new');
    noteI18nVersion('1.0.8-new');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(fetch).toHaveBeenCalledOnce();
    expect(seen[0]).toEqual(['en', { dashboard: { title: 'New' } }]);
    expect(keptPack('en')?.version).toBe('1.0.8-new');
    noteI18nVersion('1.0.8-new');
    expect(fetch).toHaveBeenCalledOnce();
    stop();
  });

  it('leaves the words as they are when the refetch fails', async () => {
    keepPack('en', { version: '1.0.8-old', fetchedAt: T0, words: { dashboard: { title: 'Old' } } });
    const fetch = vi.fn(async () => new Response('', { status: 502 }));
    vi.stubGlobal('fetch', fetch);
    const seen: unknown[] = [];
    const stop = onNewPack((lang, words) => seen.push([lang, words]));
    noteI18nVersion('1.0.8-new');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);
    expect(keptPack('en')?.version).toBe('1.0.8-old');
    stop();
  });
});
