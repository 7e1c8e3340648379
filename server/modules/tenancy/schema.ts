/**
 * The tables every module shares, so they live in the lowest module: the accounts (users), sites, roles and who
 * works on which site, the plans in force, and themes with their versions (sites.theme_id and themes.site_id point at
 * each other, and files/quota.ts counts theme versions against the upload total).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Feature } from '../../../contract/plans';
import type { ThemeManifest, ThemeRenderFailure } from '../../../contract/themes';
import { createdAt, idColumn, timestamps, ts } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
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
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

export const sites = pgTable(
  'sites',
  {
    id: idColumn(),
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
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sites_slug_uq').on(t.slug),
    uniqueIndex('sites_domain_uq').on(t.domain).where(sql`${t.domain} <> ''`),
  ],
);

/** The owning site of a site-owned row: `site_id`, deleted with its site. */
export const siteIdColumn = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/** Roles: built-in ones have no site (ids 1–4); custom ones belong to a site. */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    builtin: boolean('builtin').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('roles_site_idx').on(t.siteId)],
);

/** Who works on which site, with which role. */
export const siteStaff = pgTable(
  'site_staff',
  {
    siteId: siteIdColumn(),
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
  ...timestamps(),
});

/** A subscription's status: a site's (plans/schema.ts site_subscriptions) or a reader's (readers/schema.ts). */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'lapsed', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A site's uploaded themes (the built-in default theme lives in themes/default and has no row). */
export const themes = pgTable(
  'themes',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    /** theme.json's name: uploading the same name again adds a version. */
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The version in use (theme_versions.id): the latest upload, or an earlier one enabled again. */
    activeVersionId: integer('active_version_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('themes_site_name_uq').on(t.siteId, sql`lower(${t.name})`)],
);

/** Every upload of a theme, kept so that any version can be enabled again or downloaded. */
export const themeVersions = pgTable(
  'theme_versions',
  {
    id: idColumn(),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    siteId: siteIdColumn(),
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
