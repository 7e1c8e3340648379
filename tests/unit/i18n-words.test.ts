/**
 * Words that were wrong where features meet (issue 27 §8): every status the server sends has words in each language
 * (no raw `paid` or `sent` on a zh-TW or ja screen), Japanese says メールマガジン (never 電子報), zh-TW writes 發佈
 * (never 發布), the generated rich-text fields' toolbar speaks zh-TW and ja, and the plan prompt names a feature as
 * the menu does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../../contract/billing';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import zhTW from '../../i18n/zh-TW';
import { DELIVERY_STATUSES } from '../../server/modules/tables';
import tiptapJa from '../../src/i18n/ra/tiptap-ja';
import tiptapZhTW from '../../src/i18n/ra/tiptap-zh-TW';

const root = path.resolve(import.meta.dirname, '../..');
const themeWords = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, 'themes/default/locales', `${locale}.json`), 'utf8'));

/** Every leaf string as `dotted.key → value`. */
function flatten(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof node === 'string') {
    out.set(prefix, node);
  }
  return out;
}

const PACKS = { 'zh-TW': flatten(zhTW), en: flatten(en), ja: flatten(ja) };
/** Words a zh-TW or ja reader would take for untranslated: Latin letters only. */
const untranslated = (text: string | undefined) => text === undefined || /^[\sA-Za-z_-]+$/.test(text);

describe('statuses from the server', () => {
  const cases = [
    ['a member record’s payments', 'plan.payment.statuses', PAYMENT_STATUSES],
    ['a member record’s e-papers received', 'members.epaper.statuses', DELIVERY_STATUSES],
  ] as const;
  for (const [where, prefix, statuses] of cases) {
    it(`have words in every language: ${where}`, () => {
      for (const [locale, words] of Object.entries(PACKS)) {
        const missing = statuses.filter((s) => !words.get(`${prefix}.${s}`));
        expect(missing, locale).toEqual([]);
      }
      for (const locale of ['zh-TW', 'ja'] as const) {
        const raw = statuses.filter((s) => untranslated(PACKS[locale].get(`${prefix}.${s}`)));
        expect(raw, locale).toEqual([]);
      }
    });
  }

  it('have words on the public /account page, whatever the payment became', () => {
    for (const locale of ['zh-TW', 'en', 'ja']) {
      const words = themeWords(locale);
      expect(
        PAYMENT_STATUSES.filter((s) => !words[`reader_payment_${s}`]),
        locale,
      ).toEqual([]);
    }
  });
});

describe('one name for a thing', () => {
  it('Japanese calls the e-paper メールマガジン everywhere, as its menu does', () => {
    const stray = [...PACKS.ja].filter(([, text]) => text.includes('電子報')).map(([key]) => key);
    expect(stray).toEqual([]);
    expect(JSON.stringify(themeWords('ja'))).not.toContain('電子報');
    expect(PACKS.ja.get('content.types.epaper')).toBe('メールマガジン');
  });

  it('zh-TW writes 發佈 everywhere, as the admin does', () => {
    const stray = [...PACKS['zh-TW']].filter(([, text]) => text.includes('發布')).map(([key]) => key);
    expect(stray).toEqual([]);
    expect(JSON.stringify(themeWords('zh-TW'))).not.toContain('發布');
  });

  it('the plan prompt names a feature with the words of its menu item', () => {
    expect(PACKS['zh-TW'].get('billing.features.design')).toBe(PACKS['zh-TW'].get('design.menu'));
  });
});

describe('the rich-text toolbar of the generated forms (ra-input-rich-text)', () => {
  /** The ra.tiptap.* keys the package asks for, read from its sources. */
  const dir = path.join(root, 'node_modules/ra-input-rich-text/src');
  const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !/\.(spec|stories)\.tsx$/.test(f))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  const keys = [
    ...new Set(sources.flatMap((text) => [...text.matchAll(/'(ra\.tiptap\.\w+)'/g)].map((m) => m[1]))),
  ];

  it('reads the package’s keys', () => {
    expect(keys).toContain('ra.tiptap.paragraph');
    expect(keys.length).toBeGreaterThan(20);
  });

  for (const [locale, pack] of [
    ['zh-TW', tiptapZhTW],
    ['ja', tiptapJa],
  ] as const) {
    it(`speaks ${locale}: every key, none left in English`, () => {
      const words = flatten(pack);
      expect(keys.filter((k) => untranslated(words.get(k)))).toEqual([]);
      expect([...words.keys()].filter((k) => !keys.includes(k))).toEqual([]);
    });
  }
});
