/**
 * Members as CSV: `profile/export` (the list's current filter, UTF-8 with a byte-order mark so that Excel reads
 * Chinese; the header in the caller's language) and `profile/import_preview` / `profile/import`. An import reads a
 * header row (an `email` column at least; `name`, `intro`, `tags` split on `;`, `note`, in any of the three
 * languages, so an export imports back) and answers each row: new, update (already a member: the row's tags are
 * added to theirs, an empty name or intro is filled) or its errors. The import re-checks everything inside one
 * transaction: any error row, or new rows beyond the plan's member limit, imports nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { LOCALES, type Locale } from '../../../contract/constants';
import { parseCsv } from '../../../contract/csv';
import { member } from '../../../contract/entities/member';
import type { ExportColumns } from '../../../contract/entity';
import type { UploadedFile } from '../../../contract/files';
import type { ListQuery } from '../../../contract/list';
import { MEMBER_STATUSES } from '../../../contract/memberConstants';
import {
  type ImportPreview,
  type ImportRow,
  MEMBER_CSV_MAX_CHARS,
  MEMBER_CSV_MAX_ROWS,
  MEMBER_INTRO_MAX,
  MEMBER_NAME_MAX,
  MEMBER_NOTE_MAX,
  MEMBER_TAG_MAX,
  MEMBER_TAG_MIN,
  MEMBER_TAGS_MAX,
  memberEmailOk,
} from '../../../contract/members';
import { charCount } from '../../../contract/validation';
import type { Db } from '../../db/client';
import type { SiteContext } from '../../http/action';
import { wallStamp } from '../../http/csv';
import { AppError, FieldError } from '../../http/errors';
import { t } from '../../i18n';
import { memberRoom } from '../readers/limit';
import { readers } from '../readers/schema';
import { lockSite } from '../tenancy/lock';
import { sites } from '../tenancy/schema';
import { memberBatches } from './service';

/** The export's columns (contract/entities/member.ts), by their words in every language an import's header. */
type Column = ExportColumns<typeof member>;
const COLUMNS: readonly Column[] = member.export?.columns ?? [];
const IMPORTED: readonly Column[] = ['email', 'name', 'intro', 'tags', 'note'];

/** Header words an import understands: the export's own in every language, and a few common ones. */
const ALIASES: Record<string, Column> = {
  'e-mail': 'email',
  mail: 'email',
  電子郵件: 'email',
  メール: 'email',
  tag: 'tags',
  名前: 'name',
  氏名: 'name',
};
for (const lang of LOCALES)
  for (const col of COLUMNS)
    ALIASES[
      t(lang as Locale, `members.csv.${col}`)
        .trim()
        .toLowerCase()
    ] = col;
for (const col of COLUMNS) ALIASES[col] = col;

/** Tags in one CSV field: separated by semicolons (also full-width ones, 、 and |). */
const splitTags = (field: string): string[] => {
  const parts: string[] = [];
  let current = '';
  for (const c of field) {
    if (c === ';' || c === '；' || c === '、' || c === '|') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return [...new Set(parts.map((p) => p.trim()).filter((p) => p !== ''))];
};

// ---------------------------------------------------------------------------------------------------------- export

/**
 * The CSV rows of `profile/export` (the entity's declared export, whose header is the entity's words, those of
 * `members.csv`): every member of the list's filter, in its order, in the caller's language and the site's zone —
 * by batches as the keyset walk reads them (memberBatches), for a streamed reply. A bad filter throws at the call.
 */
export function memberCsvBatches(
  ctx: SiteContext,
  query: ListQuery,
): AsyncGenerator<Record<Column, string>[]> {
  const { db } = ctx.deps;
  const lang = ctx.lang;
  const batches = memberBatches(db, ctx.site.id, query);
  const words = {
    status: Object.fromEntries(MEMBER_STATUSES.map((s) => [s, t(lang, `members.status.${s}`)])),
    yes: t(lang, 'members.csv.yes'),
    no: t(lang, 'members.csv.no'),
  };
  // A source's word, looked up once (a lookup splits its key: two strings and an array a row otherwise).
  const sources = new Map<string, string>();
  const source = (key: string) => {
    let word = sources.get(key);
    if (word === undefined) {
      word = t(lang, `members.source.${key}`);
      sources.set(key, word);
    }
    return word;
  };
  return (async function* () {
    const [site] = await db.select().from(sites).where(eq(sites.id, ctx.site.id));
    // The wall clock of a minute, once per minute met (a sort by date meets each many times in a row).
    const stamps = new Map<number, string>();
    const stamp = (minute: number) => {
      let wall = stamps.get(minute);
      if (wall === undefined) {
        if (stamps.size >= 10_000) stamps.clear();
        wall = wallStamp(minute * 60_000, site.timezone);
        stamps.set(minute, wall);
      }
      return wall;
    };
    for await (const members of batches)
      yield members.map((m) => ({
        name: m.name,
        email: m.email,
        intro: m.intro,
        tags: m.tags,
        note: m.note,
        status: words.status[m.status],
        plan: m.plan ?? '',
        epaper: m.epaperOptIn ? words.yes : words.no,
        source: source(m.source),
        created: stamp(m.createdMinute),
      }));
  })();
}

// ---------------------------------------------------------------------------------------------------------- import

interface ParsedRow extends ImportRow {
  intro: string;
  note: string;
}

/**
 * The CSV's text, from pasted text or an uploaded file (UTF-8). A NUL, which PostgreSQL text cannot store (and the
 * action's NUL scan leaves files to this), is a field error naming the row's line as the preview numbers it.
 */
export function csvText(input: { text?: string; file?: UploadedFile }): string {
  const text = input.file ? new TextDecoder('utf-8').decode(input.file.bytes) : (input.text ?? '');
  if (text.length > MEMBER_CSV_MAX_CHARS) throw unreadable();
  const line = nulLine(text);
  if (line !== undefined)
    throw new FieldError({
      [input.file ? 'file' : 'text']: { message: 'members.importDialog.nul', args: { line } },
    });
  return text;
}

/** The line of the first row holding a NUL; none when there is none among the rows an import reads. */
function nulLine(text: string): number | undefined {
  if (!text.includes('\u0000')) return undefined;
  const parsed = parseCsv(text, MEMBER_CSV_MAX_ROWS + 1);
  const at = parsed.rows.findIndex((row) => row.some((field) => field.includes('\u0000')));
  return at < 0 ? undefined : parsed.lines[at];
}

const unreadable = () =>
  new AppError(Code.MEMBER_IMPORT_UNREADABLE, undefined, null, {
    rows: MEMBER_CSV_MAX_ROWS.toLocaleString('en'),
  });

/** Reads and checks every row against the site's members (read through `db`, a transaction's when importing). */
async function readRows(db: Db, siteId: number, text: string): Promise<ParsedRow[]> {
  const parsed = parseCsv(text, MEMBER_CSV_MAX_ROWS + 1);
  if (parsed.unterminated || parsed.truncated || parsed.rows.length < 2) throw unreadable();
  const header = parsed.rows[0].map((h) => ALIASES[h.trim().toLowerCase()]);
  const index = Object.fromEntries(
    IMPORTED.map((col) => [col, header.indexOf(col)]).filter(([, i]) => (i as number) >= 0),
  ) as Partial<Record<Column, number>>;
  if (index.email === undefined) throw unreadable();
  const seen = new Set<string>();
  const rows: ParsedRow[] = parsed.rows.slice(1).map((fields, i) => {
    const cell = (col: Column) =>
      index[col] === undefined ? '' : (fields[index[col] as number] ?? '').trim();
    const errors: ImportRow['errors'] = [];
    const email = cell('email').toLowerCase();
    if (email === '') errors.push({ col: 'email', error: 'required' });
    else if (!memberEmailOk(email)) errors.push({ col: 'email', error: 'email' });
    else if (seen.has(email)) errors.push({ col: 'email', error: 'duplicate' });
    else seen.add(email);
    const limits: [Column, number][] = [
      ['name', MEMBER_NAME_MAX],
      ['intro', MEMBER_INTRO_MAX],
      ['note', MEMBER_NOTE_MAX],
    ];
    for (const [col, max] of limits) if (charCount(cell(col)) > max) errors.push({ col, error: 'tooLong' });
    const tags = cell('tags').length > 2000 ? [] : splitTags(cell('tags'));
    if (
      cell('tags').length > 2000 ||
      tags.length > MEMBER_TAGS_MAX ||
      tags.some((tag) => charCount(tag) > MEMBER_TAG_MAX || charCount(tag) < MEMBER_TAG_MIN)
    )
      errors.push({ col: 'tags', error: 'tags' });
    return {
      line: parsed.lines[i + 1],
      email: email.slice(0, 254),
      name: cell('name').slice(0, MEMBER_NAME_MAX + 1),
      intro: cell('intro'),
      note: cell('note'),
      tags,
      action: errors.length ? 'error' : 'new',
      errors,
    };
  });
  const emails = rows.filter((r) => r.action === 'new').map((r) => r.email);
  const existing = new Map<string, string[]>();
  for (let i = 0; i < emails.length; i += 1000) {
    const found = await db
      .select({ email: readers.email, tags: readers.tags })
      .from(readers)
      .where(and(eq(readers.siteId, siteId), inArray(readers.email, emails.slice(i, i + 1000))));
    for (const f of found) existing.set(f.email, f.tags);
  }
  for (const row of rows) {
    const tags = existing.get(row.email);
    if (row.action !== 'new' || !tags) continue;
    row.action = 'update';
    if (new Set([...tags, ...row.tags]).size > MEMBER_TAGS_MAX) {
      row.action = 'error';
      row.errors.push({ col: 'tags', error: 'tags' });
    }
  }
  return rows;
}

async function preview(
  db: Db,
  siteId: number,
  text: string,
): Promise<{ rows: ParsedRow[]; summary: ImportPreview }> {
  const rows = await readRows(db, siteId, text);
  const room = await memberRoom(db, siteId);
  const added = rows.filter((r) => r.action === 'new').length;
  const errors = rows.filter((r) => r.action === 'error').length;
  return {
    rows,
    summary: {
      rows: rows.map(({ intro: _i, note: _n, ...row }) => row),
      total: rows.length,
      new: added,
      update: rows.filter((r) => r.action === 'update').length,
      errors,
      room,
      importable: errors === 0 && room.used + added <= room.limit,
    },
  };
}

export async function previewImport(db: Db, siteId: number, text: string): Promise<ImportPreview> {
  return (await preview(db, siteId, text)).summary;
}

export async function importMembers(
  db: Db,
  siteId: number,
  text: string,
  now: number,
): Promise<{ added: number; updated: number }> {
  return db.transaction(async (tx) => {
    // Counted against the member limit holding the site's row, like every other addition of members.
    await lockSite(tx as unknown as Db, siteId);
    const { rows, summary } = await preview(tx as unknown as Db, siteId, text);
    if (summary.errors > 0)
      throw new AppError(
        Code.MEMBER_IMPORT_INVALID,
        undefined,
        { rows: summary.rows.filter((r) => r.action === 'error').slice(0, 100) },
        { n: summary.errors },
      );
    const { used, limit } = summary.room;
    if (used + summary.new > limit)
      throw new AppError(
        Code.MEMBER_IMPORT_LIMIT,
        undefined,
        { used, limit, adding: summary.new },
        {
          used,
          limit,
          adding: summary.new,
        },
      );
    const fresh = rows.filter((r) => r.action === 'new');
    for (let i = 0; i < fresh.length; i += 500) {
      await tx.insert(readers).values(
        fresh.slice(i, i + 500).map((r) => ({
          siteId,
          email: r.email,
          name: r.name,
          intro: r.intro,
          tags: r.tags,
          note: r.note,
          source: 'import' as const,
        })),
      );
    }
    const updates = rows.filter((r) => r.action === 'update');
    for (const r of updates) {
      const [current] = await tx
        .select({ tags: readers.tags, name: readers.name, intro: readers.intro, note: readers.note })
        .from(readers)
        .where(and(eq(readers.siteId, siteId), eq(readers.email, r.email)));
      await tx
        .update(readers)
        .set({
          tags: [...new Set([...current.tags, ...r.tags])],
          name: current.name || r.name,
          intro: current.intro || r.intro,
          note: current.note || r.note,
          updatedAt: new Date(now),
        })
        .where(and(eq(readers.siteId, siteId), eq(readers.email, r.email)));
    }
    return { added: fresh.length, updated: updates.length };
  });
}
