/**
 * What the renderer needs from the page builders (server/public/context.ts) and the feeds (server/public/feeds.ts),
 * as one interface.
 */
import type { Deps } from '../deps';
import type { PageContext } from '../workers/objects';
import { buildPageContext, notFoundContext } from './context';
import { robotsTxt, rssXml, type SitemapAnswer, sitemapPart, sitemapRoot, sitemapXml } from './feeds';
import type { ContextInput, SiteRow } from './route';

export interface PageBuilders {
  /** A page's objects, or null when there is no such page (404). */
  buildPageContext(deps: Deps, input: ContextInput): Promise<PageContext | null>;
  /** The objects of the 404 page (template '404'), or of the coming-soon page (template 'coming_soon'). */
  notFoundContext(deps: Deps, input: ContextInput, template?: '404' | 'coming_soon'): Promise<PageContext>;
  /** The whole sitemap as one string, capped at SITEMAP_MAX_URLS (the newest items kept). */
  sitemapXml(deps: Deps, site: SiteRow, base: string): Promise<string>;
  /** /sitemap.xml: the index of the parts, or a site within one part's urlset, streamed. */
  sitemapRoot(deps: Deps, site: SiteRow, base: string, partSize?: number): Promise<SitemapAnswer>;
  /** /sitemap-<n>.xml streamed, or null (404). */
  sitemapPart(
    deps: Deps,
    site: SiteRow,
    base: string,
    part: number,
    partSize?: number,
  ): Promise<AsyncIterable<string> | null>;
  rssXml(deps: Deps, site: SiteRow, base: string, langId: number): Promise<string>;
  robotsTxt(site: SiteRow, base: string): string;
}

export const pageBuilders: PageBuilders = {
  buildPageContext,
  notFoundContext,
  sitemapXml,
  sitemapRoot,
  sitemapPart,
  rssXml,
  robotsTxt,
};
