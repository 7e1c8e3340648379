/**
 * What the renderer needs from the page builders (server/public/context.ts) and the feeds (server/public/feeds.ts),
 * as one interface. buildApp passes an implementation (a test's stand-in); otherwise the modules are loaded at first
 * use, by a specifier tsc does not follow, so the HTTP side builds and runs before they exist.
 */
import type { Deps } from '../deps';
import type { PageContext } from './objects';
import type { ContextInput, SiteRow } from './route';

export interface PageBuilders {
  /** A page's objects, or null when there is no such page (404). */
  buildPageContext(deps: Deps, input: ContextInput): Promise<PageContext | null>;
  /** The objects of the 404 page (template '404'). */
  notFoundContext(deps: Deps, input: ContextInput): Promise<PageContext>;
  sitemapXml(deps: Deps, site: SiteRow, base: string): Promise<string>;
  rssXml(deps: Deps, site: SiteRow, base: string, langId: number): Promise<string>;
  robotsTxt(site: SiteRow, base: string): string;
}

/** The modules' file names, held in variables: tsc does not resolve them, Node does at run time. */
const CONTEXT_MODULE = './context.ts';
const FEEDS_MODULE = './feeds.ts';

let loaded: Promise<PageBuilders> | undefined;

/** The real builders, loaded once; a missing module fails each page with a clear message (an error page). */
export function defaultPageBuilders(): Promise<PageBuilders> {
  loaded ??= (async () => {
    const [context, feeds] = await Promise.all([
      import(/* @vite-ignore */ new URL(CONTEXT_MODULE, import.meta.url).href),
      import(/* @vite-ignore */ new URL(FEEDS_MODULE, import.meta.url).href),
    ]);
    return {
      buildPageContext: context.buildPageContext,
      notFoundContext: context.notFoundContext,
      sitemapXml: feeds.sitemapXml,
      rssXml: feeds.rssXml,
      robotsTxt: feeds.robotsTxt,
    } as PageBuilders;
  })();
  return loaded;
}
