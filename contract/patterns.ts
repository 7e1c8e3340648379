/**
 * Every regular expression of contract/, in one place, each with the longest text it is given (`max`, in
 * characters). The rules and helpers of contract/ use these and hold none of their own: tests/unit/patterns.test.ts
 * fails when a file of contract/ writes a regular expression anywhere else, and times each one here against
 * adversarial text (runs of every character it names, with failing ends) of `max` characters, and never fewer than
 * 20,000, so that a pattern which is only fast because its input is short fails too.
 *
 * Keep them linear: one way to match each character. No quantified parts that overlap (`[^@]+\.[^@]{2,}$` where the
 * class holds the dot), no unbounded run that is retried from every position of itself (`/-+$/g` on a long run of
 * hyphens, `/<[^>]*>/g` on a long run of '<'); a lookbehind can start such a run only once (`(?<!-)-+$`). And bound
 * the text before a pattern sees it (contract/fields.ts `bounded`).
 */
import {
  EMAIL_MAX,
  INLINE_MAX,
  LINK_MAX,
  PASSWORD_MAX,
  REQUEST_MAX_BYTES,
  VERIFY_CODE_LENGTH,
} from './constants';

export interface Pattern {
  readonly re: RegExp;
  /** The longest text the product gives it, in characters. */
  readonly max: number;
}
const p = (re: RegExp, max: number): Pattern => ({ re, max });

/** A title (TITLE_MAX) or name, the text slugs are made from. */
const TITLE = 200;
/** The same as pinyin: a syllable of up to six letters and a hyphen for each character. */
const PINYIN = TITLE * 7;

export const PATTERNS = {
  /**
   * SPEC §5 e-mail: a local part, '@', then a domain with a dot that is not its first character and has two or
   * more characters after it. Up to that dot the domain's characters are taken one way only (its first, then
   * everything but a dot), so nothing backtracks. No control character anywhere (a NUL cannot even be stored).
   */
  email: p(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    /^[^\s\u0000-\u001f\u007f@"'<>()[\]\\,;:]+@[^\s\u0000-\u001f\u007f@"'<>()[\]\\,;:][^\s\u0000-\u001f\u007f@"'<>()[\]\\,;:.]*\.[^\s\u0000-\u001f\u007f@"'<>()[\]\\,;:]{2,}$/,
    EMAIL_MAX,
  ),
  /** Taiwan mobile (09xxxxxxxx or +8869xxxxxxxx) or landline (0X-XXXXXXX, optional extension): bounded counts. */
  tel: p(
    /^(?:(?:\+886-?|0)9\d{2}-?\d{3}-?\d{3}|(?:\+886-?|0)[2-8]\d{0,2}-?\d{3,4}-?\d{3,4}(?:#\d{1,6})?)$/,
    30,
  ),
  /** White space a phone number is written with. */
  space: p(/\s/g, 30),
  slug: p(/^[a-z][a-z0-9-]*$/, 100),
  /** HH:mm, with the hour and the minute captured. */
  time: p(/^([01]\d|2[0-3]):([0-5]\d)$/, 5),
  /** YYYY-MM-DD, each part captured. */
  date: p(/^(\d{4})-(\d{2})-(\d{2})$/, 10),
  /** A host name: 253 characters at most (the lookahead), labels of 63. */
  domain: p(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 254),
  verifyCode: p(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), VERIFY_CODE_LENGTH),
  digit: p(/\d/, PASSWORD_MAX),
  lowercase: p(/[a-z]/, PASSWORD_MAX),
  /** An absolute path on the site ('/x', never '//host' nor '/\\host', which browsers read as '//host'). */
  sitePath: p(/^\/(?![/\\])\S*$/, LINK_MAX),
  /** A mail link of the writer's: the local part holds no '@', so the address is split one way only. */
  mailLink: p(/^mailto:[^\s@]+@\S+$/i, LINK_MAX),
  webUrl: p(/^https?:\/\/\S+$/i, LINK_MAX),
  /** A whole number as a list filter writes it (a string of up to 10 digits). */
  integer: p(/^-?\d{1,10}$/, 200),
  /** Line breaks of a title. */
  lineBreaks: p(/[\r\n]+/g, INLINE_MAX),
  /** One tag of inline HTML that is a line break. */
  brTag: p(/^<br\s*\/?>$/i, INLINE_MAX),
  /** The entities the editor writes. */
  entity: p(/&(?:nbsp|lt|gt|quot|#39|amp);/g, INLINE_MAX),
  /** Runs of white space, in the text of a whole document. */
  whiteSpace: p(/\s+/g, REQUEST_MAX_BYTES),
  /** What reading time counts: letters (Chinese characters among them) and digits. */
  letterOrDigit: p(/[\p{L}\p{N}]/gu, INLINE_MAX),
  /** One character (code point) that letterOrDigit matches: blockText.ts counts them one by one. */
  oneLetterOrDigit: p(/^[\p{L}\p{N}]$/u, 2),
  /** Each character (code point) of a title. */
  character: p(/./gsu, TITLE),
  combiningMark: p(/[\u0300-\u036f]/g, PINYIN),
  notSlugRun: p(/[^a-z0-9]+/g, PINYIN),
  /** Hyphens at either end; a trailing run is tried from its first hyphen only. */
  edgeHyphens: p(/^-+|(?<!-)-+$/g, PINYIN),
  trailingHyphens: p(/(?<!-)-+$/, PINYIN),
  leadingDigit: p(/^[0-9]/, PINYIN),
  /** Taiwan e-invoice (contract/invoice.ts): a donation code (愛心碼) of 3 to 7 digits. */
  donationCode: p(/^\d{3,7}$/, 7),
  /** A mobile barcode carrier (手機條碼): '/' and 7 of 0-9, A-Z, '.', '+', '-'. */
  mobileBarcode: p(/^\/[0-9A-Z.+-]{7}$/, 8),
  /** A natural-person certificate carrier (自然人憑證): 2 uppercase letters and 14 digits. */
  naturalCertificate: p(/^[A-Z]{2}\d{14}$/, 16),
  /** A business administration number (統一編號): 8 digits (the checksum is checked in code). */
  taxId: p(/^\d{8}$/, 8),
  /** A theme's design setting id (theme.json `settings[].id`, 40 characters at most). */
  themeSettingId: p(/^[a-z][a-z0-9_]*$/, 40),
  /** A colour design setting: #rrggbb. */
  themeColour: p(/^#[0-9a-fA-F]{6}$/, 7),
  /** theme.json's version, e.g. 1.2.0 or 1.2.0-beta.1 (THEME_VERSION_MAX). */
  themeVersion: p(/^\d+\.\d+\.\d+([-.][0-9A-Za-z.]+)?$/, 20),
  /** A SKU's code (contract/shop.ts SKU_CODE_MAX): letters, digits, '-', '_' and '.', from a letter or digit. */
  skuCode: p(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 40),
  /** A plan discount code in capitals (contract/discounts.ts DISCOUNT_CODE_MAX): letters, digits, '-' and '_'. */
  discountCode: p(/^[A-Z0-9_-]+$/, 20),
  /**
   * Text in which every UTF-16 unit is a grapheme of its own: printable ASCII, CJK symbols and punctuation (without
   * the combining tone marks U+302A–U+302F), CJK ideographs and the full-width ASCII forms. Nothing here extends,
   * joins or prepends, so such text is cut by index without a Segmenter (blockText.ts agendaOf, most Chinese
   * agendas; its text is bounded to AGENDA_LENGTH × 64 = 6,400 characters).
   */
  oneUnitGraphemes: p(/^[\u0020-\u007e\u3000-\u3029\u3030-\u303f\u4e00-\u9fff\uff01-\uff5e]*$/, 6_400),
} as const satisfies Record<string, Pattern>;

export type PatternName = keyof typeof PATTERNS;
