/**
 * What the renderer needs from the page builders (server/public/context.ts) and the feeds (server/public/feeds.ts),
 * as one interface.
 */
import type { Deps } from '../deps';
import type { PageContext } from '../workers/objects';
import { buildPageContext, notFoundContext } from './context';
import { robotsTxt, rssXml, sitemapXml } from './feeds';
import type { ContextInput, SiteRow } from './route';

export interface PageBuilders {
  /** A page's objects, or null when there is no such page (404). */
  buildPageContext(deps: Deps, input: ContextInput): Promise<PageContext | null>;
  /** The objects of the 404 page (template '404'), or of the coming-soon page (template 'coming_soon'). */
  notFoundContext(deps: Deps, input: ContextInput, template?: '404' | 'coming_soon'): Promise<PageContext>;
  sitemapXml(deps: Deps, site: SiteRow, base: string): Promise<string>;
  rssXml(deps: Deps, site: SiteRow, base: string, langId: number): Promise<string>;
  robotsTxt(site: SiteRow, base: string): string;
}

export const pageBuilders: PageBuilders = {
  buildPageContext,
  notFoundContext,
  sitemapXml,
  rssXml,
  robotsTxt,
};
