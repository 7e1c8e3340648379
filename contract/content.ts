/**
 * Articles (post), static pages (page) and e-paper newsletters (epaper): SPEC §3, §4, §7 Content. One item exists
 * per language; the languages of one item share its `uuid`.
 */
import { z } from 'zod';
import { BlockDocument } from './blocks';
import { NAME_MAX } from './constants';
import {
  AUTHORS_MAX,
  CONTENT_TYPE,
  cleanTitle,
  RELATED_MAX,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SLUG_MAX,
  STATUS,
  SUBTITLE_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from './contentConstants';
import { bounded, f, ruled } from './fields';
import type { ListColumns } from './list';
import { PATTERNS } from './patterns';
import { rules } from './validation';

/** A content type in a query string (`?t=1`). */
export const ContentTypeParam = z.enum(Object.values(CONTENT_TYPE).map(String) as [string, ...string[]]);

export const Status = z.union([
  z.literal(STATUS.DELETED),
  z.literal(STATUS.DRAFT),
  z.literal(STATUS.PUBLISHED),
  z.literal(STATUS.SCHEDULED),
]);
export type Status = z.infer<typeof Status>;

/** A record named in a reply: a tag, an author, a category. */
export const Named = z.object({ id: z.number(), name: z.string() });
export type Named = z.infer<typeof Named>;
/** An item named by its title: a search hit, a related item. */
export const Titled = z.object({ id: z.number(), title: z.string() });
export type Titled = z.infer<typeof Titled>;

/** A search hit of the related-items picker: with its 100-character agenda excerpt (contract/blockText.ts agendaOf). */
export const TitledAgenda = Titled.extend({ agenda: z.string() });
export type TitledAgenda = z.infer<typeof TitledAgenda>;

export const LangId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type LangId = z.infer<typeof LangId>;

export const Seo = z.strictObject({
  title: f.text(SEO_TITLE_MAX).default(''),
  content: f.text(SEO_DESCRIPTION_MAX).default(''),
});

export const ContentItem = z.object({
  id: z.number(),
  uuid: z.string(),
  type: z.number(),
  lang_id: z.number(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  content: BlockDocument,
  abstract: z.string(),
  reading_time: z.number(),
  cover: z.string(),
  author: z.array(z.number()),
  tag: z.array(Named),
  category_id: z.number().nullable(),
  /** The linked place, or null (also once the place is deleted). */
  place_id: z.number().nullable(),
  related: z.number(),
  /**
   * The related items the reader sees, in order. Links to items out of their sight (made by someone who sees more)
   * are left out unnamed, and a save by this reader keeps them where they are.
   */
  custom: z.array(Titled),
  to_top: z.boolean(),
  status: Status,
  publish_ts: z.string().nullable(),
  is_draft_changed: z.boolean(),
  url: z.string(),
  preview_url: z.string(),
  seo: z.object({ title: z.string(), content: z.string() }),
  /** The languages this item exists in. */
  frontend_display_language: z.array(z.number()),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentItem = z.infer<typeof ContentItem>;

/**
 * A reference a save takes as its id, or as the object a read answers for it (`{id, name}` of a tag, `{id, title}` of
 * a related item): SPEC §7's save takes the full item as `get` answered it.
 */
const RefId = z.union([f.id(), z.object({ id: f.id() }).transform((ref) => ref.id)]);

/**
 * What `get` answers that a save does not change: taken, so that a read item can be sent back whole, and ignored.
 * Each is bounded like any input (an address, a time, the abstract), whatever its value.
 */
const ignored = bounded(4000, { trim: false });
const ReadOnlyOfItem = {
  type: z.number().optional(),
  abstract: ignored.optional(),
  reading_time: z.number().optional(),
  to_top: z.boolean().optional(),
  status: Status.optional(),
  publish_ts: ignored.nullable().optional(),
  is_draft_changed: z.boolean().optional(),
  url: ignored.optional(),
  preview_url: ignored.optional(),
  created_at: ignored.optional(),
  updated_at: ignored.optional(),
} satisfies Partial<Record<keyof typeof ContentItem.shape, z.ZodType>>;

/**
 * `save?t=`: the whole item as the writer holds it, or as `get` answered it (SPEC §7 "full item plus force": its
 * read-only fields are ignored, `tag` and `custom` taken as ids or as the objects `get` gives). `id` 0 creates it.
 */
export const ContentSave = z.strictObject({
  id: f.uint(),
  /** Set when creating another language of an existing item. */
  uuid: z.uuid().optional(),
  lang_id: LangId.default(1),
  title: z
    .string()
    .max(TITLE_MAX * 2)
    .transform(cleanTitle)
    .pipe(f.text(TITLE_MAX)),
  subtitle: f.text(SUBTITLE_MAX).default(''),
  content: BlockDocument,
  cover: f.linkOrEmpty().default(''),
  seo: Seo.default({ title: '', content: '' }),
  related: z.union([z.literal(1), z.literal(4)]).default(1),
  /** Related items, each in the caller's sight (else refused as unknown); see ContentItem.custom for the others. */
  custom: z.array(RefId).max(RELATED_MAX).default([]),
  tag: ruled(z.array(RefId), (v) => rules.tagsCheck(v, TAGS_MAX)).default([]),
  category_id: f.id().nullable().default(null),
  /** The place the item is about (contract/entities/place.ts), one of the site's; 0 or null: none. */
  place_id: f.uint().nullable().default(null),
  author: z.array(f.id()).max(AUTHORS_MAX).default([]),
  /** Empty: made from the title (pinyin). */
  slug: f.slugOrEmpty(SLUG_MAX).default(''),
  set2top: z.boolean().optional(),
  frontend_display_language: z.array(LangId).max(5).optional(),
  /** The version the writer's copy is based on; a different server version is a conflict (code 3001). */
  version: f.uint(),
  /** Overwrite even if someone else saved in between. */
  force: z.boolean().default(false),
  ...ReadOnlyOfItem,
});
export type ContentSave = z.input<typeof ContentSave>;

export const SaveReply = z.object({
  id: z.number(),
  uuid: z.string(),
  lang_id: z.number(),
  tag: z.array(Named),
  slug: z.string(),
  status: Status,
  related: z.number(),
  is_draft_changed: z.boolean(),
  frontend_display_language: z.array(z.number()),
  version: z.number(),
  abstract: z.string(),
  reading_time: z.number(),
});
export type SaveReply = z.infer<typeof SaveReply>;

/**
 * A save that lost a race (code 3001, in the failure's `data`): the server kept its own version and stored the
 * caller's copy as a revision.
 */
export const ConflictData = z.object({
  version: z.number(),
  revision_id: z.number(),
  updated_by: z.string(),
});
export type ConflictData = z.infer<typeof ConflictData>;

export const ContentRow = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  slug: z.string(),
  status: Status,
  lang_id: z.number(),
  author: z.array(Named),
  category: Named.nullable(),
  tag: z.array(Named),
  publish_ts: z.string().nullable(),
  to_top: z.boolean(),
  pin_order: z.number(),
  is_draft_changed: z.boolean(),
  updated_at: z.string(),
  /** The 100-character agenda excerpt (SPEC §9; agendaOf): from the abstract, or else the subtitle. */
  agenda: z.string(),
});
export type ContentRow = z.infer<typeof ContentRow>;

export const contentColumns: ListColumns = {
  filter: ['id', 'status', 'category_id', 'tag', 'author', 'keyword', 'lang_id', 'to_top'],
  sort: ['id', 'title', 'publish_ts', 'updated_at', 'created_at', 'status'],
};

export const ContentGet = z.strictObject({ id: f.id(), lang: LangId.optional() });

export const ContentPublish = z.strictObject({
  id: f.id(),
  mode: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]),
  /** For mode 2, in the site's time zone. */
  date: ruled(bounded(10, { trim: false }), (v) =>
    PATTERNS.date.re.test(v) ? undefined : { message: 'validation.format' },
  ).optional(),
  time: ruled(bounded(5, { trim: false }), rules.time).optional(),
  pin: z.boolean().optional(),
});
export const PublishReply = z.object({
  url: z.string(),
  status: Status,
  publish_ts: z.string().nullable(),
});
export type PublishReply = z.infer<typeof PublishReply>;

export const RevisionRow = z.object({
  id: z.number(),
  version: z.number(),
  title: z.string(),
  created_at: z.string(),
  user: z.object({ id: z.number(), nickname: z.string() }).nullable(),
  /** A copy kept because it lost a save race. */
  conflict: z.boolean(),
});
export type RevisionRow = z.infer<typeof RevisionRow>;
/** `history`: SPEC §7's `{id} → rows`, the latest first. */
export const RevisionList = z.object({ rows: z.array(RevisionRow) });
export type RevisionList = z.infer<typeof RevisionList>;
export const Revision = RevisionRow.extend({ subtitle: z.string(), content: BlockDocument });
export type Revision = z.infer<typeof Revision>;
export const RevisionGet = z.strictObject({ id: f.id(), revision_id: f.id() });

export const ContentSearch = z.strictObject({
  query: f.keyword(),
  id: f.id().optional(),
});
export const ContentSorter = z.strictObject({ ids: z.array(f.id()).min(1).max(500) });
/** `pin`/`unpin`: the item's place among the pinned ones (0 when not pinned). */
export const PinReply = z.object({ id: z.number(), to_top: z.boolean(), pin_order: z.number() });
/** `sorter`: the pinned items in their new order. */
export const SorterReply = z.array(z.object({ id: z.number(), pin_order: z.number() }));

export const TagSave = z.strictObject({
  name: ruled(bounded(NAME_MAX), rules.required, (v) => rules.minLength(v, 2)),
});

export const ContentTranslate = z.strictObject({
  id: f.id(),
  /** true: machine translation (press/translate_pairs says which pairs have a service); false: a blank copy. */
  translate: z.boolean(),
  lang_id: LangId,
  from: LangId.optional(),
});
/** The item in the other language, made or found. */
export const TranslateReply = z.object({ id: z.number(), lang_id: z.number() });

/** `translate_progress`: how far the machine translation of item `id` into `lang_id` is. */
export const TranslateProgressInput = z.strictObject({ id: f.id(), lang_id: LangId });
/** idle: none running here; done: the language version exists. `done`/`total` count batches of text. */
export const TranslateProgress = z.object({
  state: z.enum(['idle', 'running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
});
export type TranslateProgress = z.infer<typeof TranslateProgress>;
/** `translate_pairs`: the language pairs (content language ids) machine translation serves, and by which service. */
export const TranslatePairs = z.object({
  pairs: z.array(
    z.object({ from: z.number(), to: z.number(), provider: z.enum(['opencc', 'deepl', 'openai']) }),
  ),
});
export type TranslatePairs = z.infer<typeof TranslatePairs>;
