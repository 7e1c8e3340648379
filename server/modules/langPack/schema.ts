/**
 * The operator's corrections of the interface words, one row per language (issue 32): what every instance serves,
 * imported from `I18N_DIR/<lang>.json` by the instance that sees that file change (packs.ts). A trigger (the
 * migration) tells every instance on the `callers` channel as `langpack:<lang>`.
 */
import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const langCorrections = pgTable('lang_corrections', {
  lang: text('lang').primaryKey(),
  /** The file's JSON object as read (checked word by word when applied). */
  corrections: jsonb('corrections').$type<Record<string, unknown>>().notNull(),
  /** The file's mtime in ms (its removal: when it was noticed): a file older than the row is not imported. */
  stamp: bigint('stamp', { mode: 'number' }).notNull(),
});
