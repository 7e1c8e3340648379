/**
 * The message packs are complete: en and ja have exactly zh-TW's keys (i18n/), the react-admin packs have exactly
 * ra-language-english's keys, every value is a non-empty string, and no placeholder of the source is lost.
 */
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { Code, codeMessageKey } from '../../contract/codes';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import zhTW from '../../i18n/zh-TW';
import raJa from '../../src/i18n/ra/ja';
import raZhTW from '../../src/i18n/ra/zh-TW';

/** Every leaf as `dotted.key → value` (values that are not plain objects are leaves). */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

const placeholders = (text: string): string[] => [
  ...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1])),
];

/** Keys of the source missing from the pack, and keys of the pack the source does not have. */
function keyDiff(source: Map<string, unknown>, pack: Map<string, unknown>) {
  return {
    missing: [...source.keys()].filter((k) => !pack.has(k)),
    extra: [...pack.keys()].filter((k) => !source.has(k)),
  };
}

/**
 * Keys whose value is not a string, is empty, or is only blank where the source is not (react-admin's own English
 * uses a single space for ra.boolean.null, because Polyglot treats '' as missing).
 */
function emptyOrNotString(pack: Map<string, unknown>, source?: Map<string, unknown>): string[] {
  const blankInSource = (k: string) => {
    const v = source?.get(k);
    return typeof v === 'string' && v.length > 0 && v.trim() === '';
  };
  return [...pack]
    .filter(([k, v]) => typeof v !== 'string' || v === '' || (v.trim() === '' && !blankInSource(k)))
    .map(([k]) => k);
}

/** `key: %{name}` for each placeholder of the source string that the translation lacks. */
function lostPlaceholders(
  source: Map<string, unknown>,
  pack: Map<string, unknown>,
  allowed: Record<string, readonly string[]> = {},
): string[] {
  const lost: string[] = [];
  for (const [key, value] of source) {
    const translated = pack.get(key);
    if (typeof value !== 'string' || typeof translated !== 'string') continue;
    const have = placeholders(translated);
    for (const name of placeholders(value)) {
      if (!have.includes(name) && !allowed[key]?.includes(name)) lost.push(`${key}: %{${name}}`);
    }
  }
  return lost;
}

describe('application messages (i18n/)', () => {
  const source = flatten(zhTW);

  it('zh-TW itself is made of non-empty strings', () => {
    expect(source.size).toBeGreaterThan(50);
    expect(emptyOrNotString(source)).toEqual([]);
  });

  for (const [name, pack] of [
    ['en', en],
    ['ja', ja],
  ] as const) {
    describe(name, () => {
      const flat = flatten(pack);

      it('has exactly the keys of zh-TW', () => {
        expect(keyDiff(source, flat)).toEqual({ missing: [], extra: [] });
      });

      it('has a non-empty string for every key', () => {
        expect(emptyOrNotString(flat)).toEqual([]);
      });

      it('keeps every %{placeholder} of the zh-TW string', () => {
        expect(lostPlaceholders(source, flat)).toEqual([]);
      });
    });
  }

  it('the helpers notice a missing key, an empty value and a lost placeholder', () => {
    const src = flatten({ a: 'x %{n}', b: { c: 'y' } });
    const broken = flatten({ a: 'x', b: { c: '' }, d: 'z' });
    expect(keyDiff(src, broken)).toEqual({ missing: [], extra: ['d'] });
    expect(keyDiff(src, flatten({ a: 'x %{n}' }))).toEqual({ missing: ['b.c'], extra: [] });
    expect(emptyOrNotString(broken)).toEqual(['b.c']);
    expect(emptyOrNotString(flatten({ a: ' ', b: ' ', c: 1 }), flatten({ a: ' ', b: 'x', c: 'y' }))).toEqual([
      'b',
      'c',
    ]);
    expect(lostPlaceholders(src, broken)).toEqual(['a: %{n}']);
  });
});

describe('react-admin messages (src/i18n/ra) against ra-language-english', () => {
  const source = flatten(englishMessages);
  /** These may name the records without %{recordRepresentation}. */
  const mayDrop = {
    'ra.message.bulk_update_content': ['recordRepresentation'],
    'ra.message.bulk_update_title': ['recordRepresentation'],
  };

  it('reads the English pack', () => {
    expect(source.size).toBeGreaterThan(100);
    expect(source.get('ra.action.save')).toBe('Save');
  });

  for (const [name, pack] of [
    ['zh-TW', raZhTW],
    ['ja', raJa],
  ] as const) {
    describe(name, () => {
      const flat = flatten(pack);

      it('has exactly the keys of ra-language-english', () => {
        expect(keyDiff(source, flat)).toEqual({ missing: [], extra: [] });
      });

      it('has a non-empty string for every key', () => {
        expect(emptyOrNotString(flat, source)).toEqual([]);
      });

      it('keeps every %{placeholder} of the English string', () => {
        expect(lostPlaceholders(source, flat, mayDrop)).toEqual([]);
      });

      it('keeps the plural forms of the English string', () => {
        const wrong = [...source]
          .filter(([, value]) => typeof value === 'string' && value.includes('||||'))
          .filter(([key]) => !String(flat.get(key) ?? '').includes('||||'))
          .map(([key]) => key);
        expect(wrong).toEqual([]);
      });
    });
  }
});

describe('error codes (contract/codes.ts)', () => {
  const codes = Object.entries(Code).filter(([name]) => name !== 'OK');

  it('lists the codes of SPEC §8', () => {
    const values = codes.map(([, v]) => v as number);
    for (const c of [2001, 2006, 2007, 13000, 19001, 1005]) expect(values).toContain(c);
  });

  for (const [lang, pack] of [
    ['zh-TW', zhTW],
    ['en', en],
    ['ja', ja],
  ] as const) {
    it(`has an errors.<code> message for every code in ${lang}`, () => {
      const flat = flatten(pack);
      const missing = codes
        .filter(([, code]) => {
          const key = codeMessageKey(code);
          const text = key === undefined ? undefined : flat.get(key);
          return key !== `errors.${code}` || typeof text !== 'string' || text.trim() === '';
        })
        .map(([name, code]) => `${name} (${code})`);
      expect(missing).toEqual([]);
    });
  }

  it('uses the words of SPEC §8 for the mapped codes in zh-TW', () => {
    const errors = (zhTW as unknown as { errors: Record<string, string> }).errors;
    expect(errors[String(Code.USER_NOT_FOUND)]).toBe('找不到使用者。');
    expect(errors[String(Code.TOO_MANY_ATTEMPTS)]).toBe('登錄嘗試次數過多。請稍後再試。');
    expect(errors[String(Code.PASSWORD_REUSED)]).toBe('無法重複使用舊密碼。');
    expect(errors[String(Code.CNAME_NOT_FOUND)]).toBe('無法偵測到有效的 CNAME 紀錄，請稍後再試。');
    expect(errors[String(Code.PLAN_ALREADY_CHANGED)]).toBe('本月已更換過訂閱方案，無法再次更改。');
    expect(errors[String(Code.NOT_FOUND)]).toBe('資源不存在');
    expect(errors[String(Code.FAIL)]).toBe('糟糕！發生錯誤');
  });
});
