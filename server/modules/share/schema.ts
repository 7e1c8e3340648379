/**
 * Social accounts connected and items shared to them.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamps, ts } from '../../db/columns';
import { contents } from '../content/schema';
import { siteIdColumn, users } from '../tenancy/schema';

export const SHARE_PLATFORMS = ['facebook', 'instagram'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** A site's connection to a Facebook page or an Instagram business account; the token encrypted at rest. */
export const socialConnections = pgTable(
  'social_connections',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
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
    ...timestamps(),
  },
  (t) => [uniqueIndex('social_connections_site_platform_uq').on(t.siteId, t.platform)],
);

/** One share of an item to a platform: recorded before it is posted, so a retry never posts twice. */
export const shares = pgTable(
  'shares',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
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
