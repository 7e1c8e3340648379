/**
 * The error catalogue (SPEC §8). Business failures answer HTTP 200 with one of these codes; the HTTP status is
 * only different where `httpStatus` says so. Each code's words live in i18n/ under `errors.<code>`.
 */
export const Code = {
  OK: 1,
  FAIL: 0,
  VALIDATION: 1001,
  BAD_REQUEST: 1002,
  TOO_LARGE: 1003,
  NOT_FOUND: 1004,
  CAPTCHA: 1005,
  TOO_FREQUENT: 1006,
  WRONG_CODE: 1007,
  UNAUTHORIZED: 1008,
  FORBIDDEN: 1009,
  DUPLICATE: 1010,
  EXPIRED: 1011,
  /** Too many of the site's calls in progress at once on this server (server/http/siteTurns.ts): try again shortly. */
  SITE_BUSY: 1012,
  USER_NOT_FOUND: 2001,
  WRONG_PASSWORD: 2002,
  EMAIL_NOT_VERIFIED: 2003,
  EMAIL_TAKEN: 2004,
  LINK_INVALID: 2005,
  TOO_MANY_ATTEMPTS: 2006,
  PASSWORD_REUSED: 2007,
  CURRENT_PASSWORD_WRONG: 2008,
  EMAIL_REQUIRED_FOR_RESET: 2009,
  INVALID_EMAIL: 2010,
  NO_SITE: 2011,
  /** Someone else saved the item first; the caller's copy was kept as a revision. */
  CONFLICT: 3001,
  SCHEDULE_IN_PAST: 3002,
  FILE_TOO_LARGE: 3004,
  UPLOAD_FAILED: 3005,
  /** An author tied to a member account is edited only through that person's profile. */
  AUTHOR_LINKED: 3006,
  ROLE_BUILTIN: 3007,
  ROLE_IN_USE: 3008,
  STAFF_LIMIT: 3009,
  INVITE_INVALID: 3010,
  SELF_STAFF: 3011,
  SLUG_TAKEN: 3012,
  DOMAIN_TAKEN: 3013,
  ALREADY_STAFF: 3014,
  /** A favicon must be a PNG or ICO, near-square, 16 px or more. */
  FAVICON_INVALID: 3150,
  /** The file store did not remove a file; the library keeps it so that deleting can be tried again. */
  FILE_DELETE_FAILED: 3151,
  /** The applied theme is not deleted: another one is applied first. */
  THEME_IN_USE: 3200,
  /** The built-in theme is neither deleted nor changed. */
  THEME_BUILTIN: 3201,
  /**
   * Readers (issue 14), in ranges so that each part adds its own: members 3300–3319, followers and customer messages
   * 3320–3339, e-paper delivery 3340–3359, readers on the public site 3400–3419, reader plans and payments 3420–3439.
   */
  /** The site plan's member limit is reached (also by an import's new rows). */
  MEMBER_LIMIT: 3300,
  /** Staff adds a member whose e-mail is already one of the site's. */
  MEMBER_EXISTS: 3301,
  /** A CSV import with rows in error: nothing is imported. */
  MEMBER_IMPORT_INVALID: 3302,
  /** A CSV import over 10,000 rows or 2 MB, or not CSV at all (no e-mail column, an open quote). */
  MEMBER_IMPORT_UNREADABLE: 3303,
  /** A CSV import whose new rows go beyond the plan's member limit: nothing is imported. */
  MEMBER_IMPORT_LIMIT: 3304,
  /** A reader action that needs a signed-in reader of the site (account edits, unfollow, delete). */
  READER_SIGNED_OUT: 3400,
  /** No open code for the address (expired, used, replaced, or 5 wrong tries): a new one is asked for. */
  READER_CODE_EXPIRED: 3401,
  /** A reader plan that is not on sale (status 0, another language's site, or the site sells no membership). */
  READER_PLAN_UNAVAILABLE: 3420,
  /** The reader already pays for a plan (active or in its grace period). */
  READER_ALREADY_PAYING: 3421,
  /** The reader has no subscription to cancel. */
  READER_NO_SUBSCRIPTION: 3422,
  /** An e-paper send beyond the month's newsletter quota of the plan (the remaining number in the message). */
  EPAPER_QUOTA: 3340,
  /** The e-paper already has a send scheduled or under way. */
  EPAPER_SEND_ACTIVE: 3341,
  /** Cancel of an e-paper send that is not (or no longer) scheduled. */
  EPAPER_NOT_SCHEDULED: 3342,
  /** The audience chosen has no one to send to. */
  EPAPER_NO_RECIPIENTS: 3343,
  /** Everyone the audience reaches already has the e-paper; only `resend_all` sends it to them again. */
  EPAPER_ALREADY_RECEIVED: 3344,
  /**
   * The shop (issue 15), 3500–3549: goods and SKUs 3500–3509, logistics 3510–3519, orders and checkout 3520–3549.
   */
  /** A SKU code already used by another SKU of the site (codes are unique per site). */
  SKU_CODE_TAKEN: 3500,
  /** Not enough stock for a line of the order (the product and SKU named in the message); nothing is reserved. */
  OUT_OF_STOCK: 3501,
  /** A product or SKU that is not on sale (offline, removed, or of another site). */
  GOODS_UNAVAILABLE: 3502,
  /** A logistics option that is not offered (offline, removed, or of another site). */
  LOGISTICS_UNAVAILABLE: 3510,
  /** An order status change that is not a legal move from its present status. */
  ORDER_ILLEGAL_MOVE: 3520,
  /** Shipping an order needs its tracking code. */
  ORDER_CODE_REQUIRED: 3521,
  /** An order whose payment time is over (it is invalid and its stock released). */
  ORDER_EXPIRED: 3522,
  /** A payment for an order that is already paid, shipped, completed or invalid. */
  ORDER_NOT_PAYABLE: 3523,
  /** An empty cart. */
  CART_EMPTY: 3524,
  /** Invalidating a paid order whose refund the gateway refused or did not answer: the order stays paid. */
  ORDER_REFUND_FAILED: 3525,
  /** Machine translation: no translation service for this pair of languages (a blank copy can be made instead). */
  TRANSLATE_NO_PROVIDER: 3610,
  /** Machine translation: the translation service failed or did not answer in time; nothing was created. */
  TRANSLATE_FAILED: 3611,
  /** Machine translation: still running after the call's wait; calling again waits for the same translation. */
  TRANSLATE_RUNNING: 3612,
  /** The AI helper (issue 16), 3600–3609. The site's AI suggestions of this month (its plan's quota) are used up. */
  AI_QUOTA_USED_UP: 3600,
  /** The AI provider failed or answered something unusable: nothing was suggested and nothing counted. */
  AI_PROVIDER_FAILED: 3601,
  /** Sharing: the platform is not connected (or its token was forgotten). */
  SOCIAL_NOT_CONNECTED: 3630,
  /** Sharing to Instagram without an image. */
  SOCIAL_NEEDS_IMAGE: 3631,
  /** Sharing an item that is not published. */
  SHARE_NOT_PUBLISHED: 3632,
  /** The platform kept answering "too many calls" after the bounded retries. */
  SOCIAL_RATE_LIMITED: 3633,
  /** The platform said the token expired or was revoked: the connection is now disconnected. */
  SOCIAL_TOKEN_EXPIRED: 3634,
  /** The platform refused the post, or could not be reached in time. */
  SOCIAL_FAILED: 3635,
  /** connect: the page is not among those the authorisation offered. */
  SOCIAL_PAGE_UNKNOWN: 3636,
  /** connect: no authorisation waits for a page choice (or it expired). */
  SOCIAL_NOT_AUTHORISED: 3637,
  /** Word import (press/import): the .docx could not be read or converted (轉換時發生錯誤); nothing was created. */
  IMPORT_FAILED: 3620,
  /** Word import: the file is not a Word document (.docx), judged by its content, not its name. */
  IMPORT_NOT_DOCX: 3621,
  /** Word import: a macro-enabled document (.docm, or a part vbaProject.bin) is refused. */
  IMPORT_MACRO: 3622,
  /** Word import: an OLE compound file, i.e. an encrypted .docx (or an old .doc), is refused. */
  IMPORT_ENCRYPTED: 3623,
  /** Word import: more pictures than DOCX_IMAGES_MAX (contract/wordImport.ts). */
  IMPORT_TOO_MANY_IMAGES: 3624,
  /** Word import: a picture in the document is 5 MB or more (IMAGE_MAX_BYTES) or too many pixels. */
  IMPORT_IMAGE_TOO_LARGE: 3625,
  /** Word import: the document makes more blocks, or a longer paragraph, than an article holds. */
  IMPORT_TOO_LONG: 3626,
  /** A video upload that is no MP4/MOV (ISO BMFF `ftyp`) or WebM/MKV (EBML) file by its content: deleted, row error. */
  VIDEO_FORMAT: 3650,
  /** A video over the per-file limit of the site's plan (%{mb} MB; contract/videos.ts videoLimitMb). */
  VIDEO_TOO_LARGE: 3651,
  /** A video whose upload is not finished (or failed) cannot be used or given a cover yet. */
  VIDEO_NOT_READY: 3652,
  /*
   * Issue 17, 3700–3749: page structure 3700–3709, places 3710–3719, platform support access 3720–3729, link
   * analytics 3730–3739, and issue 18's upload quota 3740–3749.
   */
  /** The site's owner switched platform support access off: no token is given and no support session works there. */
  SUPPORT_OFF: 3720,
  /** A support token that is unknown, already used or past its join deadline. */
  SUPPORT_TOKEN_INVALID: 3721,
  /** A page cannot be moved under itself or one of its descendants. */
  PAGE_CYCLE: 3700,
  /** A move would make the page tree deeper than PAGE_DEPTH_MAX (3) levels. */
  PAGE_TOO_DEEP: 3701,
  /** page/set_tab: the tabs sent are not exactly the page's children (or the first is not one of them). */
  PAGE_TABS_MISMATCH: 3702,
  /** An upload that would take the site's stored uploads over its plan's total (%{mb} MB; contract/uploadQuota.ts). */
  UPLOAD_QUOTA: 3740,
  CNAME_NOT_FOUND: 13000,
  PLAN_ALREADY_CHANGED: 19001,
  /** A plan call on a site whose subscription is not active. */
  PLAN_NOT_ACTIVE: 19002,
  /** A payment asked for a site whose plan is already paid. */
  PLAN_ALREADY_PAID: 19003,
  /** Another payment of the site is still open (its 3-D Secure window lives PAYMENT_WINDOW_MINUTES). */
  PAYMENT_IN_PROGRESS: 19004,
  /** The gateway could not be asked: the payment stays pending and is settled later by its record query. */
  PAYMENT_UNCONFIRMED: 19005,
  /** The card on file was declined for a plan change's charge: nothing changed. */
  CHARGE_DECLINED: 19006,
  /** The user already has SITES_AWAITING_PAYMENT_MAX sites waiting for their first payment (site/init). */
  SITES_AWAITING_PAYMENT: 19007,
  /** Discount codes (contract/discounts.ts), 19020–19029. No such code. */
  DISCOUNT_UNKNOWN: 19020,
  /** The code's validity has not begun (from %{date}). */
  DISCOUNT_NOT_YET: 19021,
  /** The code's validity is over, or the operator ended it. */
  DISCOUNT_EXPIRED: 19022,
  /** The code's maximum uses are taken (by payments paid or still open). */
  DISCOUNT_USED_UP: 19023,
  /** The code is not for this plan. */
  DISCOUNT_NOT_FOR_PLAN: 19024,
  /** A `first` code on a payment that is not the site's first (a plan change, a site that has paid before). */
  DISCOUNT_FIRST_ONLY: 19025,
  /** More code look-ups than DISCOUNT_CHECKS_PER_MINUTE: guessing codes is held back. */
  DISCOUNT_TOO_MANY_CHECKS: 19026,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Codes that are not answered with HTTP 200. */
export const httpStatus: Partial<Record<CodeValue, number>> = {
  [Code.BAD_REQUEST]: 400,
  [Code.UNAUTHORIZED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.TOO_LARGE]: 413,
  [Code.FAIL]: 500,
};

const known = new Set<number>(Object.values(Code));

/** The i18n key of a code's message, or undefined for a code this build does not know. */
export function codeMessageKey(code: number): string | undefined {
  return known.has(code) && code !== Code.OK ? `errors.${code}` : undefined;
}
