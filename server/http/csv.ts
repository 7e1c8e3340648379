/**
 * The one CSV reply of the exports (staff, members, followers, orders): UTF-8 with a byte-order mark so that Excel
 * reads Chinese, CRLF rows, RFC 4180 quoting, formula-safe fields, never cached, and the file named after what it
 * holds, the site and the site's day. An exporter gives its header (in the caller's language) and its rows, times
 * already in the site's zone (`wallStamp`).
 */
import { Readable } from 'node:stream';
import { wallTime } from '../../contract/zoned';
import type { BaseContext } from './action';

/**
 * One CSV field: quoted when it holds a quote, comma or line break. A value a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR first) gets a leading apostrophe: names are typed by anyone.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV lines, each ended by CRLF. */
const csvLines = (rows: readonly (readonly string[])[]): string =>
  rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');

export const csvRows = (rows: readonly (readonly string[])[]): string =>
  `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** A moment as the CSV shows it: the date and time on the site's clock. */
export function wallStamp(instant: Date | string, timeZone: string): string {
  const w = wallTime(instant, timeZone);
  return `${w.date} ${w.time}`;
}

export interface CsvFile {
  /** What the file holds, the start of its name (`members`). */
  kind: string;
  site: { slug: string; timezone: string };
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

function csvHeaders(ctx: BaseContext, file: Omit<CsvFile, 'rows'>) {
  const day = wallTime(ctx.deps.now(), file.site.timezone).date;
  const slug = file.site.slug.replace(/[^a-z0-9-]/g, '');
  ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.kind}-${slug}-${day}.csv"`)
    .header('cache-control', 'no-store');
}

/** Sets the reply's headers and answers the body; the action is declared `raw`. */
export function sendCsv(ctx: BaseContext, file: CsvFile): string {
  csvHeaders(ctx, file);
  return csvRows([file.header, ...file.rows]);
}

/**
 * The same file as sendCsv, byte for byte, streamed: its rows come in batches (e.g. a query's keyset pages), each
 * written as it comes and the next one asked for only when the reply has taken it (Readable.from pulls), so memory
 * holds a batch or two however many rows there are. The caller reads its first batch before (so that a failing
 * query still answers an error envelope, not a cut file) and passes it as `first`.
 */
export function sendCsvStream(
  ctx: BaseContext,
  file: Omit<CsvFile, 'rows'> & {
    first: readonly (readonly string[])[];
    rest: AsyncIterable<readonly (readonly string[])[]>;
  },
): Readable {
  csvHeaders(ctx, file);
  async function* chunks() {
    yield csvRows([file.header, ...file.first]);
    for await (const rows of file.rest) if (rows.length) yield csvLines(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}
