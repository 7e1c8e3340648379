/**
 * Home page settings (SPEC §3 Home settings, §5): the layout type, a cover story (cover, title, content, link), and
 * the articles and categories shown, in order. Articles must be the site's published articles, categories the
 * site's; at least one of either, none twice. The order is the order of the lists; `title` and `sort` in a list entry
 * are answered by the server (they may be sent back as they came and are then ignored).
 */
import { z } from 'zod';
import { f } from './fields';

/**
 * How the theme lays the home page out: `featured` puts the cover story on top of the chosen articles and categories,
 * `grid` shows the articles as cards, `list` as a plain list.
 */
export const HOME_TYPES = ['featured', 'grid', 'list'] as const;
export type HomeType = (typeof HOME_TYPES)[number];
export const HOME_DEFAULT_TYPE: HomeType = 'featured';

export const HOME_TITLE_MAX = 100;
export const HOME_CONTENT_MAX = 500;
export const HOME_ARTICLES_MAX = 20;
export const HOME_CATEGORIES_MAX = 20;

export const HomeEntry = z.object({
  id: z.number(),
  title: z.string(),
  /** Position in the list, from 1. */
  sort: z.number(),
});
export type HomeEntry = z.infer<typeof HomeEntry>;

export const HomeSettings = z.object({
  type: z.enum(HOME_TYPES),
  cover: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  articles: z.array(HomeEntry),
  categories: z.array(HomeEntry),
});
export type HomeSettings = z.infer<typeof HomeSettings>;

export const EMPTY_HOME: HomeSettings = {
  type: HOME_DEFAULT_TYPE,
  cover: '',
  title: '',
  content: '',
  link: '',
  articles: [],
  categories: [],
};

const Entry = z.strictObject({
  id: f.id(),
  title: z.string().max(1000).optional(),
  sort: f.uint().optional(),
});

/** Entries with no id twice; a repeat is reported on its own id. */
const entries = (max: number) =>
  z
    .array(Entry)
    .max(max)
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((e, i) => {
        if (seen.has(e.id))
          ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'validation.duplicate' });
        seen.add(e.id);
      });
    });

export const HomeSave = z
  .strictObject({
    type: z.enum(HOME_TYPES).default(HOME_DEFAULT_TYPE),
    cover: f.linkOrEmpty().default(''),
    title: f.text(HOME_TITLE_MAX).default(''),
    content: f.text(HOME_CONTENT_MAX).default(''),
    link: f.linkOrEmpty().default(''),
    articles: entries(HOME_ARTICLES_MAX),
    categories: entries(HOME_CATEGORIES_MAX),
  })
  .superRefine((home, ctx) => {
    if (!home.articles.length && !home.categories.length)
      ctx.addIssue({ code: 'custom', path: ['articles'], message: 'homeSettings.noneChosen' });
  });
export type HomeSave = z.input<typeof HomeSave>;

/** What is stored in `sites.home`: the chosen ids in order; titles are read when answered. */
export interface StoredHome extends Omit<HomeSettings, 'articles' | 'categories'> {
  articles: number[];
  categories: number[];
}
