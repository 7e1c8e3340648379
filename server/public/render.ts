/**
 * One public request, answered: the site, its theme (or a previewed one), the page's objects from the page
 * builders, the theme's render, the cache, and the coming-soon page of an unpublished site. Knows nothing of HTTP
 * beyond the answer it returns (status, headers, body).
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_THEME_ID, type ThemeSettingValues } from '../../contract/themes';
import type { Deps } from '../deps';
import { readerOfToken } from '../modules/readers/session';
import { readerIsPaying } from '../modules/readers/status';
import type { ResolvedSite } from '../modules/tenancy/host';
import { assetType, findAsset } from '../modules/themes/assets';
import {
  builtinTheme,
  type LoadedTheme,
  settingsInForce,
  uploadedTheme,
} from '../modules/themes/themeSource';
import { mediaUrlOf } from '../shared/media';
import { defaultLang, isLivePageKind } from '../shared/paths';
import { verifyToken } from '../shared/tokens';
import type { PageContext } from '../workers/objects';
import { RENDER_LIMITS } from '../workers/renderLimits';
import { withCounter } from './analytics';
import { type CachedPage, cacheKey, etagOf, type PageCache } from './cache';
import { langCode } from './content/language';
import {
  bannerText,
  busyPage,
  comingSoonPage,
  errorPage,
  plainNotFoundPage,
  siteNotFoundPage,
  withBanner,
} from './errors';
import { faviconAnswer } from './favicon';
import type { PageBuilders } from './pages';
import { siteTurn } from './renderTurns';
import type { ContextInput, PageReader, PublicRoute } from './route';
import { routeOf } from './router';
import { isStaffViewer, STAFF_COOKIE, STAFF_COOKIE_MAX_AGE_S, staffTokenUser } from './staff';
import { noteThemeError } from './themeErrors';
import { hasTemplate, renderPage, ThemeRenderError } from './themeRender';

export interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  /** A stream for the sitemap's parts (written as they are read); never for HEAD's sake (index.ts destroys it). */
  body: Buffer | string | Readable;
  /** Set on cacheable answers: If-None-Match is compared with it. */
  etag?: string;
}

export interface SiteRequest {
  deps: Deps;
  pages: () => Promise<PageBuilders>;
  cache: PageCache;
  builtinThemeDir?: string;
  /** The path and query under the site's root; null when too long. */
  url: string | null;
  site: () => Promise<ResolvedSite | undefined>;
  /** The site_staff cookie. */
  cookie: string | undefined;
  /** The site_reader cookie (a reader's session, server/modules/readers/session.ts). */
  readerToken?: string;
  https: boolean;
  log: FastifyBaseLogger;
  siteUrl: (site: ResolvedSite) => string;
  /** Addresses in one part of the sitemap (SITEMAP_MAX_URLS; a test makes it small). */
  sitemapPartUrls?: number;
}

const HTML = 'text/html; charset=utf-8';
const PUBLIC = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-store';
const NOINDEX = 'noindex, nofollow';

const html = (status: number, body: string, extra: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': HTML, 'cache-control': PRIVATE, ...extra },
  body,
});

/** Too many of the site's pages are being made: come back in a moment. */
const busy = () => html(503, busyPage(), { 'retry-after': String(RENDER_LIMITS.retryAfterS) });

/** A cached or cacheable answer as sent: public, with its ETag. */
const fromCache = (p: CachedPage): Answer => ({
  status: p.status,
  headers: { 'content-type': p.contentType, 'cache-control': PUBLIC, ...p.headers },
  body: p.body,
  etag: p.etag,
});

/** The theme the site wears, or the one a valid theme preview names; the built-in one when that fails to load. */
async function themeOf(
  r: SiteRequest,
  site: ResolvedSite,
  preview: { theme: number; version: number } | null,
): Promise<LoadedTheme> {
  const builtin = () => builtinTheme(r.builtinThemeDir);
  const themeId = preview ? preview.theme : (site.themeId ?? DEFAULT_THEME_ID);
  const versionId = preview ? preview.version : site.activeVersionId;
  if (themeId === DEFAULT_THEME_ID || !versionId) return builtin();
  try {
    const theme = await uploadedTheme(r.deps.db, site.id, versionId);
    if (theme && theme.themeId === themeId) return theme;
    r.log.warn(
      { siteId: site.id, themeId, versionId },
      'theme version not found: the built-in theme is used',
    );
  } catch (err) {
    r.log.error(
      { err, siteId: site.id, themeId, versionId },
      'theme failed to load: the built-in theme is used',
    );
  }
  return builtin();
}

/** The reader the request's cookie signs in on the site, if any. */
async function pageReader(r: SiteRequest, siteId: number, now: number): Promise<PageReader | null> {
  const row = await readerOfToken(r.deps.db, siteId, r.readerToken, now);
  if (!row) return null;
  return { id: row.id, email: row.email, name: row.name, paying: await readerIsPaying(r.deps.db, row.id) };
}

/** A list page read from a cursor (its next/previous links) is a page of its own in the cache. */
function cursorKey(address: ReturnType<typeof routeOf>): string {
  if (address?.kind !== 'page') return '';
  const { after, before } = address.route;
  return after ? `?after=${after}` : before ? `?before=${before}` : '';
}

export async function renderSiteRequest(r: SiteRequest): Promise<Answer> {
  // Bounds first: an over-long address costs no query.
  if (r.url === null) return html(404, plainNotFoundPage());
  const site = await r.site();
  if (!site) return html(404, siteNotFoundPage());
  const q = r.url.indexOf('?');
  const path = q < 0 ? r.url : r.url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : r.url.slice(q + 1));
  const now = r.deps.now();
  const secret = r.deps.secret;
  const base = r.siteUrl(site);
  const address = routeOf({ displayLanguages: site.displayLanguages }, path, query);
  // The icon is the site's whether it is open yet or not (its pages' heads name it anyway).
  if (address?.kind === 'favicon') return faviconAnswer(site.favicon, mediaUrlOf(r.deps.config));

  if (address?.kind === 'staff') {
    const token = query.get('token');
    if (staffTokenUser(secret, token, site.id, now) === null) return html(404, plainNotFoundPage());
    const cookie = [
      `${STAFF_COOKIE}=${token}`,
      'Path=/',
      `Max-Age=${STAFF_COOKIE_MAX_AGE_S}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(r.https ? ['Secure'] : []),
    ].join('; ');
    return {
      status: 302,
      headers: { location: '/', 'set-cookie': cookie, 'cache-control': PRIVATE },
      body: '',
    };
  }

  // Previews: only this site's genuine, unexpired tokens count; any other is as if absent.
  const mine = <T extends { site: number }>(p: T | null) => (p && p.site === site.id ? p : null);
  const content = mine(verifyToken(secret, query.get('preview'), 'content', now));
  const themePreview = mine(verifyToken(secret, query.get('theme_preview'), 'theme', now));
  const design = mine(verifyToken(secret, query.get('design_preview'), 'design', now));
  const preview = Boolean(content || themePreview || design);

  const theme = await themeOf(r, site, themePreview);

  if (address?.kind === 'asset') {
    const extra = theme.themeId === DEFAULT_THEME_ID ? [] : [await builtinTheme(r.builtinThemeDir)];
    const body = await findAsset(r.deps.db, site.id, address.hash, address.file, [theme, ...extra]);
    if (!body) return html(404, plainNotFoundPage());
    const type = assetType(address.file);
    return {
      status: 200,
      headers: {
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        ...(type.startsWith('image/svg') ? { 'content-security-policy': "script-src 'none'" } : {}),
      },
      body,
    };
  }

  const staffView =
    !site.published && (await isStaffViewer(r.deps.db, secret, r.cookie, site.id, now).catch(() => false));
  const anonymous = !preview && !staffView;
  // Visitors of an unpublished site see it coming soon; staff with the cookie, and a preview's holder, see it.
  const comingSoon = !site.published && anonymous;
  // A signed-in reader's pages are their own (their name, the paid section): rendered for them, never cached.
  const reader = comingSoon ? null : await pageReader(r, site.id, now);
  const pageNo = address?.kind === 'page' ? address.route.page : 1;
  const langId =
    address?.kind === 'page'
      ? address.route.langId
      : address?.kind === 'rss'
        ? address.langId
        : defaultLang(site);
  const key = cacheKey({
    siteId: site.id,
    renderVersion: site.renderVersion,
    themeId: theme.themeId,
    versionId: theme.versionId,
    langId,
    // Every address of an unpublished site shows one page to its visitors (robots.txt aside).
    path: comingSoon && address?.kind !== 'robots' ? '*coming-soon*' : path + cursorKey(address),
    page: pageNo,
  });
  // An address that is no page (a bad ?page=, say) shares its path with one that is: never cached.
  // The readers' pages (forms, search results, a reader's own account) are never cached either.
  const readerPage = address?.kind === 'page' && isLivePageKind(address.route.kind);
  const cacheable = anonymous && !reader && !readerPage && (address !== null || comingSoon);
  if (cacheable) {
    const hit = r.cache.get(key);
    if (hit) return fromCache(hit);
  }
  const keep = (status: number, contentType: string, body: string, headers: Record<string, string> = {}) => {
    const bytes = Buffer.from(body);
    const page: CachedPage = { status, contentType, body: bytes, etag: etagOf(bytes), headers };
    if (cacheable) r.cache.set(key, page);
    return cacheable ? fromCache(page) : html(status, body, { 'content-type': contentType, ...headers });
  };
  // The site's turn is given back when the answer is made, or, for a streamed one, when its stream closes.
  let streaming = false;
  /**
   * A streamed answer (the sitemap's parts): written as the chunks come, kept in the cache once complete (when it
   * fits), the turn held until the stream closes (ended, failed or the client gone).
   */
  const keepStream = (contentType: string, chunks: AsyncIterable<string>, release: () => void): Answer => {
    const parts: Buffer[] = [];
    let size = 0;
    async function* body() {
      for await (const chunk of chunks) {
        const bytes = Buffer.from(chunk);
        if (cacheable && size <= r.cache.maxEntryBytes) parts.push(bytes);
        size += bytes.length;
        yield bytes;
      }
      if (cacheable && size <= r.cache.maxEntryBytes) {
        const whole = Buffer.concat(parts);
        r.cache.set(key, { status: 200, contentType, body: whole, etag: etagOf(whole), headers: {} });
      }
    }
    const stream = Readable.from(body());
    stream.once('close', release);
    stream.once('error', (err) => r.log.error({ err, siteId: site.id, path }, 'sitemap stream failed'));
    streaming = true;
    return {
      status: 200,
      headers: { 'content-type': contentType, 'cache-control': cacheable ? PUBLIC : PRIVATE },
      body: stream,
    };
  };

  const settings: ThemeSettingValues = settingsInForce(
    theme.manifest,
    design ? design.values : site.themeSettings[String(theme.themeId)],
  );
  const input = (route: PublicRoute): ContextInput => ({
    site,
    route,
    base,
    settings,
    previewId: content?.id,
    reader,
    query,
    path,
    now,
  });
  const builders = await r.pages();
  const indexRoute: PublicRoute = { kind: 'index', langId, page: 1 };

  // One site's pages being made at once are bounded (renderTurns.ts): a burst on one site waits, the others do not.
  const release = await siteTurn(site.id);
  if (!release) return busy();
  try {
    if (comingSoon) {
      if (address?.kind === 'robots')
        return keep(200, 'text/plain; charset=utf-8', 'User-agent: *\nDisallow: /\n');
      const noindex = { 'x-robots-tag': 'noindex' };
      if (hasTemplate(theme, 'coming_soon')) {
        const ctx = await builders.notFoundContext(r.deps, input(indexRoute), 'coming_soon');
        return finish(await draw(ctx), 200, noindex);
      }
      return keep(200, HTML, comingSoonPage(site.name, langCode(defaultLang(site))), noindex);
    }
    switch (address?.kind) {
      case 'robots':
        return keep(200, 'text/plain; charset=utf-8', builders.robotsTxt(site, base));
      case 'sitemap': {
        const xmlType = 'application/xml; charset=utf-8';
        if (address.part === undefined) {
          const root = await builders.sitemapRoot(r.deps, site, base, r.sitemapPartUrls);
          if (root.kind === 'index') return keep(200, xmlType, root.xml);
          return keepStream(xmlType, root.chunks, release);
        }
        const part = await builders.sitemapPart(r.deps, site, base, address.part, r.sitemapPartUrls);
        if (part) return keepStream(xmlType, part, release);
        break;
      }
      case 'rss':
        return keep(
          200,
          'application/rss+xml; charset=utf-8',
          await builders.rssXml(r.deps, site, base, langId),
        );
      case 'page': {
        const ctx = await builders.buildPageContext(r.deps, input(address.route));
        if (ctx) return finish(await draw(ctx), 200);
        break;
      }
    }
    const ctx = await builders.notFoundContext(
      r.deps,
      input(address?.kind === 'page' ? address.route : indexRoute),
    );
    return finish(await draw({ ...ctx, template: '404' }), 404);
  } catch (err) {
    if (err instanceof ThemeRenderError) {
      if (err.failure === 'busy') return busy();
      // The theme's failure, not the server's: its owner sees it on the theme screen.
      r.log.warn(
        { siteId: site.id, themeId: theme.themeId, versionId: theme.versionId, path, failure: err.failure },
        `theme render failed: ${err.message}`,
      );
      await noteThemeError(r.deps.db, theme, { failure: err.failure, message: err.message, path }, now).catch(
        (noteErr) => r.log.error({ err: noteErr, versionId: theme.versionId }, 'theme error not noted'),
      );
      return html(500, errorPage());
    }
    r.log.error(
      { err, siteId: site.id, themeId: theme.themeId, versionId: theme.versionId, path },
      'page render failed',
    );
    return html(500, errorPage());
  } finally {
    if (!streaming) release();
  }

  // A reader page the theme lacks is themes/default's, whatever stands in for the built-in theme (tests' fixture).
  function draw(ctx: PageContext): Promise<string> {
    return renderPage(theme, () => builtinTheme(), ctx);
  }

  function finish(page: string, status: number, headers: Record<string, string> = {}): Answer {
    if (preview)
      return html(status, withBanner(page, bannerText('preview', langCode(langId))), {
        'x-robots-tag': NOINDEX,
      });
    if (staffView)
      return html(status, withBanner(page, bannerText('staffView', langCode(langId))), {
        'x-robots-tag': NOINDEX,
      });
    // A published site's visitors' pages carry the first-party counter (public/analytics); error pages do not.
    const counted = status === 200 && site?.published ? withCounter(page) : page;
    if (reader) return html(status, counted, headers);
    return keep(status, HTML, counted, headers);
  }
}
