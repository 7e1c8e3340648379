/**
 * Writing items: saves with versions and conflict detection, revisions, slugs, references, languages (new ones and
 * blank copies). Every query is bounded by the caller's site (Scope), never by anything in the request body.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { BlockDocument } from '../../../contract/blocks';
import { abstractOf, emptyDocument, readingMinutes } from '../../../contract/blockText';
import { Code } from '../../../contract/codes';
import type { ConflictData, ContentSave, SaveReply, Status } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { slugify } from '../../../contract/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, duplicate, FieldError, notFound } from '../../http/errors';
import { bumpRender } from '../tenancy/invalidate';
import { users } from '../tenancy/schema';
import { ownAuthor } from './authors';
import { cleanBody } from './cleanBody';
import { nextPinOrder, pinColumns } from './pins';
import { checkRefs, linkRefs, tagsAndLanguages } from './refs';
import { addRevision, getRevision, pruneRevisions } from './revisions';
import { contentAuthors, contents, contentTags } from './schema';
import { type ContentRecord, type Scope, visibleTo } from './scope';
import { freeSlug, type SlugPlace, slugTaken } from './slug';
import { sameJson, sameStoredJson, snapshotOf } from './snapshot';

type SaveInput = z.output<typeof ContentSave>;
type NewContent = PgInsertValue<typeof contents>;
/** What a version writes that readers may see once published. */
type Draft = Pick<ContentRecord, 'title' | 'subtitle' | 'body' | 'abstract' | 'readingTime'> &
  Partial<Pick<ContentRecord, 'cover' | 'seo'>>;

/** The draft's text and what is derived from it. */
function textOf(title: string, subtitle: string, body: BlockDocument) {
  return { title, subtitle, body, abstract: abstractOf(body), readingTime: readingMinutes(body) };
}

/** An item's draft text, as stored in revisions and compared to decide whether a save makes one. */
const draftState = (r: Pick<ContentRecord, 'version' | 'title' | 'subtitle' | 'body'>) => ({
  version: r.version,
  title: r.title,
  subtitle: r.subtitle,
  body: r.body,
});
/** Of two rows read from the table (their bodies both from jsonb). */
const sameText = (a: ContentRecord, b: ContentRecord) =>
  a.title === b.title && a.subtitle === b.subtitle && sameStoredJson(a.body, b.body);

/** The explicit slug if free (else 此欄位重複), or one made from the title with -2, -3 … when taken. */
async function slugFor(db: Db, place: SlugPlace, slug: string, title: string): Promise<string> {
  if (slug) {
    if (await slugTaken(db, place, slug)) throw duplicate('slug');
    return slug;
  }
  const base = slugify(title);
  return base ? freeSlug(db, place, base) : '';
}

const constraintOf = (err: unknown): string | undefined => {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | null;
  const name = e?.constraint ?? e?.cause?.constraint;
  return typeof name === 'string' ? name : undefined;
};

/**
 * Runs a write that may lose a race on a unique index. A slug made from the title is made again (the winner's is now
 * visible); otherwise the refusal answers the field it concerns.
 */
async function raceSafe<T>(autoSlug: boolean, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const index = constraintOf(err);
      if (index === 'contents_site_lang_slug_uq' && autoSlug && attempt < 3) continue;
      if (index === 'contents_site_lang_slug_uq') throw duplicate('slug');
      if (index === 'contents_uuid_lang_uq') throw duplicate('lang_id');
      throw err;
    }
  }
}

/**
 * Makes room for a new language of `uuid`: a live item in that language answers it; a deleted one is removed
 * (its row would otherwise hold the (uuid, language) index forever).
 */
async function languageSlot(
  db: Db,
  s: Scope,
  uuid: string,
  langId: number,
): Promise<ContentRecord | undefined> {
  const [row] = await db
    .select()
    .from(contents)
    .where(and(eq(contents.siteId, s.siteId), eq(contents.uuid, uuid), eq(contents.langId, langId)))
    .for('update');
  if (row?.status === STATUS.DELETED) {
    await db.delete(contents).where(eq(contents.id, row.id));
    return undefined;
  }
  return row;
}

/** Inserts a new item with its tags, authors and first revision. */
async function insertItem(
  db: Db,
  s: Scope,
  values: Omit<
    NewContent,
    'siteId' | 'type' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt' | 'seo'
  > &
    Partial<Pick<NewContent, 'seo'>>,
  links: { tag: number[]; author: number[] },
  now: Date,
): Promise<ContentRecord> {
  const [row] = await db
    .insert(contents)
    .values({
      seo: { title: '', content: '' },
      ...values,
      siteId: s.siteId,
      type: s.type,
      createdBy: s.user.id,
      updatedBy: s.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await linkRefs(db, row.id, links.tag, links.author);
  await addRevision(db, row.id, draftState(row), { userId: s.user.id, at: now });
  return row;
}

/**
 * Writes a new version over `row`. A published or scheduled item gets is_draft_changed when its draft now differs
 * from what readers see; the snapshot itself is left alone. The new text becomes a revision when it changed, and the
 * history is trimmed to the plan's limits.
 */
async function writeVersion(
  db: Db,
  s: Scope,
  row: ContentRecord,
  draft: Draft,
  now: Date,
  other: PgUpdateSetSource<typeof contents> = {},
): Promise<ContentRecord> {
  const live = row.status === STATUS.PUBLISHED || row.status === STATUS.SCHEDULED;
  const [saved] = await db
    .update(contents)
    .set({
      ...other,
      ...draft,
      isDraftChanged: live && !sameJson(snapshotOf({ ...row, ...draft }), row.published),
      version: row.version + 1,
      updatedBy: s.user.id,
      updatedAt: now,
    })
    .where(eq(contents.id, row.id))
    .returning();
  // A published item's address, category and place are live (not in its snapshot): readers' pages change with them.
  if (
    row.status === STATUS.PUBLISHED &&
    (saved.slug !== row.slug || saved.categoryId !== row.categoryId || saved.placeId !== row.placeId)
  ) {
    await bumpRender(db, s.siteId);
  }
  if (!sameText(row, saved)) await addRevision(db, row.id, draftState(saved), { userId: s.user.id, at: now });
  await pruneRevisions(db, row.id, s.siteId, now.getTime());
  return saved;
}

async function nicknameOf(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [u] = await db
    .select({ nickname: users.nickname, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ? u.nickname || u.email : '';
}

/** A live item of the scope's site and type that the caller sees, locked until the transaction ends. */
async function lockItem(db: Db, s: Scope, id: number): Promise<ContentRecord> {
  const [row] = await db
    .select()
    .from(contents)
    .where(
      and(
        eq(contents.siteId, s.siteId),
        eq(contents.id, id),
        eq(contents.type, s.type),
        ne(contents.status, STATUS.DELETED),
        visibleTo(s),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

type SaveOutcome = { row: ContentRecord } | { conflict: ConflictData };

/** The save's draft text, derived before the transaction: no row is locked while it is worked out. */
type SaveText = ReturnType<typeof textOf>;

async function saveInTransaction(db: Db, s: Scope, input: SaveInput, text: SaveText): Promise<SaveOutcome> {
  const now = new Date(s.deps.now());
  const current = input.id ? await lockItem(db, s, input.id) : undefined;
  const { body } = text;
  const refs = await checkRefs(db, s, input, current, body);

  if (current && current.version !== input.version && !input.force) {
    // Someone saved first: keep their version, and the caller's copy as a revision to compare or restore.
    const revisionId = await addRevision(
      db,
      current.id,
      { version: input.version, title: text.title, subtitle: text.subtitle, body },
      { userId: s.user.id, at: now, conflict: true },
    );
    await pruneRevisions(db, current.id, s.siteId, now.getTime());
    const updatedBy = await nicknameOf(db, current.updatedBy);
    return { conflict: { version: current.version, revision_id: revisionId, updated_by: updatedBy } };
  }

  // An item's language and uuid are fixed; a new language is a new item (id 0 with the uuid).
  const langId = current?.langId ?? input.lang_id;
  if (!current && input.uuid) {
    const [sibling] = await db
      .select({ id: contents.id })
      .from(contents)
      .where(
        and(
          eq(contents.siteId, s.siteId),
          eq(contents.uuid, input.uuid),
          eq(contents.type, s.type),
          ne(contents.status, STATUS.DELETED),
          // A language of an item out of sight is not the caller's to add.
          visibleTo(s),
        ),
      )
      .limit(1);
    if (!sibling) throw notFound();
    if (await languageSlot(db, s, input.uuid, langId)) throw duplicate('lang_id');
  }
  const slug = await slugFor(db, { siteId: s.siteId, langId, exceptId: current?.id }, input.slug, text.title);
  // No byline: the current user's own author on the site (SPEC §3).
  const author = refs.author.length ? refs.author : [(await ownAuthor(db, s.siteId, s.user)).id];
  const draft = { ...text, cover: input.cover, seo: input.seo };
  const other = {
    slug,
    related: input.related,
    custom: refs.custom,
    categoryId: refs.category_id,
    placeId: refs.place_id,
  };

  if (!current) {
    const row = await insertItem(
      db,
      s,
      {
        ...draft,
        ...other,
        uuid: input.uuid ?? randomUUID(),
        langId,
        ...(input.set2top ? { toTop: true, pinOrder: nextPinOrder(s) } : {}),
      },
      { tag: refs.tag, author },
      now,
    );
    return { row };
  }
  const row = await writeVersion(db, s, current, draft, now, { ...other, ...pinColumns(s, input.set2top) });
  // Tags and authors are live on a published item's page, like its address and category.
  const linksChanged = await linkRefs(db, row.id, refs.tag, author);
  if (linksChanged && row.status === STATUS.PUBLISHED) await bumpRender(db, s.siteId);
  return { row };
}

async function saveReply(s: Scope, row: ContentRecord): Promise<SaveReply> {
  const { tags, langs } = await tagsAndLanguages(s.deps.db, s.siteId, row);
  return {
    id: row.id,
    uuid: row.uuid,
    lang_id: row.langId,
    tag: tags,
    slug: row.slug,
    status: row.status as Status,
    related: row.related,
    is_draft_changed: row.isDraftChanged,
    frontend_display_language: langs,
    version: row.version,
    abstract: row.abstract,
    reading_time: row.readingTime,
  };
}

/** `save`: id 0 creates, otherwise a new version — or, based on an old version without `force`, a conflict (3001). */
export async function saveContent(s: Scope, input: SaveInput): Promise<SaveReply> {
  // Cleaning the HTML and reading the abstract and reading time off it are CPU work: done before any row is locked.
  const text = textOf(input.title, input.subtitle, await cleanBody(input.content));
  const outcome = await raceSafe(input.slug === '', () =>
    s.deps.db.transaction((tx) => saveInTransaction(tx, s, input, text)),
  );
  // Thrown after the transaction, so the caller's copy stays stored as a revision.
  if ('conflict' in outcome) throw new AppError(Code.CONFLICT, undefined, outcome.conflict);
  return saveReply(s, outcome.row);
}

/** `restore`: the revision's text becomes the draft as a new version; the replaced draft stays in the history. */
export async function restoreRevision(s: Scope, id: number, revisionId: number): Promise<SaveReply> {
  const row = await s.deps.db.transaction(async (tx) => {
    const current = await lockItem(tx, s, id);
    const revision = await getRevision(s, id, revisionId, tx);
    const text = textOf(revision.title, revision.subtitle, revision.content);
    return writeVersion(tx, s, current, text, new Date(s.deps.now()));
  });
  return saveReply(s, row);
}

/** The text of a new language version: translated, or blank by default. */
export interface CopyText {
  title: string;
  subtitle: string;
  body: BlockDocument;
  seo: { title: string; content: string };
}

/**
 * A copy of `item` in language `langId`, sharing the uuid and the language-neutral parts (category, place, cover,
 * tags, authors), with `text` (blank by default). An existing copy is answered as it is, never overwritten: one item per
 * uuid and language, so a retry makes nothing twice.
 */
export async function copyItem(
  s: Scope,
  item: ContentRecord,
  langId: number,
  text?: CopyText,
): Promise<{ id: number; lang_id: number }> {
  const write = () =>
    raceSafe(false, () =>
      s.deps.db.transaction(async (tx) => {
        const existing = await languageSlot(tx, s, item.uuid, langId);
        if (existing) {
          // A copy out of the caller's sight is not theirs to open: the language is taken (as a save of it answers),
          // and the copy's id stays unknown.
          const [seen] = await tx
            .select({ id: contents.id })
            .from(contents)
            .where(and(eq(contents.id, existing.id), visibleTo(s)));
          if (!seen) throw duplicate('lang_id');
          return existing;
        }
        const tagRows = await tx
          .select({ id: contentTags.tagId })
          .from(contentTags)
          .where(eq(contentTags.contentId, item.id));
        const authorRows = await tx
          .select({ id: contentAuthors.authorId })
          .from(contentAuthors)
          .where(eq(contentAuthors.contentId, item.id))
          .orderBy(asc(contentAuthors.sort));
        const body = text ? await cleanBody(text.body) : emptyDocument();
        return insertItem(
          tx,
          s,
          {
            ...textOf(text?.title ?? '', text?.subtitle ?? '', body),
            ...(text ? { seo: text.seo } : {}),
            uuid: item.uuid,
            langId,
            cover: item.cover,
            categoryId: item.categoryId,
            placeId: item.placeId,
          },
          { tag: tagRows.map((r) => r.id), author: authorRows.map((r) => r.id) },
          new Date(s.deps.now()),
        );
      }),
    );
  // A copy made meanwhile by another call (the unique index refused this one) is now found and answered.
  const row = await write().catch((err) => (err instanceof FieldError ? write() : Promise.reject(err)));
  return { id: row.id, lang_id: row.langId };
}
