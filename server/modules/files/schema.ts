/**
 * Uploads: the picture library and videos (files/quota.ts counts both).
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestamps } from '../../db/columns';
import { siteIdColumn, users } from '../tenancy/schema';

/** Uploaded files of a site (images for now); the bytes live in the storage adapter. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    siteId: siteIdColumn(),
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
    id: idColumn(),
    siteId: siteIdColumn(),
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
    ...timestamps(),
  },
  (t) => [index('videos_site_idx').on(t.siteId), uniqueIndex('videos_upload_uq').on(t.uploadId)],
);
