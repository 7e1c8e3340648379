/**
 * Content's constants and plain functions (contract/content.ts has its schemas). Apart so that a screen using them
 * validates nothing and loads no zod: a module's import of another brings that whole module to the screen, and
 * content.ts's schemas are in use in the SPA (the entity declarations' language ids).
 */
import { DELAY } from './constants';
import { PATTERNS } from './patterns';

/** Content types as the API numbers them (`?t=`). */
export const CONTENT_TYPE = { post: 1, page: 3, epaper: 4 } as const;
export type ContentTypeName = keyof typeof CONTENT_TYPE;
export type ContentTypeId = (typeof CONTENT_TYPE)[ContentTypeName];

/**
 * The query string of a content action (contract/api/content.ts): its type. Here rather than beside the endpoints,
 * whose module reaches the SPA as plain data only when it exports nothing but catalogues (vite.config.ts).
 */
export const contentQuery = (type: ContentTypeId) => ({ t: String(type) });
export const contentTypeName = (t: number): ContentTypeName | undefined =>
  (Object.keys(CONTENT_TYPE) as ContentTypeName[]).find((k) => CONTENT_TYPE[k] === t);

/** The writer's autosave delay by content type: 1 s for e-papers (sent from what is saved), else 2 s. */
export const autosaveDelay = (type: ContentTypeName): number =>
  type === 'epaper' ? DELAY.autosaveEpaper : DELAY.autosave;

export const STATUS = { DELETED: -1, DRAFT: 0, PUBLISHED: 1, SCHEDULED: 2 } as const;

/** Publish modes: 1 now, 2 schedule, 0 take offline or cancel a schedule, -1 delete. */
export const PUBLISH_MODE = { DELETE: -1, OFFLINE: 0, NOW: 1, SCHEDULE: 2 } as const;

/** Content languages (SPEC §9): 1 zh-TW, 2 zh-CN, 3 en, 4 ja, 5 kr. */
export const LANG_IDS = [1, 2, 3, 4, 5] as const;

export const RELATED = { DEFAULT: 1, CUSTOM: 4 } as const;
export const TITLE_MAX = 200;
export const SUBTITLE_MAX = 300;
export const SLUG_MAX = 100;
export const TAGS_MAX = 10;
export const AUTHORS_MAX = 10;
export const RELATED_MAX = 20;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

/** Titles are one line: newlines become spaces. */
export const cleanTitle = (title: string) => title.replace(PATTERNS.lineBreaks.re, ' ').trim();
