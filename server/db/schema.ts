/**
 * The database schema: one file, one migration folder, served alike by PGlite and PostgreSQL.
 * Every site-owned table has `site_id`; services take it from the request context, never from the body.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentKind, PaymentStatus } from '../../contract/billing';
import type { BlockDocument } from '../../contract/blocks';
import type { InvoiceData } from '../../contract/invoice';
import type { LabelLang } from '../../contract/labels';
import type { Feature } from '../../contract/plans';
import type { OrderActor, OrderStatus, ShopStatus } from '../../contract/shop';
import type { ThemeManifest, ThemeRenderFailure } from '../../contract/themes';
import type { CardOnFile } from '../adapters/payment/gateway';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** Key/value facts of the installation itself, e.g. the shared signing secret. */
export const appKv = pgTable('app_kv', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    info: text('info').notNull().default(''),
    isVerified: boolean('is_verified').notNull().default(false),
    /** A new address waiting for its mailed code; `email` stays the account's address until it is confirmed. */
    pendingEmail: text('pending_email'),
    language: text('language').notNull().default('zh-TW'),
    /** A platform operator (issue 17 "support access"): made only by the server command, never through the API. */
    platformAdmin: boolean('platform_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Earlier password hashes, so a change cannot go back to one of them (2007). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId)],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    domain: text('domain').notNull().default(''),
    /** The site's service plan (1–5), null before one is chosen. */
    serviceId: integer('service_id'),
    status: integer('status').notNull().default(1),
    published: boolean('published').notNull().default(false),
    language: text('language').notNull().default('zh-TW'),
    timezone: text('timezone').notNull().default('Asia/Taipei'),
    /** General settings (SPEC §3 Site settings). */
    description: text('description').notNull().default(''),
    tracking: text('tracking').notNull().default(''),
    logo: text('logo').notNull().default(''),
    favicon: text('favicon').notNull().default(''),
    seo: jsonb('seo')
      .$type<{ cover: string; title: string; description: string }>()
      .notNull()
      .default(sql`'{"cover":"","title":"","description":""}'::jsonb`),
    /** The front end's display languages (content language ids), in order; the first is the default. */
    displayLanguages: jsonb('display_languages').$type<number[]>().notNull().default(sql`'[1]'::jsonb`),
    /** A custom domain bound but not yet shown to point at the platform; `domain` is the verified one. */
    customDomain: text('custom_domain').notNull().default(''),
    domainVerifiedAt: ts('domain_verified_at'),
    /** Onboarding badges earned (ids in contract/sites.ts); badge 6 is 'skipped'. */
    badges: jsonb('badges').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** Home page settings (contract/home.ts), null until saved. */
    home: jsonb('home').$type<Record<string, unknown>>(),
    /** The applied theme (themes.id); null: the built-in default theme (themes/default). */
    themeId: integer('theme_id').references((): AnyPgColumn => themes.id, { onDelete: 'set null' }),
    /** The design settings per theme, keyed by theme id ('0' the built-in one): values of its theme.json settings. */
    themeSettings: jsonb('theme_settings')
      .$type<Record<string, Record<string, string | number | boolean>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Bumped by every change readers would see (publish, settings, menus, theme): the public pages' cache key. */
    renderVersion: integer('render_version').notNull().default(0),
    /** Whether platform operators may open the site for support (issue 17); the owner switches it. */
    supportAccess: boolean('support_access').notNull().default(true),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sites_slug_uq').on(t.slug),
    uniqueIndex('sites_domain_uq').on(t.domain).where(sql`${t.domain} <> ''`),
  ],
);

/** Roles: built-in ones have no site (ids 1–4); custom ones belong to a site. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roles_site_idx').on(t.siteId)],
);

/** Who works on which site, with which role. */
export const siteStaff = pgTable(
  'site_staff',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] }), index('site_staff_user_idx').on(t.userId)],
);

/** Staff invitations: the mailed link carries a random token, the table its SHA-256. One use, then `usedAt`. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    nickname: text('nickname').notNull().default(''),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_site_idx').on(t.siteId, t.email)],
);

/** Server-side sessions; the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** An operator's support entry this session works under (issue 17): the site it opens, until the entry expires. */
    supportEntryId: integer('support_entry_id').references((): AnyPgColumn => supportEntries.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** E-mail verifications by 6-digit code: registration and e-mail changes. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** The account that asked for an e-mail change; null for a registration. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    verifiedAt: ts('verified_at'),
    usedAt: ts('used_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_email_idx').on(t.email, t.purpose)],
);

/** Sign-in attempts per account, for the lock after repeated failures (2006). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    ip: text('ip').notNull().default(''),
    success: boolean('success').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_account_idx').on(t.account, t.at)],
);

/** One-time tokens sent out or handed back: password reset links, sign-in tickets (hashed). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Mail waiting to go out (server/jobs/mail.ts): a call queues its mail here and answers; the mail job sends it and
 * deletes the row, or tries again at `next_at` (also the lease of a row being sent).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_next_idx').on(t.nextAt)],
);

/** Bot-challenge solutions already spent, so one solved challenge serves one call. */
export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().default(''),
    /** Title and cover per content language; `name` is the zh-TW title. */
    langs: jsonb('langs').$type<LabelLang[]>().notNull().default(sql`'[]'::jsonb`),
    active: jsonb('active').$type<number[]>().notNull().default(sql`'[1]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique per site without regard to case.
  (t) => [
    uniqueIndex('categories_site_name_uq').on(t.siteId, sql`lower(${t.name})`),
    uniqueIndex('categories_site_slug_uq').on(t.siteId, t.slug).where(sql`${t.slug} <> ''`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    langs: jsonb('langs').$type<LabelLang[]>().notNull().default(sql`'[]'::jsonb`),
    active: jsonb('active').$type<number[]>().notNull().default(sql`'[1]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tags_site_name_uq').on(t.siteId, sql`lower(${t.name})`),
    uniqueIndex('tags_site_slug_uq').on(t.siteId, t.slug).where(sql`${t.slug} <> ''`),
  ],
);

/** Bylines. One tied to a user (`member_id`) is that user's own author on the site. */
export const authors = pgTable(
  'authors',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('authors_site_idx').on(t.siteId),
    uniqueIndex('authors_site_member_uq').on(t.siteId, t.memberId).where(sql`${t.memberId} IS NOT NULL`),
  ],
);

/** What was online when an item was last published: readers keep seeing it while the draft changes. */
export interface PublishedSnapshot {
  title: string;
  subtitle: string;
  content: BlockDocument;
  cover: string;
  abstract: string;
  seo: { title: string; content: string };
}

/**
 * Articles, pages and e-papers (type 1, 3, 4). One row per language; the languages of an item share `uuid`.
 * `body` is the draft the writer edits; `published` what readers see.
 */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    type: smallint('type').notNull(),
    langId: smallint('lang_id').notNull().default(1),
    slug: text('slug').notNull().default(''),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    body: jsonb('body').$type<BlockDocument>().notNull(),
    abstract: text('abstract').notNull().default(''),
    readingTime: integer('reading_time').notNull().default(0),
    cover: text('cover').notNull().default(''),
    seo: jsonb('seo').$type<{ title: string; content: string }>().notNull(),
    related: smallint('related').notNull().default(1),
    custom: jsonb('custom').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The place an article names (issue 17 "Places"). */
    placeId: integer('place_id').references((): AnyPgColumn => places.id, { onDelete: 'set null' }),
    toTop: boolean('to_top').notNull().default(false),
    pinOrder: integer('pin_order').notNull().default(0),
    status: smallint('status').notNull().default(0),
    publishTs: ts('publish_ts'),
    isDraftChanged: boolean('is_draft_changed').notNull().default(false),
    published: jsonb('published').$type<PublishedSnapshot>(),
    /** Bumped by every save: a save based on an older version is a conflict. */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contents_site_type_idx').on(t.siteId, t.type, t.status),
    // The lists' default order (pinned first, then latest change), so a page of a large site is an index walk.
    index('contents_list_idx')
      .on(
        t.siteId,
        t.type,
        t.toTop.desc().nullsFirst(),
        t.pinOrder,
        t.updatedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} <> -1`),
    uniqueIndex('contents_uuid_lang_uq').on(t.uuid, t.langId),
    uniqueIndex('contents_site_lang_slug_uq')
      .on(t.siteId, t.langId, t.slug)
      .where(sql`${t.slug} <> '' AND ${t.status} <> -1`),
    index('contents_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    index('contents_scheduled_idx').on(t.publishTs).where(sql`${t.status} = 2`),
    // The public site's lists and feeds: a language's published items, newest first (server/public/).
    index('contents_public_idx')
      .on(t.siteId, t.langId, t.publishTs.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
    index('contents_public_category_idx')
      .on(t.categoryId, t.langId, t.publishTs.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
  ],
);

export const contentTags = pgTable(
  'content_tags',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.tagId] }), index('content_tags_tag_idx').on(t.tagId)],
);

export const contentAuthors = pgTable(
  'content_authors',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.authorId] }),
    index('content_authors_author_idx').on(t.authorId),
  ],
);

/** Earlier versions of an item, kept per the plan's limits (count and days). */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    body: jsonb('body').$type<BlockDocument>().notNull(),
    /** A writer's copy kept because another save came first. */
    conflict: boolean('conflict').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('content_revisions_content_idx').on(t.contentId, t.id)],
);

/** Uploaded files of a site (images for now); the bytes live in the storage adapter. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    name: text('name').notNull().default(''),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_site_idx').on(t.siteId, t.kind)],
);

/** Uploaded videos that video blocks reference (SPEC §3 Video). */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    path: text('path').notNull(),
    cover: text('cover').notNull().default(''),
    duration: integer('duration').notNull().default(0),
    size: integer('size').notNull().default(0),
    /** uploading (a tus upload under way, `upload_id`), ready, or error. A ready video whose file is gone is shown missing. */
    status: text('status').$type<'uploading' | 'ready' | 'error'>().notNull().default('ready'),
    uploadId: text('upload_id'),
    mime: text('mime').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('videos_site_idx').on(t.siteId), uniqueIndex('videos_upload_uq').on(t.uploadId)],
);

/** Items of a site's two menus (1 main, 2 secondary); a parent (type 2) holds children through `parent_id`. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    menuId: smallint('menu_id').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(1),
    langs: jsonb('langs').$type<{ lang_id: number; name: string }[]>().notNull().default(sql`'[]'::jsonb`),
    link: text('link').notNull().default('/#'),
    sort: integer('sort').notNull().default(0),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_items_site_idx').on(t.siteId, t.menuId, t.sort)],
);

/** The site's own service plans (SPEC §9), seeded from contract/plans.ts; operators may change prices and words. */
export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  nameTw: text('name_tw').notNull(),
  nameEn: text('name_en').notNull(),
  /** Whole TWD per period. */
  price: integer('price').notNull(),
  members: integer('members').notNull(),
  staffCount: integer('staff_count').notNull(),
  historyCount: integer('history_count').notNull(),
  historyDays: integer('history_days').notNull(),
  uploadMb: integer('upload_mb').notNull(),
  newsletters: integer('newsletters').notNull(),
  /** AI helper suggestions a site may ask for per calendar month (its time zone). */
  aiPerMonth: integer('ai_per_month').notNull().default(0),
  features: jsonb('features').$type<Feature[]>().notNull().default(sql`'[]'::jsonb`),
  icon: text('icon').notNull().default(''),
  helperTw: text('helper_tw').notNull().default(''),
  helperEn: text('helper_en').notNull().default(''),
  /** 1 offered, 0 withdrawn (existing subscriptions keep it). */
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'lapsed', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A site's subscription to a plan: one per site. */
export const siteSubscriptions = pgTable(
  'site_subscriptions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the plan was last changed: one change per month (19001). */
    changedAt: ts('changed_at'),
    /** A downgrade waiting for the period's end: the plan the next renewal charges and applies. */
    nextPlanId: integer('next_plan_id').references(() => plans.id),
    /** Failed renewal charges of the current period so far (0 while nothing failed). */
    renewAttempts: smallint('renew_attempts').notNull().default(0),
    /** When the renewal job next tries to charge: the period's end, then each retry's time. */
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('site_subscriptions_site_uq').on(t.siteId),
    index('site_subscriptions_due_idx').on(t.nextAttemptAt),
  ],
);

/** A site's remembered card: the gateway's key and token only, never the card number. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    cardKey: text('card_key').notNull(),
    cardToken: text('card_token').notNull(),
    lastFour: text('last_four').notNull(),
    /** MMYY or as the gateway gives it. */
    expiry: text('expiry').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('payment_cards_site_idx').on(t.siteId)],
);

export { PAYMENT_KINDS, PAYMENT_STATUSES } from '../../contract/billing';

/** One charge of a site's plan; `order_number` is ours and unique, `rec_trade_id` the gateway's. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Whole TWD. */
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    invoice: jsonb('invoice').$type<InvoiceData>(),
    /** The card the gateway kept with a pending answer: stored as the site's card only once this is paid. */
    card: jsonb('card').$type<CardOnFile>(),
    /**
     * What the charge is for, unique per site: a renewal's `renewal:<period end ISO>:<attempt>`, so that two
     * instances cannot both charge one attempt of one period. Null for payments made in the window.
     */
    purpose: text('purpose'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('payments_purpose_uq').on(t.siteId, t.purpose),
    // At most one open payment per site made in the window or for a change (renewals have a purpose): two
    // attempts at once cannot both charge (modules/plans/payments.ts openPaymentSlot).
    uniqueIndex('payments_open_uq').on(t.siteId).where(sql`${t.status} = 'pending' AND ${t.purpose} IS NULL`),
    uniqueIndex('payments_order_number_uq').on(t.orderNumber),
    index('payments_site_idx').on(t.siteId, t.createdAt),
    index('payments_rec_trade_idx').on(t.recTradeId),
  ],
);

/** Gateway notifications already handled, so a repeated one does nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_event_uq').on(t.eventId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A site's uploaded themes (the built-in default theme lives in themes/default and has no row). */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** theme.json's name: uploading the same name again adds a version. */
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The version in use (theme_versions.id): the latest upload, or an earlier one enabled again. */
    activeVersionId: integer('active_version_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('themes_site_name_uq').on(t.siteId, sql`lower(${t.name})`)],
);

/** Every upload of a theme, kept so that any version can be enabled again or downloaded. */
export const themeVersions = pgTable(
  'theme_versions',
  {
    id: serial('id').primaryKey(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** theme.json's version string, e.g. 1.2.0. */
    version: text('version').notNull(),
    /** 1, 2, 3 … per theme: the upload's number. */
    seq: integer('seq').notNull(),
    manifest: jsonb('manifest').$type<ThemeManifest>().notNull(),
    /** Uncompressed bytes of all its files. */
    size: integer('size').notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Its last failed page render (a template error or a render limit), shown to the owner on the theme screen. */
    renderError: jsonb('render_error').$type<ThemeRenderFailure>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('theme_versions_seq_uq').on(t.themeId, t.seq),
    index('theme_versions_site_idx').on(t.siteId),
  ],
);

/** The files of a theme version: templates, assets and theme.json, by their path inside the theme. */
export const themeFiles = pgTable(
  'theme_files',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => themeVersions.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    body: bytea('body').notNull(),
    /** SHA-256 of the body (hex): assets are served under it, cached for a year. */
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.path] })],
);

/* ---------------------------------------------------------------------------------------------------------------
 * Readers (issue 14): the public site's own accounts, per site and separate from staff `users`.
 * ------------------------------------------------------------------------------------------------------------- */

/** How a reader came to be: signed up on the site, imported from CSV by staff, or added by staff. */
export const READER_SOURCES = ['signup', 'import', 'staff', 'follow'] as const;
export type ReaderSource = (typeof READER_SOURCES)[number];

/**
 * A site's reader (a "member" in the back-office, SPEC §3 Member profile): e-mail unique per site (lower-cased),
 * name, intro, staff's tags and note. `epaper_opt_in` is whether e-papers are sent to them; a hard bounce turns it
 * off and sets `bounced_at`.
 */
export const readers = pgTable(
  'readers',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** Staff's tags (free words, for filters and e-paper audiences). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Staff's note (`meta.note`). */
    note: text('note').notNull().default(''),
    source: text('source').$type<ReaderSource>().notNull().default('signup'),
    epaperOptIn: boolean('epaper_opt_in').notNull().default(true),
    bouncedAt: ts('bounced_at'),
    /** The interface language the reader signed up in (content language id), for mail. */
    langId: smallint('lang_id').notNull().default(1),
    lastSeenAt: ts('last_seen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('readers_site_email_uq').on(t.siteId, t.email),
    index('readers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
    index('readers_tags_idx').using('gin', t.tags),
    index('readers_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('readers_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** A reader's signed-in session on the site's host: the SHA-256 of the cookie's token, never the token. */
export const readerSessions = pgTable(
  'reader_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reader_sessions_reader_idx').on(t.readerId),
    index('reader_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A sign-in (or sign-up) by mail: a 6-digit code and a magic link for one address of one site, both stored hashed;
 * used once, within their life, with a bounded number of wrong codes.
 */
export const readerSignins = pgTable(
  'reader_signins',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The name given when signing up (kept for the reader made when the code is confirmed). */
    name: text('name').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    linkHash: text('link_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reader_signins_site_email_idx').on(t.siteId, t.email, t.createdAt.desc()),
    uniqueIndex('reader_signins_link_uq').on(t.linkHash),
  ],
);

/** Followers of a site (`subscribers list`): an address that follows it, with where it came from. */
export const followers = pgTable(
  'followers',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    /** Where the follow came from: the page's path, or 'account', 'import'. */
    source: text('source').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('followers_site_email_uq').on(t.siteId, t.email),
    index('followers_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const CUSTOMER_STATUS = { NEW: 1, READ: 2 } as const;

/** A message sent with the site's contact form (SPEC §3 Customer request): status 1 new, 2 read. */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: smallint('status').notNull().default(1),
    readAt: ts('read_at'),
    readBy: integer('read_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_messages_site_idx').on(t.siteId, t.createdAt.desc(), t.id.desc()),
    index('customer_messages_new_idx').on(t.siteId).where(sql`${t.status} = 1`),
  ],
);

/** The thread of a customer message: staff's replies, mailed to the sender. */
export const customerReplies = pgTable(
  'customer_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => customerMessages.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_replies_message_idx').on(t.messageId, t.createdAt)],
);

/**
 * A reader subscription plan (SPEC §3): per content language; price in whole TWD a period of `freq` months;
 * `func` the feature lines of its card; status 0 off, 1 on (offered).
 */
export const readerPlans = pgTable(
  'reader_plans',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    langId: smallint('lang_id').notNull().default(1),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    /** Rich text (sanitised HTML). */
    content: text('content').notNull().default(''),
    cover: text('cover').notNull().default(''),
    func: jsonb('func').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Months a period lasts. */
    freq: smallint('freq').notNull().default(1),
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reader_plans_site_idx').on(t.siteId, t.langId)],
);

/** The text shown to non-paying readers at the paid section (`save_content`), one per site and language. */
export const readerPlanTexts = pgTable(
  'reader_plan_texts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull().defaultRandom(),
    langId: smallint('lang_id').notNull().default(1),
    /** Rich text (sanitised HTML). */
    content: text('content').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('reader_plan_texts_site_lang_uq').on(t.siteId, t.langId)],
);

/**
 * A reader's subscription to one of the site's plans: one per reader. Paid through the site-plan gateway; renewed by
 * the reader renewal job at `next_attempt_at`; a failed renewal is `past_due` (grace) and then `lapsed`.
 */
export const readerSubscriptions = pgTable(
  'reader_subscriptions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => readerPlans.id),
    status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    renewAttempts: smallint('renew_attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** The reader's card kept by the gateway (key and token only), for renewals. */
    card: jsonb('card').$type<CardOnFile>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reader_subscriptions_reader_uq').on(t.readerId),
    index('reader_subscriptions_site_idx').on(t.siteId, t.status),
    index('reader_subscriptions_due_idx').on(t.nextAttemptAt),
  ],
);

/** One charge of a reader's plan; `order_number` ours (prefix R) and unique, `rec_trade_id` the gateway's. */
export const readerPayments = pgTable(
  'reader_payments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => readerPlans.id),
    orderNumber: text('order_number').notNull(),
    kind: text('kind').$type<'first' | 'renewal'>().notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    card: jsonb('card').$type<CardOnFile>(),
    /** A renewal's `renewal:<period end ISO>:<attempt>`, unique per reader; null for the first payment. */
    purpose: text('purpose'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('reader_payments_order_uq').on(t.orderNumber),
    uniqueIndex('reader_payments_purpose_uq').on(t.readerId, t.purpose),
    uniqueIndex('reader_payments_open_uq')
      .on(t.readerId)
      .where(sql`${t.status} = 'pending' AND ${t.purpose} IS NULL`),
    index('reader_payments_reader_idx').on(t.readerId, t.createdAt),
    index('reader_payments_site_idx').on(t.siteId, t.createdAt),
  ],
);

/** Reader-payment notifications already handled (event ids are the gateway's), so a repeated one does nothing. */
export const readerPaymentEvents = pgTable(
  'reader_payment_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => readerPayments.id, { onDelete: 'cascade' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reader_payment_events_event_uq').on(t.eventId)],
);

/** Who an e-paper is sent to: all opted-in members, those with a tag, or the paying ones. */
export type EpaperAudience = { kind: 'all' } | { kind: 'tag'; tag: string } | { kind: 'paid' };
export const EPAPER_SEND_STATUSES = ['scheduled', 'sending', 'done', 'cancelled'] as const;
export type EpaperSendStatus = (typeof EPAPER_SEND_STATUSES)[number];

/**
 * One sending of an e-paper: its audience, when (now or scheduled), and the counts. The recipients are fixed in
 * `epaper_deliveries` when sending starts, one row each, so a restart or a second instance sends nobody twice.
 */
export const epaperSends = pgTable(
  'epaper_sends',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    audience: jsonb('audience').$type<EpaperAudience>().notNull(),
    /** Sent to the whole audience again; otherwise members who already have the e-paper are left out. */
    resendAll: boolean('resend_all').notNull().default(false),
    status: text('status').$type<EpaperSendStatus>().notNull(),
    scheduledAt: ts('scheduled_at'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('epaper_sends_content_idx').on(t.contentId, t.createdAt.desc()),
    index('epaper_sends_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    index('epaper_sends_site_month_idx').on(t.siteId, t.createdAt),
  ],
);

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One recipient of one e-paper sending: claimed with a lease, sent, retried, or failed for good. */
export const epaperDeliveries = pgTable(
  'epaper_deliveries',
  {
    id: serial('id').primaryKey(),
    sendId: integer('send_id')
      .notNull()
      .references(() => epaperSends.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** While `sending`: until when the claiming instance holds it; `pending`: not before this. */
    leaseUntil: ts('lease_until'),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('epaper_deliveries_send_email_uq').on(t.sendId, t.email),
    index('epaper_deliveries_work_idx').on(t.sendId, t.status, t.leaseUntil),
    index('epaper_deliveries_reader_idx').on(t.readerId),
  ],
);

/*
 * The shop (issue 15; contract/shop.ts): goods with their SKUs, logistics options, orders with their items, events
 * and payments. Money is whole TWD. Stock is a SKU's `qty` of units free to sell: an order takes its units when it
 * is made (a conditional UPDATE … WHERE qty >= n, never below 0 by a CHECK too) and gives them back if it becomes
 * invalid.
 */

/** A product: its words, pictures, status and the site's tags (ids of `tags`). */
export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** Rich text (HTML, sanitized on save). */
    content: text('content').notNull().default(''),
    cover: text('cover').notNull().default(''),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    status: text('status').$type<ShopStatus>().notNull().default('offline'),
    tags: integer('tags').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('goods_site_slug_uq').on(t.siteId, t.slug).where(sql`${t.slug} <> ''`),
    index('goods_site_status_idx').on(t.siteId, t.status),
  ],
);

/** A product's variant (SKU): what is bought. `code` is unique per site; `shift` its lead time in days (contract/shop.ts). */
export const goodsSkus = pgTable(
  'goods_skus',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    price: integer('price').notNull(),
    /** Units free to sell (reserved ones already taken off). */
    qty: integer('qty').notNull().default(0),
    shift: smallint('shift').notNull().default(0),
    status: text('status').$type<ShopStatus>().notNull().default('online'),
    /** The SKU's place in its product's list. */
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('goods_skus_site_code_uq').on(t.siteId, sql`lower(${t.code})`),
    index('goods_skus_goods_idx').on(t.goodsId, t.position),
    check('goods_skus_qty_nonnegative', sql`${t.qty} >= 0`),
  ],
);

/** A shipping option offered at checkout: its fee, waived from `free_threshold` (0: never). */
export const logistics = pgTable(
  'logistics',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    fee: integer('fee').notNull().default(0),
    freeThreshold: integer('free_threshold').notNull().default(0),
    /** Set: a pickup option at this place (issue 17), rather than a delivery. */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    status: text('status').$type<ShopStatus>().notNull().default('online'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('logistics_site_idx').on(t.siteId, t.status)],
);

/**
 * A buyer's order (SPEC §4 statuses, contract/shop.ts ORDER_STATUS). What was bought, the logistics option and the
 * amounts are copied as they were when ordered; `total` is always the server's sum. `order_number` is ours (prefix
 * O, unguessable: the buyer's page and calls name the order by it). `expires_at`: when an unpaid order gives back its
 * stock.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    status: smallint('status').$type<OrderStatus>().notNull().default(0),
    /** The signed-in reader who ordered, if any (guests order too). */
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull().default(''),
    address: text('address').notNull().default(''),
    note: text('note').notNull().default(''),
    /** The content language the buyer ordered in (their mails' language). */
    langId: smallint('lang_id').notNull().default(1),
    logisticId: integer('logistic_id').references(() => logistics.id, { onDelete: 'set null' }),
    logisticName: text('logistic_name').notNull().default(''),
    logisticFee: integer('logistic_fee').notNull().default(0),
    /** The tracking code, set when shipping (`logistic.code`). */
    logisticCode: text('logistic_code').notNull().default(''),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    completedAt: ts('completed_at'),
    invalidAt: ts('invalid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    index('orders_site_idx').on(t.siteId, t.createdAt),
    index('orders_site_status_idx').on(t.siteId, t.status),
    index('orders_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 0`),
  ],
);

/** One line of an order: the SKU as it was (names, code, price) and how many. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    skuId: integer('sku_id').references(() => goodsSkus.id, { onDelete: 'set null' }),
    goodsName: text('goods_name').notNull(),
    skuName: text('sku_name').notNull(),
    skuCode: text('sku_code').notNull(),
    price: integer('price').notNull(),
    qty: integer('qty').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_sku_idx').on(t.siteId, t.skuCode)],
);

/** Every move of an order: from, to, who (a staff user, or the buyer, the gateway, the system) and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status').$type<OrderStatus>(),
    toStatus: smallint('to_status').$type<OrderStatus>().notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tracking code given when shipping, or why (e.g. `expired`, `refunded`). */
    detail: text('detail').notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** One charge of an order (a declined card may be followed by another): our `order_number` per charge. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    recTradeId: text('rec_trade_id'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('order_payments_number_uq').on(t.orderNumber),
    uniqueIndex('order_payments_open_uq').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Order-payment notifications already handled (event ids are the gateway's). */
export const orderPaymentEvents = pgTable(
  'order_payment_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => orderPayments.id, { onDelete: 'cascade' }),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_payment_events_event_uq').on(t.eventId)],
);

/*
 * The helpers of issue 16: the AI helper's monthly usage, sharing to Facebook and Instagram, and videos uploaded with
 * tus (the `videos` table above gains its upload state).
 */

/** AI helper suggestions used per site and calendar month (`YYYY-MM` in the site's time zone). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.month] })],
);

export const SHARE_PLATFORMS = ['facebook', 'instagram'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** A site's connection to a Facebook page or an Instagram business account; the token encrypted at rest. */
export const socialConnections = pgTable(
  'social_connections',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<SharePlatform>().notNull(),
    /** The page (or Instagram account) id and name as the platform gives them. */
    pageId: text('page_id').notNull().default(''),
    pageName: text('page_name').notNull().default(''),
    /** The page access token, AES-256-GCM sealed (never sent to a browser). */
    tokenSealed: text('token_sealed').notNull().default(''),
    /** connected; pending (authorised, no page chosen yet); disconnected. */
    status: text('status').$type<'pending' | 'connected' | 'disconnected'>().notNull().default('pending'),
    /** The pages the authorisation offered, while a page is being chosen (ids and names only). */
    pages: jsonb('pages').$type<{ id: string; name: string }[]>().notNull().default([]),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('social_connections_site_platform_uq').on(t.siteId, t.platform)],
);

/** One share of an item to a platform: recorded before it is posted, so a retry never posts twice. */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    platform: text('platform').$type<SharePlatform>().notNull(),
    message: text('message').notNull().default(''),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    /** The caller's key of this share (a retry sends the same one). */
    requestKey: text('request_key').notNull(),
    status: text('status').$type<'pending' | 'posted' | 'failed'>().notNull().default('pending'),
    /** The platform's id of the post, once posted. */
    remoteId: text('remote_id'),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    postedAt: ts('posted_at'),
  },
  (t) => [
    uniqueIndex('shares_request_uq').on(t.siteId, t.requestKey),
    index('shares_content_idx').on(t.siteId, t.contentId),
  ],
);

/** Page categories (issue 17 "Page structure"): groups of static pages, with a title per language. */
export const pageCategories = pgTable(
  'page_categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    langs: jsonb('langs').$type<LabelLang[]>().notNull().default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('page_categories_site_name_uq').on(t.siteId, sql`lower(${t.name})`)],
);

/**
 * Where a static page stands in its site's page tree (issue 17), one row per page (its `uuid`: all its languages
 * alike). A page without a row is a top-level page in no category, shown in the navigation. Siblings are ordered by
 * `sort`, which is also the order of a parent's tabs; `first_tab` is the child whose tab opens first.
 */
export const pageNodes = pgTable(
  'page_nodes',
  {
    uuid: uuid('uuid').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parentUuid: uuid('parent_uuid'),
    categoryId: integer('category_id').references(() => pageCategories.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    firstTab: uuid('first_tab'),
    updatedAt: updatedAt(),
  },
  (t) => [index('page_nodes_parent_idx').on(t.siteId, t.parentUuid, t.sort)],
);

/** A place's words in one content language (issue 17 "Places"). */
export interface PlaceLang {
  lang_id: number;
  name: string;
  address: string;
  hours: string;
}

/** Named locations (issue 17): linked from articles, offered as pickup points by logistics. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The name in the site's first language, for lists and pickers. */
    name: text('name').notNull(),
    langs: jsonb('langs').$type<PlaceLang[]>().notNull().default(sql`'[]'::jsonb`),
    mapUrl: text('map_url').notNull().default(''),
    cover: text('cover').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('places_site_idx').on(t.siteId)],
);

/**
 * Platform operators' entries into a site for support (issue 17), the audit log its owner sees: who, when, why.
 * The token is kept as its hash; it is used once (`joined_at`) before `expires_at`, and the support session it opens
 * ends then too.
 */
export const supportEntries = pgTable(
  'support_entries',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written when the entry was made, so the log still names a deleted operator. */
    operatorEmail: text('operator_email').notNull(),
    reason: text('reason').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    joinedAt: ts('joined_at'),
  },
  (t) => [
    uniqueIndex('support_entries_token_uq').on(t.tokenHash),
    index('support_entries_site_idx').on(t.siteId, t.createdAt),
  ],
);

/** Cookie-free page views and link clicks per site and day (issue 17 "Link analytics"): counts only. */
export const ANALYTICS_KIND = { view: 1, click: 2 } as const;
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The site's calendar day (its time zone), YYYY-MM-DD. */
    day: text('day').notNull(),
    kind: smallint('kind').notNull(),
    /** The page's path, or the clicked link's address. */
    target: text('target').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.kind, t.target] })],
);
