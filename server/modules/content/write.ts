/**
 * The statement that writes a new version of an item (service.ts): the update guarded by the version, the revision
 * when the text changed, the history trimmed to the plan's limits, and what the save answers — one round trip, built
 * once per shape and run by name (named.ts).
 */
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Named } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import type { Db } from '../../db/client';
import { runNamed } from './named';
import { pinColumns } from './pins';
import { dropped } from './revisions';
import { contentRevisions, contents, contentTags, tags } from './schema';
import { type ContentRecord, type Scope, visibleTo } from './scope';

/** What a version writes that readers may see once published. */
export type Draft = Pick<ContentRecord, 'title' | 'subtitle' | 'body' | 'abstract' | 'readingTime'> &
  Partial<Pick<ContentRecord, 'cover' | 'seo'>>;

/** The conditions of a live item of the scope's site and type that the caller sees. */
export const itemOf = (s: Scope, id: number, sight = true) =>
  and(
    eq(contents.siteId, s.siteId),
    eq(contents.id, id),
    eq(contents.type, s.type),
    ne(contents.status, STATUS.DELETED),
    sight ? visibleTo(s) : undefined,
  );

/** What a save answers with (saveReply): the item's row as written, its tags and its languages. */
export type SavedRow = Pick<
  ContentRecord,
  | 'id'
  | 'uuid'
  | 'langId'
  | 'slug'
  | 'status'
  | 'related'
  | 'isDraftChanged'
  | 'version'
  | 'abstract'
  | 'readingTime'
>;
export type Saved = SavedRow & { tags: Named[]; langs: number[] };

/** The columns a save sets beside its draft: the item's address and references (restoring sets none of them). */
export interface Other {
  slug: string;
  related: number;
  custom: number[];
  categoryId: number | null;
  placeId: number | null;
}
const OTHER: (keyof Other)[] = ['slug', 'related', 'custom', 'categoryId', 'placeId'];

const p = sql.placeholder;

/**
 * The statement of writeVersion, with a placeholder for every value (named.ts): what varies between two builds is
 * the statement's shape only, which its name says — the caller's sight (or none), the pin, and whether the cover,
 * SEO and `Other` are set.
 */
export function writeStatement(s: Scope, shape: { sight: boolean; pin?: boolean; full: boolean }): SQL {
  // The scope with placeholders for its values: the conditions and the pin are built from it.
  const ps = {
    ...s,
    siteId: p('site'),
    type: p('type'),
    user: { ...s.user, id: p('user') },
  } as unknown as Scope;
  const id = p('id') as unknown as number;
  // The new draft, given once; the old text beside it, for the revision's "changed" (the row is at the version
  // expected, and only a new version changes its text).
  const n = sql`(SELECT ${p('title')}::text AS title, ${p('subtitle')}::text AS subtitle,
      ${p('body')}::jsonb AS body, ${p('abstract')}::text AS abstract, ${p('readingTime')}::int AS reading_time,
      ${p('cover')}::text AS cover, ${p('seo')}::jsonb AS seo,
      o.title AS old_title, o.subtitle AS old_subtitle, o.body AS old_body
    FROM ${contents} o WHERE o.id = ${id}) AS n`;
  const cover = shape.full ? sql`n.cover` : contents.cover;
  const seo = shape.full ? sql`n.seo` : contents.seo;
  const update = db0(s)
    .update(contents)
    .set({
      ...(shape.full ? Object.fromEntries(OTHER.map((k) => [k, p(k)])) : {}),
      ...pinColumns(ps, shape.pin),
      title: sql`n.title`,
      subtitle: sql`n.subtitle`,
      body: sql`n.body`,
      abstract: sql`n.abstract`,
      readingTime: sql`n.reading_time`,
      ...(shape.full ? { cover: sql`n.cover`, seo: sql`n.seo` } : {}),
      isDraftChanged: sql`(${contents.status} IN (${STATUS.PUBLISHED}, ${STATUS.SCHEDULED})
        AND ${contents.published} IS DISTINCT FROM jsonb_build_object('title', n.title, 'subtitle', n.subtitle,
          'content', n.body, 'cover', ${cover}, 'abstract', n.abstract, 'seo', ${seo}))`,
      version: sql`${contents.version} + 1`,
      updatedBy: p('user') as unknown as number,
      updatedAt: sql`${p('now')}::timestamptz`,
    })
    .from(n)
    .where(and(itemOf(ps, id, shape.sight), eq(contents.version, p('version'))))
    .returning({
      id: contents.id,
      uuid: contents.uuid,
      langId: contents.langId,
      slug: contents.slug,
      status: contents.status,
      related: contents.related,
      isDraftChanged: contents.isDraftChanged,
      version: contents.version,
      abstract: contents.abstract,
      readingTime: contents.readingTime,
      title: contents.title,
      subtitle: contents.subtitle,
      body: contents.body,
      sameText: sql<boolean>`(n.old_title = ${contents.title} AND n.old_subtitle = ${contents.subtitle}
        AND n.old_body = ${contents.body})`.as('same_text'),
    });
  // The revision the same statement inserts (0 or 1), which its prune cannot see: dropped() counts it.
  const inserted = sql`(SELECT count(*)::int FROM rev)`;
  return sql`WITH up AS (${update.getSQL()}),
    rev AS (INSERT INTO ${contentRevisions} (content_id, version, title, subtitle, body, conflict, user_id, created_at)
      SELECT id, version, title, subtitle, body, false, ${p('user')}, ${p('now')}::timestamptz
      FROM up WHERE NOT same_text RETURNING id),
    pruned AS (DELETE FROM ${contentRevisions}
      WHERE EXISTS (SELECT 1 FROM up) AND ${dropped(id, p('site'), p('now'), inserted)})
    SELECT up.id, up.uuid, up.lang_id AS "langId", up.slug, up.status, up.related,
      up.is_draft_changed AS "isDraftChanged", up.version, up.abstract, up.reading_time AS "readingTime",
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.id), '[]')
         FROM ${contentTags} ct JOIN ${tags} t ON t.id = ct.tag_id WHERE ct.content_id = up.id) AS tags,
      (SELECT json_agg(c.lang_id ORDER BY c.lang_id) FROM ${contents} c
         WHERE c.site_id = ${p('site')} AND c.uuid = up.uuid AND c.status <> ${STATUS.DELETED}) AS langs
    FROM up`;
}

/** The handle a statement is built with (any: building runs no query). */
const db0 = (s: Scope) => s.deps.db;

/**
 * Writes a new version of item `id` of the scope's site and type, if it is still live, at version `at.version`
 * and (`at.sight`, when the row is not locked) in the caller's sight; else nothing (undefined). One statement: the
 * update, the revision when the text changed, the history trimmed to the plan's limits, and the reply's tags and
 * languages. A published or scheduled item gets is_draft_changed when its draft now differs from what readers see
 * (jsonb equality, as the snapshot is built by snapshotOfDraft); the snapshot itself is left alone.
 */
export async function writeVersion(
  db: Db,
  s: Scope,
  id: number,
  at: { version: number; sight: boolean },
  draft: Draft,
  now: Date,
  set?: { other: Other; pin?: boolean },
): Promise<Saved | undefined> {
  const full = set !== undefined;
  const sight = at.sight ? s.sight : 'none';
  const pin = set?.pin === undefined ? 'u' : set.pin ? 't' : 'f';
  const name = `content_write_${sight}_${pin}_${full ? 'full' : 'text'}`;
  const rows = await runNamed<Saved>(
    db,
    name,
    () => writeStatement(s, { sight: at.sight, pin: set?.pin, full }),
    {
      id,
      version: at.version,
      site: s.siteId,
      type: s.type,
      user: s.user.id,
      now: now.toISOString(),
      title: draft.title,
      subtitle: draft.subtitle,
      body: JSON.stringify(draft.body),
      abstract: draft.abstract,
      readingTime: draft.readingTime,
      cover: draft.cover ?? null,
      seo: draft.seo === undefined ? null : JSON.stringify(draft.seo),
      ...(set?.other ?? {}),
    },
  );
  return rows[0];
}
