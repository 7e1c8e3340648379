/**
 * The files of each uploaded theme version (the themes and their versions are in tenancy/schema.ts).
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';
import { themeVersions } from '../tenancy/schema';

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
