/** Business constants of SPEC §9, in one place for the server and the SPA. */

/** Client timeouts in milliseconds: an endpoint names its own (contract/endpoint.ts `timeout`), else the default. */
export const TIMEOUT = {
  /** SPEC §9's 3 s base: the client's fetches outside the catalogue (e.g. the served language pack). */
  base: 3_000,
  default: 10_000,
  long: 120_000, // translate, publish, intelligence
  domainValid: 20_000,
  upload: 30_000,
  /**
   * The product's own (SPEC §9 names none): a call that waits on an outside service besides ours, e.g. choosing the
   * Facebook page to share to (the Graph API's page tokens).
   */
  outside: 30_000,
} as const;

/**
 * SPEC §7's app-level wait-for-data fallback (src/dataProvider/client.ts `waitForData`): a screen waiting for data
 * another part of the app fetches (the session) looks every `intervalMs`, and after `tries` looks answers code 0.
 */
export const WAIT_FOR_DATA = { tries: 10, intervalMs: 200 } as const;

export const DELAY = {
  validate: 500,
  /** SPEC §9: a save 2 s after the last change (posts and pages)… */
  autosave: 2_000,
  /**
   * …and 1 s in the e-paper writer (SPEC's "1 s in another reading"): an e-paper is sent to subscribers from what is
   * saved, so its last keystrokes must reach the server sooner. contract/contentConstants.ts autosaveDelay.
   */
  autosaveEpaper: 1_000,
  slugFromTitle: 500,
  inputDebounce: 100,
  forgotRedirect: 5_000,
  paymentSuccess: 5_000,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_HISTORY = 5;
export const VERIFY_CODE_LENGTH = 6;
/** First resend is allowed after this many seconds, every later one after VERIFY_COOLDOWN_S. */
export const VERIFY_FIRST_RESEND_S = 10;
export const VERIFY_COOLDOWN_S = 120;
export const VERIFY_TTL_S = 30 * 60;
export const VERIFY_MAX_TRIES = 5;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_WINDOW_S = 15 * 60;

export const SESSION_REMEMBER_S = 30 * 24 * 3600;
/** A session without `remember` lives until the browser closes, and at most this long idle on the server. */
export const SESSION_IDLE_S = 24 * 3600;

/**
 * Each server process caches who is calling (a session's user and site scope, issue 31) for at most this long, and
 * this many sessions (least recently used out first); changes drop entries at once (server/db/changes.ts).
 */
export const CALLER_CACHE_TTL_MS = 30_000;
export const CALLER_CACHE_MAX = 10_000;
/** How stale the caller cache's clock for its TTL may be (an entry may live this much past CALLER_CACHE_TTL_MS). */
export const CALLER_CACHE_CLOCK_MS = 1000;
/** A session's last_seen_at (and sliding expiry) is written at most this often. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export const RESET_TTL_S = 3600;
export const LOGIN_TICKET_TTL_S = 300;

export const PAGE_WINDOW = 5;
export const PAGE_SIZES = [10, 25, 50] as const;
export const PAGE_SIZE_MAX = 100;
/**
 * Lists at scale (issue 31): a list's total is counted exactly while it has at most this many rows (a count over
 * `LIMIT LIST_EXACT_TOTAL + 1`); beyond, it is the planner's estimate and the reply says `approximate: true`.
 */
export const LIST_EXACT_TOTAL = 10_000;
/**
 * The same for a list searched by a keyword: finding 10,000 hits of a common word means reading ten times as many
 * rows (100 ms at a million articles), so a searched list is counted up to this many hits, then estimated.
 */
export const LIST_EXACT_TOTAL_SEARCHED = 1_000;
/** The longest list cursor (`query.cursor`) accepted, in characters. */
export const LIST_CURSOR_MAX = 4096;
/** How many pages away from the cursor's page a keyset seek still serves (beyond, the page is read by offset). */
export const LIST_CURSOR_REACH = 10;

export const NAME_MAX = 50;
export const NICKNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

export const TAG_MIN_LENGTH = 2;

/** A customer message's body (the contact form) and a staff reply to it. */
export const MESSAGE_BODY_MAX = 5000;

/** The longest link or image address a field takes. */
export const LINK_MAX = 2000;
/** The longest inline HTML of one paragraph or heading. */
export const INLINE_MAX = 50_000;
/** The largest JSON request body (a multipart upload has its own limits). */
export const REQUEST_MAX_BYTES = 1024 * 1024;
/** The longest opaque token: a solved bot challenge, a verification, reset or invitation token. */
export const TOKEN_MAX = 8192;

/** Upload limits. */
export const UPLOAD_MAX_KB = 5120;
export const IMAGE_MAX_SIDE = 1440;

/** Interface locales. zh-TW is the source language. */
export const LOCALES = ['zh-TW', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
/** Each interface language named in itself, the same in every locale, so anyone can find their own. */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-TW': '繁體中文', en: 'English', ja: '日本語' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The product's i18n version (SPEC §9); a served language pack's version is this plus a hash of its words. */
export const I18N_VERSION = '1.0.8';
/** Where the served language pack is (outside /api/: a plain GET), `?lang=<locale>`. */
export const LANG_PACK_PATH = '/i18n/lang.json';
/** Every /api reply names the version of the caller's language pack in this header. */
export const I18N_VERSION_HEADER = 'x-i18n-version';
/** SPEC §9: the SPA keeps a language pack this long (seconds) before asking again. */
export const LANG_PACK_TTL_S = 86_400;

/** SPEC §9 names the interface languages `zh-tw`, `jp` and `en`: the same locales under its codes. */
const SPEC_LOCALE_CODES: Readonly<Record<string, Locale>> = {
  'zh-tw': 'zh-TW',
  jp: 'ja',
  ja: 'ja',
  en: 'en',
};

/**
 * The interface locale a code names — the product's (`zh-TW`, `en`, `ja`) or SPEC §9's (`zh-tw`, `jp`, `en`), in
 * any case — or undefined. Wherever a language is saved or read, it goes through here.
 */
export function toLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string' || value.length > 8) return undefined;
  return isLocale(value) ? value : SPEC_LOCALE_CODES[value.toLowerCase()];
}

/** The locale a stored code names, or `fallback`. */
export const localeOr = (value: unknown, fallback: Locale): Locale => toLocale(value) ?? fallback;

/** Picks the best interface locale for an Accept-Language style list. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-TW';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ja') || tag === 'jp') return 'ja';
  }
  return DEFAULT_LOCALE;
}

/** The interface locale whose words a page in a content language shows: zh-TW for Chinese, ja, else en. */
export function localeOfLanguage(language: string): Locale {
  const l = language.toLowerCase();
  return l.startsWith('zh') ? 'zh-TW' : l.startsWith('ja') ? 'ja' : 'en';
}

/** Content languages (SPEC §9), each with its own name for itself. */
export const CONTENT_LANGUAGES = [
  { id: 1, iso: 'zh-TW', label: '繁體中文' },
  { id: 2, iso: 'zh-CN', label: '简体中文' },
  { id: 3, iso: 'en', label: 'English' },
  { id: 4, iso: 'ja', label: '日本語' },
  { id: 5, iso: 'kr', label: '한국어' },
] as const;

export const DEFAULT_TIMEZONE = 'Asia/Taipei';

/** Block documents (contract/blocks.ts): heading levels, images in an album, blocks in a document. */
export const HEADER_LEVELS = [2, 3, 4] as const;
export const ALBUM_MAX = 50;
export const BLOCKS_MAX = 5000;

/**
 * The largest value a PostgreSQL integer (int4) column holds: ids, versions, positions. Here, apart from the zod rules
 * of fields.ts, so that a screen checking an id in its address loads no zod.
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
