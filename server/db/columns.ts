/**
 * Columns every table repeats, so that each module's schema.ts writes them once and the same way: the serial `id`,
 * timestamps with time zone (as Dates), and `created_at` / `updated_at` set by the database. The `site_id` column of
 * a site-owned row is `siteIdColumn()` of modules/tenancy/schema.ts, beside the `sites` table it points at (db/
 * imports no module).
 */
import { customType, serial, timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The row's serial primary key. */
export const idColumn = () => serial('id').primaryKey();

export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** `created_at` and `updated_at`, spread last into a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Raw bytes (PGlite may hand back a Uint8Array: always a Buffer here). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
