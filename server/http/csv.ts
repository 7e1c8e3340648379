/**
 * The one CSV reply of the exports (staff, members, followers, orders): UTF-8 with a byte-order mark so that Excel
 * reads Chinese, CRLF rows, RFC 4180 quoting, formula-safe fields, never cached, and the file named after what it
 * holds, the site and the site's day. An exporter gives its header (in the caller's language) and its rows, times
 * already in the site's zone (`wallStamp`).
 */
import { Readable } from 'node:stream';
import { wallTime } from '../../contract/zoned';
import type { BaseContext } from './action';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/**
 * One CSV field: quoted when it holds a quote, comma or line break. A value a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR first) gets a leading apostrophe: names are typed by anyone. The patterns are constants: a
 * regular expression literal is a new object each time it is evaluated, ~100 bytes of garbage per field.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(QUOTE, '""')}"` : safe;
}

export const csvRows = (rows: readonly (readonly string[])[]): string =>
  `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Rows as CSV lines, each ended by CRLF, in UTF-8 (a byte-order mark first with `bom`): the bytes csvRows' text
 * encodes to, written field by field into one buffer. No string is made for a line or for the batch, so a streamed
 * export of millions of rows leaves next to no garbage on the JS heap (a line's string, then the batch's, each lived
 * long enough to be promoted to the old generation).
 */
export function csvBytes(rows: readonly (readonly string[])[], bom = false): Buffer {
  let chars = 1;
  for (const row of rows) for (const value of row) chars += value.length + 1;
  // A UTF-16 unit is at most 3 bytes of UTF-8: room for the rows as they are; quoting may still need more.
  let out = Buffer.allocUnsafe(chars * 3 + rows.length + 3);
  let at = bom ? out.write('\uFEFF', 0) : 0;
  const room = (bytes: number) => {
    if (at + bytes <= out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, at + bytes));
    out.copy(bigger, 0, 0, at);
    out = bigger;
  };
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const field = csvField(row[i]);
      room(field.length * 3 + 1);
      if (i > 0) out[at++] = COMMA;
      at += out.write(field, at);
    }
    room(2);
    out[at++] = CR;
    out[at++] = LF;
  }
  return out.subarray(0, at);
}

/** A moment as the CSV shows it: the date and time on the site's clock. */
export function wallStamp(instant: Date | number | string, timeZone: string): string {
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
    yield csvBytes([file.header, ...file.first], true);
    for await (const rows of file.rest) if (rows.length) yield csvBytes(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}
