/** What a reader page's builder is (server/public/readers/index.ts lists them). */
import type { Deps } from '../../deps';
import type { ArticleSetting } from '../content/articles';
import type { ContextInput } from '../route';

export interface ReaderPage {
  /** The page's title in its language (the site's name is added after it). */
  title: string;
  /** The template's own objects (e.g. `plans`, `results`); documented in docs/themes.md. */
  objects: Record<string, unknown>;
  /** A page of an item (a product, `/shop/<key>`): its own key for its address, description and picture. */
  key?: string;
  description?: string;
  image?: string;
}

export type ReaderPageBuilder = (
  deps: Pick<Deps, 'db' | 'config'>,
  input: ContextInput,
  at: ArticleSetting,
) => Promise<ReaderPage | null>;
