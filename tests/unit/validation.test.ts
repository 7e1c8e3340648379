/**
 * The SPEC §5 validation rules (contract/validation.ts) and the zod builders over them (contract/fields.ts). Each
 * failure is translated with the server's t() and compared with SPEC §5 (zh-TW) and i18n/en, ja.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, VERIFY_CODE_LENGTH } from '../../contract/constants';
import { bounded, f, ruled } from '../../contract/fields';
import { TIMEZONES } from '../../contract/timezones';
import { charCount, firstFailure, type RuleResult, rules } from '../../contract/validation';
import { t } from '../../server/i18n';

interface Words {
  zh: string;
  en: string;
  ja: string;
}

/** The words of SPEC §5 (zh-TW) and of i18n/en and ja.ts, copied here on purpose. */
const W = {
  required: { zh: '此欄位為必填', en: 'This field is required', ja: 'この項目は必須です' },
  email: {
    zh: '無效的電子信箱格式',
    en: 'Invalid e-mail address',
    ja: 'メールアドレスの形式が正しくありません',
  },
  tel: { zh: '電話格式錯誤', en: 'Invalid phone number', ja: '電話番号の形式が正しくありません' },
  slug: { zh: '格式錯誤', en: 'Invalid format', ja: '形式が正しくありません' },
  password: { zh: '密碼格式錯誤', en: 'Invalid password format', ja: 'パスワードの形式が正しくありません' },
  passwordEquals: {
    zh: '輸入的密碼沒有相同',
    en: 'The passwords do not match',
    ja: 'パスワードが一致しません',
  },
  passwordNotEquals: {
    zh: '輸入的密碼請勿與舊密碼相同',
    en: 'The new password must differ from the old one',
    ja: '以前のパスワードとは異なるものを入力してください',
  },
  maxLength: (n: number) => ({
    zh: `超過最大字數（${n}）限制`,
    en: `Exceeds the limit of ${n} characters`,
    ja: `最大文字数（${n}）を超えています`,
  }),
  minLength: (n: number) => ({
    zh: `請輸入最少 ${n} 字數`,
    en: `Enter at least ${n} characters`,
    ja: `${n} 文字以上入力してください`,
  }),
  dateFuture: {
    zh: '請選擇未來的時間',
    en: 'Choose a time in the future',
    ja: '未来の日時を選択してください',
  },
  time: { zh: '時間格式錯誤', en: 'Invalid time format', ja: '時刻の形式が正しくありません' },
  domain: { zh: '網域格式錯誤', en: 'Invalid domain format', ja: 'ドメインの形式が正しくありません' },
  link: { zh: '連結錯誤', en: 'Invalid link', ja: 'リンクが正しくありません' },
  tagsCheck: (n: number) => ({
    zh: `已達到 ${n} 個標籤上限`,
    en: `The limit of ${n} tags has been reached`,
    ja: `タグは ${n} 個までです`,
  }),
  // SPEC writes these with the bopomofo letter ㄧ (U+3127), not the ideograph 一 (U+4E00).
  countMin: { zh: '至少需要填入\u3127個', en: 'Fill in at least one', ja: '少なくとも1つ入力してください' },
  hasChecked: { zh: '至少需要選擇\u3127個', en: 'Select at least one', ja: '少なくとも1つ選択してください' },
  duplicate: { zh: '此欄位重複', en: 'This value is already taken', ja: 'この値は既に使われています' },
  timezone: { zh: '無效的時區', en: 'Unknown time zone', ja: '不明なタイムゾーンです' },
  verifyCode: {
    zh: '請輸入 6 位數字驗證碼',
    en: 'Enter the 6-digit code',
    ja: '6桁の認証コードを入力してください',
  },
  keyword: { zh: '請輸入搜尋文字。', en: 'Enter a search text.', ja: '検索語を入力してください。' },
};

/** Asserts a failure and its words in the three languages. */
function expectFailure(result: RuleResult, key: string, words: Words) {
  expect(result, `expected ${key} to fail`).toBeDefined();
  const failure = result as NonNullable<RuleResult>;
  expect(failure.message).toBe(`validation.${key}`);
  expect(t('zh-TW', failure.message, failure.args)).toBe(words.zh);
  expect(t('en', failure.message, failure.args)).toBe(words.en);
  expect(t('ja', failure.message, failure.args)).toBe(words.ja);
}

function check<T>(
  rule: (v: T) => RuleResult,
  key: string,
  words: Words,
  pass: readonly T[],
  fail: readonly T[],
) {
  for (const v of pass) expect(rule(v), `${key} should pass ${JSON.stringify(v)}`).toBeUndefined();
  for (const v of fail) {
    const r = rule(v);
    expect(r, `${key} should fail ${JSON.stringify(v)}`).toBeDefined();
    expectFailure(r, key, words);
  }
}

describe('SPEC §5 rules', () => {
  it('required', () => {
    check(
      rules.required,
      'required',
      W.required,
      ['a', ' x ', 0, false, [1], {}, '中'],
      [undefined, null, '', '   ', '\n\t', []],
    );
  });

  it('email', () => {
    check(
      rules.email,
      'email',
      W.email,
      // As before the pattern was made linear: the domain needs a dot after its first character, with two after it.
      [
        'a@b.co',
        'first.last+tag@sub.example.com.tw',
        'USER@EXAMPLE.COM',
        'x_y-z@mail-host.org',
        'a@b..c',
        'a@..bc',
      ],
      [
        '',
        'nope',
        'a@b',
        'a@b.c',
        'a b@c.com',
        '@b.com',
        'a@',
        'a@@b.com',
        'a@b .com',
        '<a@b.com>',
        'a@b,c.com',
        'a@.bc',
        'a@bc.',
        'a@b.c,',
        // Control characters, in any part (a NUL cannot even be stored).
        'a@exa\u0000mple.com',
        'a\u0001b@c.com',
        'a@b.co\u007f',
        'a@b\u001f.com',
      ],
    );
  });

  it('tel (Taiwan)', () => {
    check(
      rules.tel,
      'tel',
      W.tel,
      [
        '0912345678',
        '0912-345-678',
        '0912 345 678',
        '+886912345678',
        '+886-912345678',
        '02-23456789',
        '0223456789',
        '037-123456',
        '02-23456789#123',
        '+886-2-23456789',
      ],
      ['', 'abc', '12345', '0912-345-67', '09123456789', '091234567a', '+1 555 123 4567', '0012345678'],
    );
  });

  it('tel accepts the usual written landline form 0X-XXXX-XXXX', () => {
    for (const v of ['02-2345-6789', '04-2345-6789', '07-345-6789']) {
      expect(rules.tel(v), v).toBeUndefined();
    }
  });

  it('slug: a lowercase letter, then lowercase letters, digits and hyphens', () => {
    check(
      rules.slug,
      'slug',
      W.slug,
      ['a', 'abc', 'my-post-2', 'a1', 'z-'],
      ['', '1abc', '-abc', 'Abc', 'abC', 'a_b', 'a b', 'a.b', '中文', 'é'],
    );
  });

  it('password: 8+ characters with a digit and a lowercase letter', () => {
    check(
      rules.password,
      'password',
      W.password,
      ['abcdefg1', 'Passw0rd!', '1234567a', 'a1'.repeat(10)],
      ['', 'abcdef1', 'abcdefgh', '12345678', 'ABCDEFG1', 'ABCDEFGH!'],
    );
  });

  it('passwordEquals', () => {
    expect(rules.passwordEquals('abcdefg1', 'abcdefg1')).toBeUndefined();
    expectFailure(rules.passwordEquals('abcdefg1', 'abcdefg2'), 'passwordEquals', W.passwordEquals);
    expectFailure(rules.passwordEquals('abcdefg1', 'ABCDEFG1'), 'passwordEquals', W.passwordEquals);
  });

  it('passwordNotEquals', () => {
    expect(rules.passwordNotEquals('new-pass-1', 'old-pass-1')).toBeUndefined();
    expect(rules.passwordNotEquals('Pass-1', 'pass-1')).toBeUndefined();
    expectFailure(
      rules.passwordNotEquals('same-pass-1', 'same-pass-1'),
      'passwordNotEquals',
      W.passwordNotEquals,
    );
  });

  it('maxLength N, counting characters as a person does', () => {
    expect(rules.maxLength('', 5)).toBeUndefined();
    expect(rules.maxLength('abcde', 5)).toBeUndefined();
    expect(rules.maxLength('中文字中文', 5)).toBeUndefined();
    expect(rules.maxLength('𠮷'.repeat(5), 5)).toBeUndefined();
    expectFailure(rules.maxLength('abcdef', 5), 'maxLength', W.maxLength(5));
    expectFailure(rules.maxLength('中文字中文字', 5), 'maxLength', W.maxLength(5));
    expectFailure(rules.maxLength('字'.repeat(51), 50), 'maxLength', W.maxLength(50));
    expect(rules.maxLength('abcdef', 5)?.args).toEqual({ n: 5 });
    // Two UTF-16 units a character at most: longer text fails without being counted.
    expect(rules.maxLength('𠮷'.repeat(5), 5)).toBeUndefined();
    expect(rules.maxLength(`${'𠮷'.repeat(5)}a`, 5)?.message).toBe('validation.maxLength');
    expectFailure(rules.maxLength('a'.repeat(1_000_000), 5), 'maxLength', W.maxLength(5));
  });

  it('minLength N', () => {
    expect(rules.minLength('ab', 2)).toBeUndefined();
    expect(rules.minLength('𠮷𠮷', 2)).toBeUndefined();
    expect(rules.minLength('台北', 2)).toBeUndefined();
    expectFailure(rules.minLength('a', 2), 'minLength', W.minLength(2));
    expectFailure(rules.minLength('', 8), 'minLength', W.minLength(8));
    expectFailure(rules.minLength('𠮷', 2), 'minLength', W.minLength(2));
  });

  it('charCount counts code points', () => {
    expect(charCount('')).toBe(0);
    expect(charCount('abc')).toBe(3);
    expect(charCount('中文')).toBe(2);
    expect(charCount('𠮷a')).toBe(2);
  });

  it('dateFuture', () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    expect(rules.dateFuture(new Date(now + 60_000), now)).toBeUndefined();
    expect(rules.dateFuture(now + 1, now)).toBeUndefined();
    expect(rules.dateFuture('2030-01-01T12:30:00Z', now)).toBeUndefined();
    expect(rules.dateFuture(new Date(Date.now() + 3_600_000))).toBeUndefined();
    for (const v of [
      now,
      now - 1,
      new Date(now - 60_000),
      '2029-12-31T23:59:59Z',
      'not a date',
      Number.NaN,
    ]) {
      expectFailure(rules.dateFuture(v, now), 'dateFuture', W.dateFuture);
    }
    expectFailure(rules.dateFuture(new Date(Date.now() - 3_600_000)), 'dateFuture', W.dateFuture);
  });

  it('time HH:mm', () => {
    check(
      rules.time,
      'time',
      W.time,
      ['00:00', '09:05', '12:30', '23:59'],
      ['', '24:00', '9:05', '12:60', '12:5', '1200', '12:30:00', 'ab:cd', ' 12:30'],
    );
  });

  it('domain', () => {
    check(
      rules.domain,
      'domain',
      W.domain,
      [
        'example.com',
        'sub.example.com.tw',
        'my-site.io',
        'EXAMPLE.COM',
        'a1.b2.museum',
        `${'a'.repeat(63)}.com`,
      ],
      [
        '',
        'example',
        '-a.com',
        'a-.com',
        'a..com',
        '.example.com',
        'http://example.com',
        'example.com/',
        'example.c',
        'exa mple.com',
        'example.123',
        `${'a'.repeat(64)}.com`,
        'ex_ample.com',
      ],
    );
  });

  it('link: an http(s) URL or an absolute path', () => {
    check(
      rules.link,
      'link',
      W.link,
      ['https://example.com', 'http://a.b/c?d=1#e', 'HTTPS://EXAMPLE.COM/x', '/', '/about', '/tag/台北'],
      [
        '',
        'example.com',
        'about',
        '//evil.example',
        // Browsers read a backslash as a slash: '/\\host' is '//host'.
        '/\\evil.example',
        '/\\/evil.example',
        'javascript:alert(1)',
        'ftp://example.com',
        'https://',
        'https://exa mple.com',
        'http://[',
        '/a b',
        'mailto:a@b.co',
      ],
    );
  });

  it('tagsCheck N', () => {
    expect(rules.tagsCheck([], 2)).toBeUndefined();
    expect(rules.tagsCheck(['a', 'b'], 2)).toBeUndefined();
    expectFailure(rules.tagsCheck(['a', 'b', 'c'], 2), 'tagsCheck', W.tagsCheck(2));
    expectFailure(rules.tagsCheck(Array.from({ length: 11 }, String), 10), 'tagsCheck', W.tagsCheck(10));
  });

  it('countMin', () => {
    expect(rules.countMin(['a'])).toBeUndefined();
    expect(rules.countMin(['', 'a'])).toBeUndefined();
    expect(rules.countMin(['a', 'b'], 2)).toBeUndefined();
    for (const list of [[], [''], ['  ', null, undefined]]) {
      expectFailure(rules.countMin(list), 'countMin', W.countMin);
    }
    expectFailure(rules.countMin(['a', ''], 2), 'countMin', W.countMin);
  });

  it('hasChecked', () => {
    expect(rules.hasChecked([false, true])).toBeUndefined();
    expect(rules.hasChecked([1])).toBeUndefined();
    for (const list of [[], [false], [false, false, 0, null]]) {
      expectFailure(rules.hasChecked(list), 'hasChecked', W.hasChecked);
    }
  });

  it('duplicateCheck, without case or surrounding spaces', () => {
    expect(rules.duplicateCheck('new', ['news', 'old'])).toBeUndefined();
    expect(rules.duplicateCheck('a', [])).toBeUndefined();
    expect(rules.duplicateCheck('科技', ['新聞', '生活'])).toBeUndefined();
    for (const [v, taken] of [
      ['News', ['news']],
      [' news ', ['NEWS']],
      ['科技', ['新聞', ' 科技']],
    ] as const) {
      expectFailure(rules.duplicateCheck(v, taken), 'duplicate', W.duplicate);
    }
  });

  it('timezone must be in the known list', () => {
    expect(TIMEZONES).toContain('Asia/Taipei');
    check(
      (v: string) => rules.timezone(v, TIMEZONES),
      'timezone',
      W.timezone,
      ['Asia/Taipei', 'Asia/Tokyo', 'Europe/London', 'America/New_York'],
      ['', 'Mars/Base', 'asia/taipei', 'Asia/Taipei ', 'GMT+8', 'Taipei'],
    );
  });

  it('verifyCode: 6 digits', () => {
    check(
      rules.verifyCode,
      'verifyCode',
      W.verifyCode,
      ['123456', '000000'],
      ['', '12345', '1234567', '12345a', ' 123456', '１２３４５６'],
    );
  });

  it('keyword: a non-empty string', () => {
    check(
      rules.keyword,
      'keyword',
      W.keyword,
      ['科', 'a', ' x '],
      ['', '   ', 5, null, undefined, [], ['a']],
    );
  });

  it('firstFailure answers the first failing rule, or undefined', () => {
    expect(firstFailure(undefined, undefined)).toBeUndefined();
    expect(firstFailure()).toBeUndefined();
    const r = firstFailure(rules.required('x'), rules.slug('X'), rules.minLength('X', 3));
    expectFailure(r, 'slug', W.slug);
  });
});

describe('zod builders (contract/fields.ts)', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value);
    expect(r.success, JSON.stringify(value)).toBe(false);
    return r.error?.issues ?? [];
  };

  it('f.email() trims and lowercases, and reports the SPEC rules', () => {
    expect(f.email().parse('  Foo.Bar@Example.COM ')).toBe('foo.bar@example.com');
    const [blank] = issues(f.email(), '   ');
    expect(blank.message).toBe('validation.required');
    expect(t('zh-TW', blank.message)).toBe(W.required.zh);
    const bad = issues(f.email(), 'nope');
    expect(bad).toHaveLength(1);
    expect(bad[0].message).toBe('validation.email');
    const long = issues(f.email(), `${'a'.repeat(EMAIL_MAX)}@example.com`);
    expect(long[0].message).toBe('validation.maxLength');
    expect((long[0] as { params?: unknown }).params).toEqual({ n: EMAIL_MAX });
    expect(issues(f.email(), 42)[0].code).toBe('invalid_type');
  });

  it('f.requiredText(3) trims, rejects blanks as required and counts characters', () => {
    const s = f.requiredText(3);
    expect(s.parse('  abc  ')).toBe('abc');
    expect(s.parse('中文字')).toBe('中文字');
    expect(s.parse('𠮷𠮷𠮷')).toBe('𠮷𠮷𠮷');
    for (const blank of ['', '   ', '\t\n']) {
      const found = issues(s, blank);
      expect(found).toHaveLength(1);
      expect(found[0].message).toBe('validation.required');
    }
    const [over] = issues(s, 'abcd');
    expect(over.message).toBe('validation.maxLength');
    const params = (over as { params?: Record<string, unknown> }).params;
    expect(params).toEqual({ n: 3 });
    expect(t('zh-TW', over.message, params)).toBe(W.maxLength(3).zh);
    expect(t('en', over.message, params)).toBe(W.maxLength(3).en);
    expect(t('ja', over.message, params)).toBe(W.maxLength(3).ja);
  });

  it('f.requiredText() defaults to NAME_MAX', () => {
    expect(f.requiredText().parse('字'.repeat(NAME_MAX))).toBe('字'.repeat(NAME_MAX));
    expect(issues(f.requiredText(), '字'.repeat(NAME_MAX + 1))[0].message).toBe('validation.maxLength');
  });

  it('f.text(n) is optional text with a limit', () => {
    expect(f.text(3).parse('')).toBe('');
    expect(f.text(3).parse(' ab ')).toBe('ab');
    expect(issues(f.text(3), 'abcd')[0].message).toBe('validation.maxLength');
  });

  it('f.id() takes positive 32-bit integers only', () => {
    expect(f.id().parse(1)).toBe(1);
    expect(f.id().parse(2_147_483_647)).toBe(2_147_483_647);
    for (const v of [0, -1, 1.5, 2_147_483_648, '1', null])
      expect(f.id().safeParse(v).success, String(v)).toBe(false);
  });

  it('f.slug(), f.verifyCode(), f.newPassword() apply their rules', () => {
    expect(f.slug().parse(' my-post ')).toBe('my-post');
    expect(issues(f.slug(), 'My Post')[0].message).toBe('validation.slug');
    expect(issues(f.slug(), '')[0].message).toBe('validation.required');
    expect(f.verifyCode().parse(' 123456 ')).toBe('123456');
    expect(issues(f.verifyCode(), '12345')[0].message).toBe('validation.verifyCode');
    expect(f.newPassword().parse('abcdefg1')).toBe('abcdefg1');
    expect(issues(f.newPassword(), 'abcdefgh')[0].message).toBe('validation.password');
    expect(issues(f.newPassword(), '')[0].message).toBe('validation.required');
  });

  it('f.verifyCode() refuses a longer code by its length', () => {
    const [over] = issues(f.verifyCode(), '1234567');
    expect(over.message).toBe('validation.maxLength');
    expect((over as { params?: unknown }).params).toEqual({ n: VERIFY_CODE_LENGTH });
  });
});

describe('bounded strings: no rule sees over-long text', () => {
  const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? [];

  it('refuses over-long text with the length message alone, and runs no rule on it', () => {
    const seen: string[] = [];
    const spy = (v: string) => {
      seen.push(v);
      return rules.email(v);
    };
    const schema = ruled(bounded(10), rules.required, spy);
    const found = issues(schema, `a@${'.'.repeat(100_000)},`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ message: 'validation.maxLength', params: { n: 10 } });
    expect(seen).toEqual([]);
    // Within the bound, the rules run in order.
    expect(issues(schema, 'nope')[0].message).toBe('validation.email');
    expect(seen).toEqual(['nope']);
  });

  it('stops zod too: no later check runs on it (zod 4 does not continue past the issue)', () => {
    let ran = false;
    const schema = bounded(3).refine(() => {
      ran = true;
      return true;
    });
    expect(issues(schema, 'abcd').map((i) => i.message)).toEqual(['validation.maxLength']);
    expect(ran).toBe(false);
    expect(schema.parse('abc')).toBe('abc');
    expect(ran).toBe(true);
  });

  it('stops a pipe: a transform after it never runs on over-long text', () => {
    let ran = false;
    const schema = bounded(3).transform((v) => {
      ran = true;
      return v;
    });
    expect(schema.safeParse('abcd').success).toBe(false);
    expect(ran).toBe(false);
  });

  it('trims (unless told not to) and lowercases before counting; counts characters, not UTF-16 units', () => {
    expect(bounded(3).parse('  abc  ')).toBe('abc');
    expect(issues(bounded(3, { trim: false }), ' abc')[0].message).toBe('validation.maxLength');
    expect(bounded(3, { lower: true }).parse(' ABC ')).toBe('abc');
    expect(bounded(3).parse('𠮷𠮷𠮷')).toBe('𠮷𠮷𠮷');
    expect(issues(bounded(3), '𠮷𠮷𠮷a')[0].message).toBe('validation.maxLength');
  });

  it('answers a missing value as zod does (the server calls it required)', () => {
    expect(issues(bounded(3), undefined)[0].code).toBe('invalid_type');
  });

  it('ruled() takes no unbounded string, through defaults and pipes too', () => {
    expect(() => ruled(z.string(), rules.required)).toThrow(/bounded/);
    expect(() => ruled(z.string().trim().max(10), rules.required)).toThrow(/bounded/);
    expect(() => ruled(z.string().default(''), rules.required)).toThrow(/bounded/);
    expect(() =>
      ruled(
        z.string().transform((v) => v),
        rules.required,
      ),
    ).toThrow(/bounded/);
    expect(() =>
      ruled(
        bounded(10).transform((v) => v),
        rules.required,
      ),
    ).not.toThrow();
    expect(() => ruled(ruled(bounded(10), rules.required), rules.slug)).not.toThrow();
    expect(() => ruled(z.array(z.number()), (v) => rules.countMin(v))).not.toThrow();
  });
});
