/**
 * A small RFC 4180 CSV reader, in one place for the server and the SPA: fields separated by commas, records by CRLF
 * or LF (a lone CR too), fields in double quotes may hold commas, line breaks and doubled quotes. A leading UTF-8
 * byte-order mark is dropped. One pass over the text, no regular expression: linear in its length.
 */

export interface CsvParse {
  /** The records, each its fields; blank lines are skipped. */
  rows: string[][];
  /** The 1-based line each record starts on (for error reports). */
  lines: number[];
  /** A quoted field was still open at the end of the text. */
  unterminated: boolean;
  /** More records than `maxRows`: the rest were not read. */
  truncated: boolean;
}

export function parseCsv(text: string, maxRows = Number.POSITIVE_INFINITY): CsvParse {
  const rows: string[][] = [];
  const lines: number[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let record: string[] = [];
  let recordLine = 1;
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let truncated = false;
  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line (one empty field) is no record.
    if (!(record.length === 1 && record[0] === '')) {
      rows.push(record);
      lines.push(recordLine);
    }
    record = [];
  };
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (c === '\n') line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && !fieldStarted && field === '') {
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (c === ',') {
      endField();
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      if (rows.length >= maxRows) {
        truncated = i < n && text.slice(i).trim() !== '';
        return { rows, lines, unterminated: false, truncated };
      }
    } else {
      // Text after a closing quote is kept as it is (lenient, as spreadsheets are).
      field += c;
      fieldStarted = true;
      i += 1;
    }
  }
  const unterminated = quoted;
  if (field !== '' || record.length > 0 || fieldStarted) {
    if (rows.length >= maxRows) truncated = true;
    else endRecord();
  }
  return { rows, lines, unterminated, truncated };
}
