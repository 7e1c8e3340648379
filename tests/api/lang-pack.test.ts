/** GET /i18n/lang.json: the served language packs, the operator's corrections and X-I18n-Version (SPEC §7, §9). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import { I18N_VERSION } from '../../contract/constants';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import zhTW from '../../i18n/zh-TW';
import { CHECK_MS } from '../../server/modules/langPack/packs';
import { createTestApp, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let dir: string;

interface Pack {
  version: string;
  lang: string;
  words: Record<string, Record<string, unknown>>;
}

const get = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/i18n/lang.json${query}`, headers });

const packOf = async (lang: string) => {
  const res = await get(`?lang=${lang}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Pack;
};

/** A word of a pack by its dotted key. */
const word = (pack: Pack, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack.words);

/** Writes a corrections file and lets the server's next look at the folder happen. */
async function correct(lang: string, content: string | null) {
  const file = path.join(dir, `${lang}.json`);
  if (content === null) await rm(file, { force: true });
  else await writeFile(file, content);
  t.clock.advance(CHECK_MS + 1);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'i18n-'));
  t = await createTestApp({ config: { i18nDir: dir } });
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /i18n/lang.json', () => {
  it('answers each language its words and a version', async () => {
    const versions = new Set<string>();
    for (const [lang, words] of [
      ['zh-TW', zhTW],
      ['en', en],
      ['ja', ja],
    ] as const) {
      const res = await get(`?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const pack = res.json() as Pack;
      expect(pack.lang).toBe(lang);
      expect(pack.version.startsWith(`${I18N_VERSION}-`)).toBe(true);
      expect(pack.words.dashboard).toEqual(words.dashboard);
      expect(pack.words.errors).toEqual(words.errors);
      // The entity words the admin bundles (i18n/<lang>/entities) are in the pack too.
      expect((pack.words.resources as Record<string, unknown>).author).toBeTruthy();
      versions.add(pack.version);
    }
    expect(versions.size).toBe(3);
  });

  it("takes SPEC's codes (zh-tw, jp) and the caller's language when none is named", async () => {
    expect((await packOf('zh-tw')).lang).toBe('zh-TW');
    expect((await packOf('jp')).lang).toBe('ja');
    const res = await get('', { 'accept-language': 'ja' });
    expect((res.json() as Pack).lang).toBe('ja');
  });

  it('answers an unknown language 404 with an envelope, never 500', async () => {
    for (const q of ['?lang=fr', '?lang=', `?lang=${'x'.repeat(5000)}`, '?lang=en&lang=ja']) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().code).toBe(Code.NOT_FOUND);
    }
  });

  it('answers 304 to its ETag', async () => {
    const first = await get('?lang=en');
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${(first.json() as Pack).version}"`);
    const again = await get('?lang=en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('?lang=en', { 'if-none-match': '"1.0.8-old"' })).statusCode).toBe(200);
  });

  it("applies the operator's corrections, nested or dotted, and changes the version", async () => {
    const before = await packOf('en');
    await correct(
      'en',
      JSON.stringify({ dashboard: { onboarding: { title: 'Overview' } }, 'errors.notFound': 'Nothing here' }),
    );
    const after = await packOf('en');
    expect(word(after, 'dashboard.onboarding.title')).toBe('Overview');
    expect(after.words.errors.notFound).toBe('Nothing here');
    expect(after.version).not.toBe(before.version);
    // Other languages keep theirs.
    expect(word(await packOf('ja'), 'dashboard.onboarding.title')).toBe(ja.dashboard.onboarding.title);
    // Removing the file gives the built-in words and their version back.
    await correct('en', null);
    const restored = await packOf('en');
    expect(restored.version).toBe(before.version);
    expect(word(restored, 'dashboard.onboarding.title')).toBe(en.dashboard.onboarding.title);
  });

  it('ignores unknown keys, branches, non-strings and overlong words', async () => {
    const before = await packOf('ja');
    await correct(
      'ja',
      JSON.stringify({
        dashboard: { onboarding: { title: 'ダッシュ', nope: 'x', intro: 42 } },
        nothing: { here: 'x' },
        errors: 'not a word',
        'errors.generic': 'x'.repeat(2001),
        __proto__: { polluted: 'yes' },
        'constructor.prototype.polluted': 'yes',
      }),
    );
    const pack = await packOf('ja');
    expect(word(pack, 'dashboard.onboarding.title')).toBe('ダッシュ');
    expect(word(pack, 'dashboard.onboarding.nope')).toBeUndefined();
    expect(word(pack, 'dashboard.onboarding.intro')).toBe(ja.dashboard.onboarding.intro);
    expect(pack.words.nothing).toBeUndefined();
    expect(pack.words.errors).toEqual(ja.errors);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(pack.version).not.toBe(before.version);
    await correct('ja', null);
  });

  it('ignores a broken or oversized file: the built-in words stay', async () => {
    const before = await packOf('zh-TW');
    for (const content of [
      '{"dashboard": {"onboarding": {"title": "壞',
      '[1, 2]',
      '"text"',
      `{"a":"${'x'.repeat(1024 * 1024)}"}`,
    ]) {
      await correct('zh-TW', content);
      const pack = await packOf('zh-TW');
      expect(pack.version).toBe(before.version);
      expect(word(pack, 'dashboard.onboarding.title')).toBe(zhTW.dashboard.onboarding.title);
    }
    await correct('zh-TW', null);
  });

  it('looks at the folder again only after a few seconds', async () => {
    const before = await packOf('en');
    await writeFile(
      path.join(dir, 'en.json'),
      JSON.stringify({ dashboard: { onboarding: { title: 'Soon' } } }),
    );
    expect((await packOf('en')).version).toBe(before.version);
    t.clock.advance(CHECK_MS + 1);
    expect(word(await packOf('en'), 'dashboard.onboarding.title')).toBe('Soon');
    await correct('en', null);
  });

  it("names the caller's pack version on every /api reply", async () => {
    const zh = await packOf('zh-TW');
    const jaPack = await packOf('ja');
    const call = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/status',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload: '{}',
      });
    expect((await call('zh-TW')).headers['x-i18n-version']).toBe(zh.version);
    expect((await call('ja')).headers['x-i18n-version']).toBe(jaPack.version);
    // An error reply too.
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/no/such',
      headers: { 'accept-language': 'ja' },
    });
    expect(missing.headers['x-i18n-version']).toBe(jaPack.version);
    // And it follows a correction.
    await correct('ja', JSON.stringify({ dashboard: { onboarding: { title: '概要' } } }));
    const corrected = await packOf('ja');
    expect((await call('ja')).headers['x-i18n-version']).toBe(corrected.version);
    await correct('ja', null);
  });

  it('is not served on a public site host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/i18n/lang.json?lang=en',
      headers: { host: 'demo.sites.localhost:8080' },
    });
    // The site's own answer (its page), not the pack.
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.etag ?? '').not.toContain(I18N_VERSION);
    expect(res.body).not.toContain('"words"');
    expect(res.headers['x-i18n-version']).toBeUndefined();
  });
});
