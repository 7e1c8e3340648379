/**
 * Machine translations under way or just ended (issue 32), one row per item and target language, so every instance
 * sees the same job: a call on any instance joins a running one (polling its row), and one whose instance stopped
 * beating its heart is taken over (service.ts). The row is kept after the end for the progress bar; the new version
 * itself is a content row (made once, by content's copyItem).
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

export const translateJobs = pgTable(
  'translate_jobs',
  {
    siteId: integer('site_id').notNull(),
    uuid: uuid('uuid').notNull(),
    langId: integer('lang_id').notNull(),
    state: text('state', { enum: ['running', 'done', 'failed'] }).notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The new version's content id, once done. */
    resultId: integer('result_id'),
    /** The claim's own random token: only its holder writes progress and the end. */
    claim: text('claim').notNull(),
    /** Renewed by the running job; a running row whose heartbeat is older than STALE_S is taken over. */
    heartbeatAt: ts('heartbeat_at').notNull().default(sql`now()`),
    /** A caller was told of its failure (else the next call is, rather than starting again). */
    failureTold: boolean('failure_told').notNull().default(false),
    endedAt: ts('ended_at'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.uuid, t.langId] })],
);
