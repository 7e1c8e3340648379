/**
 * Writing items: saves with versions and conflict detection, revisions, slugs, references, languages (new ones and
 * blank copies). Every query is bounded by the caller's site (Scope), never by anything in the request body.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { BlockDocument } from '../../../contract/blocks';
import { abstractOf, emptyDocument, readingMinutes } from '../../../contract/blockText';
import { Code } from '../../../contract/codes';
import type { ConflictData, ContentSave, Named, SaveReply, Status } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { slugify } from '../../../contract/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, duplicate, FieldError, notFound } from '../../http/errors';
import { bumpRender } from '../tenancy/invalidate';
import { users } from '../tenancy/schema';
import { ownAuthor } from './authors';
import { cleanBody } from './cleanBody';
import { nextPinOrder } from './pins';
import {
  checkRefs,
  foundRefs,
  linkRefs,
  linksToWrite,
  type StoredLink,
  storedLinks,
  tagsAndLanguages,
  writeLinks,
} from './refs';
import { addRevision, getRevision, pruneRevisions } from './revisions';
import { contentAuthors, contents, contentTags } from './schema';
import { type ContentRecord, type Scope, visibleTo } from './scope';
import { freeSlug, type SlugPlace, slugTaken, slugTakenBeside } from './slug';
import { itemOf, type Saved, type SavedRow, writeVersion } from './write';

type SaveInput = z.output<typeof ContentSave>;
type NewContent = PgInsertValue<typeof contents>;

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

async function nicknameOf(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [u] = await db
    .select({ nickname: users.nickname, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ? u.nickname || u.email : '';
}

/** A live item of the scope's site and type that the caller sees, locked until the transaction ends: its version. */
async function lockItem(db: Db, s: Scope, id: number): Promise<{ version: number }> {
  const [row] = await db
    .select({ version: contents.version })
    .from(contents)
    .where(itemOf(s, id))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * What a new version of an item is checked against, in one query: the item (without its text, which the version's
 * statement compares itself), its tags and authors, whether the slug given is another item's, and which of the
 * references asked are the site's (checkRefs).
 */
async function lookItem(db: Db, s: Scope, input: SaveInput & { id: number }, body: BlockDocument) {
  const [row] = await db
    .select({
      id: contents.id,
      uuid: contents.uuid,
      langId: contents.langId,
      slug: contents.slug,
      status: contents.status,
      version: contents.version,
      custom: contents.custom,
      categoryId: contents.categoryId,
      placeId: contents.placeId,
      updatedBy: contents.updatedBy,
      links: storedLinks,
      slugTaken: input.slug ? slugTakenBeside(input.slug) : sql<boolean>`false`,
      found: foundRefs(db, s.siteId, input, body),
    })
    .from(contents)
    .where(itemOf(s, input.id));
  if (!row) throw notFound();
  return row;
}
type Looked = Awaited<ReturnType<typeof lookItem>>;

type SaveOutcome = { row: Saved } | { conflict: Looked };

/** The save's draft text, derived before any statement: no row is locked while it is worked out. */
type SaveText = ReturnType<typeof textOf>;

/** A new item (id 0): in a transaction, with its links and first revision. */
async function createInTransaction(
  db: Db,
  s: Scope,
  input: SaveInput,
  text: SaveText,
): Promise<ContentRecord> {
  const now = new Date(s.deps.now());
  const refs = await checkRefs(db, s, input, undefined, text.body);
  const langId = input.lang_id;
  // A new language of an existing item is a new item with its uuid.
  if (input.uuid) {
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
  const slug = await slugFor(db, { siteId: s.siteId, langId }, input.slug, text.title);
  // No byline: the current user's own author on the site (SPEC §3).
  const author = refs.author.length ? refs.author : [(await ownAuthor(db, s.siteId, s.user)).id];
  return insertItem(
    db,
    s,
    {
      ...text,
      cover: input.cover,
      seo: input.seo,
      slug,
      related: input.related,
      custom: refs.custom,
      categoryId: refs.category_id,
      placeId: refs.place_id,
      uuid: input.uuid ?? randomUUID(),
      langId,
      ...(input.set2top ? { toTop: true, pinOrder: nextPinOrder(s) } : {}),
    },
    { tag: refs.tag, author },
    now,
  );
}

/**
 * A new version of an existing item. `locked` (in a transaction): the item's row is locked first, and the version
 * is written with its links and the render bump. Not locked: only a save that writes the one statement of
 * writeVersion (its links unchanged, nothing readers see moved) is made, guarded by the version read; anything else,
 * or a version that moved meanwhile, answers undefined and is made again locked. An item out of sight is not found,
 * a reference outside the site a field error, and a save based on another version than the item's, without
 * `force`, a conflict (checked in that order).
 */
async function saveVersion(
  db: Db,
  s: Scope,
  input: SaveInput & { id: number },
  text: SaveText,
  locked: boolean,
): Promise<SaveOutcome | undefined> {
  const now = new Date(s.deps.now());
  if (locked) await lockItem(db, s, input.id);
  // Read after the lock (when taken): this statement sees the row and the links as the last save left them.
  const current = await lookItem(db, s, input, text.body);
  const refs = await checkRefs(db, s, input, current, text.body, current.found);
  if (current.version !== input.version && !input.force) return { conflict: current };

  // An item's language is fixed; a slug given must be free, one made from the title is made free.
  let slug = input.slug;
  if (slug && current.slugTaken) throw duplicate('slug');
  if (!slug) {
    const base = slugify(text.title);
    slug = base
      ? await freeSlug(db, { siteId: s.siteId, langId: current.langId, exceptId: current.id }, base)
      : '';
  }
  // No byline: the current user's own author on the site (SPEC §3).
  const author = refs.author.length ? refs.author : [(await ownAuthor(db, s.siteId, s.user)).id];
  const links = linksToWrite(current.links as StoredLink[], refs.tag, author);
  // A published item's address, category, place, tags and authors are live (not in its snapshot): readers' pages
  // change with them.
  const bump =
    current.status === STATUS.PUBLISHED &&
    (links.changed ||
      slug !== current.slug ||
      refs.category_id !== current.categoryId ||
      refs.place_id !== current.placeId);
  if (!locked && (links.tags || links.authors || bump)) return undefined;

  // The links first, so that the version's statement answers the new tags.
  await writeLinks(db, current.id, refs.tag, author, links);
  const row = await writeVersion(
    db,
    s,
    current.id,
    // Locked, the item was in sight when locked: its links written just now may leave the caller's own sight.
    { version: current.version, sight: !locked },
    { ...text, cover: input.cover, seo: input.seo },
    now,
    {
      other: {
        slug,
        related: input.related,
        custom: refs.custom,
        categoryId: refs.category_id,
        placeId: refs.place_id,
      },
      pin: input.set2top,
    },
  );
  if (!row) return undefined;
  if (bump) await bumpRender(db, s.siteId);
  return { row };
}

/** Someone saved first: their version stays, and the caller's copy is kept as a revision to compare or restore. */
async function keepConflict(
  s: Scope,
  current: Looked,
  input: SaveInput,
  text: SaveText,
): Promise<ConflictData> {
  const now = new Date(s.deps.now());
  return s.deps.db.transaction(async (tx) => {
    const revisionId = await addRevision(
      tx,
      current.id,
      { version: input.version, title: text.title, subtitle: text.subtitle, body: text.body },
      { userId: s.user.id, at: now, conflict: true },
    );
    await pruneRevisions(tx, current.id, s.siteId, now.getTime());
    const updatedBy = await nicknameOf(tx, current.updatedBy);
    return { version: current.version, revision_id: revisionId, updated_by: updatedBy };
  });
}

const replyOf = (row: SavedRow, tags: Named[], langs: number[]): SaveReply => ({
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
});

/** `save`: id 0 creates, otherwise a new version — or, based on an old version without `force`, a conflict (3001). */
export async function saveContent(s: Scope, input: SaveInput): Promise<SaveReply> {
  // Cleaning the HTML and reading the abstract and reading time off it are CPU work: done before any statement.
  const text = textOf(input.title, input.subtitle, await cleanBody(input.content));
  const db = s.deps.db;
  const autoSlug = input.slug === '';
  if (!input.id) {
    const row = await raceSafe(autoSlug, () =>
      db.transaction((tx) => createInTransaction(tx, s, input, text)),
    );
    const { tags, langs } = await tagsAndLanguages(db, s.siteId, row);
    return replyOf(row, tags, langs);
  }
  const item = { ...input, id: input.id };
  // The usual save is one statement after the reads; the rest is made in a transaction with the item locked.
  const outcome =
    (await raceSafe(autoSlug, () => saveVersion(db, s, item, text, false))) ??
    (await raceSafe(autoSlug, () => db.transaction((tx) => saveVersion(tx, s, item, text, true))));
  if (!outcome) throw new Error('A locked save wrote no version');
  // Thrown after the caller's copy is stored as a revision.
  if ('conflict' in outcome)
    throw new AppError(Code.CONFLICT, undefined, await keepConflict(s, outcome.conflict, input, text));
  return replyOf(outcome.row, outcome.row.tags, outcome.row.langs);
}

/** `restore`: the revision's text becomes the draft as a new version; the replaced draft stays in the history. */
export async function restoreRevision(s: Scope, id: number, revisionId: number): Promise<SaveReply> {
  const row = await s.deps.db.transaction(async (tx) => {
    const current = await lockItem(tx, s, id);
    const revision = await getRevision(s, id, revisionId, tx);
    const text = textOf(revision.title, revision.subtitle, revision.content);
    return writeVersion(tx, s, id, { version: current.version, sight: false }, text, new Date(s.deps.now()));
  });
  if (!row) throw new Error('A locked restore wrote no version');
  return replyOf(row, row.tags, row.langs);
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
