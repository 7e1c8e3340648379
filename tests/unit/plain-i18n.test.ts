/**
 * The SPA's i18nProvider (src/i18n/plainI18nProvider.ts) answers as ra-i18n-polyglot with `allowMissing`, which
 * the admin used before: the same phrases, defaults, missing keys, interpolation and plurals.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { loadMessages, localeChoices } from '../../src/i18n';
import { plainI18nProvider } from '../../src/i18n/plainI18nProvider';

const extra = {
  test: {
    plural: '%{smart_count} item |||| %{smart_count} items',
    two: '%{a} and %{b}, %{a} again',
  },
};

const CALLS: [string, Record<string, unknown>?][] = [
  ['auth.login.title'],
  ['auth.passwordRule', { min: 8 }],
  ['auth.register.resendIn', { s: 42 }],
  ['auth.register.codeStep', { email: 'a$&b@example.com' }],
  ['staff.join.intro', { site: '範例新聞網' }],
  ['no.such.key'],
  ['no.such.key', { _: 'fallback %{x}', x: 'filled' }],
  ['auth.login', {}],
  ['test.plural', { smart_count: 1 }],
  ['test.plural', { smart_count: 3 }],
  ['test.two', { a: 'A' }],
  ['test.two', { a: null, b: 0 }],
];

describe('the sign-in i18nProvider', () => {
  it.each(['zh-TW', 'en', 'ja'] as const)('answers as polyglot in %s', async (locale) => {
    const messages = { ...(await loadMessages(locale, 'signIn')), ...extra };
    const polyglot = polyglotI18nProvider(() => messages, locale, localeChoices, { allowMissing: true });
    const plain = plainI18nProvider(() => messages, locale, localeChoices, { allowMissing: true });
    for (const [key, options] of CALLS)
      expect(plain.translate(key, options)).toBe(polyglot.translate(key, options));
    expect(plain.getLocale()).toBe(locale);
    expect(plain.getLocales?.()).toEqual(localeChoices);
  });

  it.each(['zh-TW', 'en', 'ja'] as const)(
    'answers as polyglot for every key of the admin, in %s',
    async (locale) => {
      const messages = await loadMessages(locale, 'admin');
      const polyglot = polyglotI18nProvider(() => messages, locale, localeChoices, { allowMissing: true });
      const plain = plainI18nProvider(() => messages, locale, localeChoices, { allowMissing: true });
      const keys: string[] = [];
      const walk = (tree: object, prefix: string) => {
        for (const [key, value] of Object.entries(tree)) {
          const path = prefix ? `${prefix}.${key}` : key;
          if (typeof value === 'string') keys.push(path);
          else if (value && typeof value === 'object') walk(value, path);
        }
      };
      walk(messages, '');
      expect(keys.length).toBeGreaterThan(1000);
      // Every key bare, counted (one, several, none, a count given as text) and with every name a phrase may use.
      const variants: Record<string, unknown>[] = [
        {},
        { smart_count: 1 },
        { smart_count: 2 },
        { smart_count: 0 },
        { smart_count: '3' },
        { name: '名', n: 5, total: 12, from: 1, to: 10, page: 2, site: '站', s: 3, min: 8, count: 4, _: 'x' },
      ];
      for (const key of keys)
        for (const options of variants)
          expect([key, plain.translate(key, { ...options })]).toEqual([
            key,
            polyglot.translate(key, { ...options }),
          ]);
    },
  );

  it('changes language with the messages of the new one', async () => {
    const words = { 'zh-TW': await loadMessages('zh-TW', 'signIn'), en: await loadMessages('en', 'signIn') };
    // The first language's messages come synchronously, as polyglot requires; the next may be a promise.
    const sync = plainI18nProvider(
      (l) => (l === 'zh-TW' ? words[l] : Promise.resolve(words[l as 'en'])),
      'zh-TW',
      localeChoices,
    );
    expect(sync.translate('auth.login.title')).toBe('登入');
    await sync.changeLocale('en');
    expect(sync.getLocale()).toBe('en');
    expect(sync.translate('auth.login.title')).toBe('Sign in');
  });
});
