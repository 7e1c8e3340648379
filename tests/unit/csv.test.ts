/** contract/csv.ts: the RFC 4180 reader behind the members' CSV import; and the exports' writer that it reads back. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../contract/csv';
import { csvBytes, csvRows } from '../../server/http/csv';
import { cpuMs } from './cpuTime';

describe('parseCsv', () => {
  it('reads plain records with CRLF, LF or CR, skipping blank lines', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h\n\n').rows).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted fields with commas, line breaks and doubled quotes, and empty fields', () => {
    const r = parseCsv('"王, 小明","第一行\r\n第二行","say ""hi"""\n,,x\n');
    expect(r.rows).toEqual([
      ['王, 小明', '第一行\r\n第二行', 'say "hi"'],
      ['', '', 'x'],
    ]);
    expect(r.lines).toEqual([1, 3]);
    expect(r.unterminated).toBe(false);
  });

  it('drops a leading byte-order mark and reads a last record without a line break', () => {
    expect(parseCsv('\uFEFFemail\na@b.co').rows).toEqual([['email'], ['a@b.co']]);
  });

  it('reports an open quote at the end', () => {
    expect(parseCsv('email\n"a@b.co').unterminated).toBe(true);
  });

  it('stops after maxRows and says so', () => {
    const r = parseCsv('h\n1\n2\n3\n', 3);
    expect(r.rows).toEqual([['h'], ['1'], ['2']]);
    expect(r.truncated).toBe(true);
    expect(parseCsv('h\n1\n2\n', 3).truncated).toBe(false);
  });

  it('reads 2 MB of hostile text in linear time', () => {
    const spent = cpuMs(() => {
      parseCsv('"'.repeat(1_000_000) + ','.repeat(1_000_000));
      parseCsv('a,'.repeat(1_000_000));
    });
    expect(spent).toBeLessThan(2000);
  });
});

describe('csvRows (server/http/csv.ts, the exports)', () => {
  it('writes what parseCsv reads back, with a BOM, CRLF rows and formulas defused', () => {
    const rows = [
      ['名稱', 'note'],
      ['王, 小明', '第一行\n第二行'],
      ['=SUM(A1)', 'say "hi"'],
      ['@cmd', '-1'],
    ];
    const text = csvRows(rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text).rows).toEqual([
      ['名稱', 'note'],
      ['王, 小明', '第一行\n第二行'],
      ["'=SUM(A1)", 'say "hi"'],
      ["'@cmd", "'-1"],
    ]);
  });
});

describe('csvBytes (server/http/csv.ts, the streamed exports)', () => {
  it('writes the bytes of csvRows, batch after batch, quoting and all', () => {
    const header = ['名稱', 'note'];
    const batches = [
      [
        ['王, 小明', '第一行\n第二行'],
        ['=SUM(A1)', 'say "hi"'],
      ],
      // Quoting that doubles the field's length (the buffer grows), an astral character, a lone surrogate, empties.
      [['"'.repeat(1_000), '😀 emoji'], ['\uD800', ''], []],
    ];
    const streamed = Buffer.concat([csvBytes([header, ...batches[0]], true), csvBytes(batches[1])]);
    expect(streamed.equals(Buffer.from(csvRows([header, ...batches[0], ...batches[1]])))).toBe(true);
    expect(csvBytes([]).length).toBe(0);
  });
});
