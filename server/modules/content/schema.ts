/**
 * Articles, pages and e-papers (`contents`) and what they point at or what points at them from a lower place: tags,
 * categories, authors, places, revisions, the page tree (pages/), and e-paper sends (epaper/; content/publish.ts
 * cancels a scheduled send when its item goes offline).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BlockDocument } from '../../../contract/blocks';
import type { LabelLang } from '../../../contract/labels';
import { createdAt, idColumn, timestamps, ts, updatedAt } from '../../db/columns';
import { siteIdColumn, users } from '../tenancy/schema';

export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull().default(''),
    /** Title and cover per content language; `name` is the zh-TW title. */
    langs: jsonb('langs').$type<LabelLang[]>().notNull().default(sql`'[]'::jsonb`),
    active: jsonb('active').$type<number[]>().notNull().default(sql`'[1]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
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
    id: idColumn(),
    siteId: siteIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    langs: jsonb('langs').$type<LabelLang[]>().notNull().default(sql`'[]'::jsonb`),
    active: jsonb('active').$type<number[]>().notNull().default(sql`'[1]'::jsonb`),
    ...timestamps(),
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
    id: idColumn(),
    siteId: siteIdColumn(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
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
    id: idColumn(),
    siteId: siteIdColumn(),
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
    ...timestamps(),
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
    // The same order under a status or a category filter (issue 31): a filtered page is an index walk too.
    index('contents_list_status_idx')
      .on(
        t.siteId,
        t.type,
        t.status,
        t.toTop.desc().nullsFirst(),
        t.pinOrder,
        t.updatedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} <> -1`),
    index('contents_list_category_idx')
      .on(
        t.siteId,
        t.type,
        t.categoryId,
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
    // Keyword search from two characters up (server/http/keyword.ts; search_grams is the migration's function).
    index('contents_title_grams').using('gin', sql`search_grams(${t.title})`),
    index('contents_scheduled_idx').on(t.publishTs).where(sql`${t.status} = 2`),
    // The public site's lists and feeds: a language's published items, newest first (server/public/).
    index('contents_public_idx')
      .on(t.siteId, t.langId, t.publishTs.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
    index('contents_public_category_idx')
      .on(t.categoryId, t.langId, t.publishTs.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
    // Issue 31, the public lists at scale: what readers see (status 1 with a snapshot) in the lists' order, with the
    // lists' other filters as trailing columns, so that a page's ids (and a deep page's skip) are read from the
    // index alone (server/public/content/queries.ts); and a site's published items by id, the sitemap's parts
    // (server/public/feeds.ts).
    index('contents_listed_idx')
      .on(t.siteId, t.langId, t.publishTs.desc().nullsFirst(), t.id.desc().nullsFirst(), t.type)
      .where(sql`${t.status} = 1 AND ${t.published} IS NOT NULL`),
    index('contents_listed_category_idx')
      .on(t.categoryId, t.langId, t.publishTs.desc().nullsFirst(), t.id.desc().nullsFirst(), t.siteId, t.type)
      .where(sql`${t.status} = 1 AND ${t.published} IS NOT NULL`),
    // Trailing columns: what a sitemap part writes, read from the index alone (one part is 50,000 items).
    index('contents_listed_id_idx')
      .on(t.siteId, t.id, t.langId, t.type, t.publishTs, t.updatedAt, t.uuid, t.slug)
      .where(sql`${t.status} = 1 AND ${t.published} IS NOT NULL`),
  ],
);

/**
 * What a link row copies of its item (issue 31, the public tag and author pages at scale): its site, language, type,
 * publication time and whether readers see it (status 1 with a snapshot), kept by the triggers of migration
 * `link_listing` (set on insert, updated when the item's change them), so that a label's list in its order is one
 * index range of the link table (`*_listed_idx`), at any depth, instead of a walk of the site's items probing links.
 */
const linkListing = {
  siteId: integer('site_id'),
  langId: smallint('lang_id'),
  type: smallint('type'),
  publishTs: ts('publish_ts'),
  listed: boolean('listed').notNull().default(false),
};

/** A label's listed items in the public lists' order, from the link table's index alone (`label`: tag or author). */
const listedIndex = (
  name: string,
  label: ExtraConfigColumn,
  t: { [K in 'langId' | 'publishTs' | 'contentId' | 'siteId' | 'type' | 'listed']: ExtraConfigColumn },
) =>
  index(name)
    .on(label, t.langId, t.publishTs.desc().nullsFirst(), t.contentId.desc().nullsFirst(), t.siteId, t.type)
    .where(sql`${t.listed}`);

export const contentTags = pgTable(
  'content_tags',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    ...linkListing,
  },
  // (tag_id, content_id): a tag's items from the index alone (its public page's count, issue 31).
  (t) => [
    primaryKey({ columns: [t.contentId, t.tagId] }),
    index('content_tags_tag_idx').on(t.tagId, t.contentId),
    listedIndex('content_tags_listed_idx', t.tagId, t),
  ],
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
    ...linkListing,
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.authorId] }),
    index('content_authors_author_idx').on(t.authorId, t.contentId),
    listedIndex('content_authors_listed_idx', t.authorId, t),
  ],
);

/**
 * How many items readers see (status 1 with a snapshot) each public list holds per calendar month of publication,
 * in UTC (issue 31): kept by the triggers of migration `content_list_months`, read to turn a deep page's number into
 * a seek to its month and a skip inside that month only (server/public/content/listMonths.ts). `monthEnd` is the
 * month's exclusive end, 'infinity' for items without a publication time (first in the lists); `categoryId` 0 for
 * none. No foreign key: the triggers remove a row when its count reaches 0, a deleted site's too.
 */
export const contentListMonths = pgTable(
  'content_list_months',
  {
    siteId: integer('site_id').notNull(),
    langId: smallint('lang_id').notNull(),
    type: smallint('type').notNull(),
    categoryId: integer('category_id').notNull(),
    monthEnd: ts('month_end').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.langId, t.type, t.categoryId, t.monthEnd] })],
);

/** Earlier versions of an item, kept per the plan's limits (count and days). */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: idColumn(),
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
    id: idColumn(),
    siteId: siteIdColumn(),
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

/** Page categories (issue 17 "Page structure"): groups of static pages, with a title per language. */
export const pageCategories = pgTable(
  'page_categories',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
    name: text('name').notNull(),
    langs: jsonb('langs').$type<LabelLang[]>().notNull().default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
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
    siteId: siteIdColumn(),
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
    id: idColumn(),
    siteId: siteIdColumn(),
    /** The name in the site's first language, for lists and pickers. */
    name: text('name').notNull(),
    langs: jsonb('langs').$type<PlaceLang[]>().notNull().default(sql`'[]'::jsonb`),
    mapUrl: text('map_url').notNull().default(''),
    cover: text('cover').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('places_site_idx').on(t.siteId)],
);
