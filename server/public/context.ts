/**
 * The page builders: a public request (ContextInput) turned into the objects a theme's templates get (PageContext).
 * `buildPageContext` answers null where there is no such page (404); `notFoundContext` is the 404 page's context.
 * Readers see published items only, as published (their snapshot); a preview shows one item's current draft.
 * The queries and objects live in server/public/content/, one job a file.
 */
import { CONTENT_TYPE } from '../../contract/contentConstants';
import type { Deps } from '../deps';
import { localeOfLanguage, t } from '../i18n';
import { sellsShop } from '../modules/shop/selling';
import { mediaUrlOf } from '../shared/media';
import { contentKind, defaultLang, isLivePageKind, publicPath, type ReaderPageKind } from '../shared/paths';
import type { PageContext } from '../workers/objects';
import { type ArticleSetting, itemPath } from './content/articles';
import { type HeadInput, headHtml } from './content/head';
import { homeObject } from './content/home';
import { langCode, ogLocale } from './content/language';
import { collectionObject } from './content/lists';
import { menuObjects } from './content/menus';
import { type PublishedPage, pageTreeObjects, publishedPages } from './content/pageTree';
import { draftItem, type ItemRow, publishedItem, publishedLanguages } from './content/queries';
import { articleObject } from './content/single';
import { siteLanguages, siteObject } from './content/site';
import { readerPageBuilders } from './readers';
import type { ContextInput, SiteRow } from './route';
import { KEY_MAX } from './router';
import { goodsPage, shopPagesObject } from './shop/pages';

/** What the builders read: the database, and PUBLIC_URL for uploads' addresses. */
export type PageDeps = Pick<Deps, 'db' | 'config'>;

const ITEM_TYPE = { post: CONTENT_TYPE.post, epaper: CONTENT_TYPE.epaper, page: CONTENT_TYPE.page } as const;
type ItemKind = keyof typeof ITEM_TYPE;
const isItemKind = (kind: string): kind is ItemKind => Object.hasOwn(ITEM_TYPE, kind);

interface Page {
  template: string;
  title: string;
  description: string;
  type: HeadInput['type'];
  image: string;
  /** This page's path (from the site root) in a language, or null where it does not exist there. */
  pathIn: (langId: number) => string | null;
  /** Its path in the page's language, with ?page=N past the first page of a list. */
  canonicalPath: string;
  preview?: boolean;
}

function assemble(
  deps: PageDeps,
  input: ContextInput,
  langId: number,
  page: Page,
  menus: PageContext['menus'],
): PageContext {
  const { site, base } = input;
  const media = mediaUrlOf(deps.config);
  const siteObj = siteObject(site, base, langId, media, page.pathIn);
  const seo = site.seo ?? { cover: '', title: '', description: '' };
  const alternates = siteLanguages(site).flatMap((id) => {
    const path = page.pathIn(id);
    return path === null
      ? []
      : [{ lang: langCode(id), href: base + path, isDefault: id === defaultLang(site) }];
  });
  const head = headHtml({
    title: page.title,
    description: page.description || seo.description || site.description,
    canonical: base + page.canonicalPath,
    type: page.type,
    image: media(page.image) || media(seo.cover ?? ''),
    siteName: site.name,
    locale: ogLocale(langId),
    favicon: siteObj.favicon,
    alternates,
    rss: siteObj.rss_url,
    tracking: site.tracking,
    preview: page.preview ?? false,
  });
  // The readers' pages in this language, and the signed-in reader (null when nobody is): on every page.
  const readerPage = (kind: ReaderPageKind) => base + publicPath(site, kind, '', langId);
  const reader_pages = {
    signin_url: readerPage('signin'),
    account_url: readerPage('account'),
    contact_url: readerPage('contact'),
    subscribe_url: readerPage('subscribe'),
    api_url: '/api/reader',
    lang_id: langId,
  };
  const reader = input.reader
    ? {
        name: input.reader.name,
        email: input.reader.email,
        paying: input.reader.paying,
        url_account: reader_pages.account_url,
        url_signin: reader_pages.signin_url,
      }
    : null;
  return {
    site: siteObj,
    menus,
    settings: input.settings,
    template: page.template,
    head,
    page_title: page.title,
    reader,
    reader_pages,
  };
}

function settingFor(deps: PageDeps, site: SiteRow, base: string, langId: number): ArticleSetting {
  return {
    db: deps.db,
    siteId: site.id,
    site,
    langId,
    base,
    media: mediaUrlOf(deps.config),
    timeZone: site.timezone,
    locale: langCode(langId),
  };
}

/** The item of a post, e-paper or page route: a preview's draft, or the published one by slug or id. */
async function findItem(deps: PageDeps, input: ContextInput, kind: ItemKind): Promise<ItemRow | null> {
  if (input.previewId !== undefined) return draftItem(deps.db, input.site.id, input.previewId);
  return publishedItem(deps.db, input.site.id, ITEM_TYPE[kind], input.route.langId, input.route.key ?? '');
}

/** A page's objects, with `shop_pages` (where the site's shop and cart are; null unless it sells: shop/pages.ts). */
export async function buildPageContext(deps: PageDeps, input: ContextInput): Promise<PageContext | null> {
  // The navigation's pages are read beside the page's own objects, in the address's language: the page's but for a
  // preview, whose item may be in another (withPages then reads its own).
  const langId = input.route.langId;
  const early = siteLanguages(input.site).includes(langId)
    ? publishedPages(deps.db, input.site.id, langId).then((pages) => ({ langId, pages }))
    : undefined;
  const [context, sells, read] = await Promise.all([
    buildContext(deps, input),
    sellsShop(deps.db, input.site),
    early,
  ]);
  return context && withPages(deps, input, withShop(context, input, sells), read);
}

/**
 * Adds the navigation's pages (`site.pages`) in the page's language and, on a page, its tabs (`page_tabs`:
 * content/pageTree.ts); `read` is a language's pages already read.
 */
async function withPages(
  deps: PageDeps,
  input: ContextInput,
  context: PageContext,
  read?: { langId: number; pages: PublishedPage[] },
): Promise<PageContext> {
  const langId = siteLanguages(input.site).find((id) => langCode(id) === context.site.language);
  const at = settingFor(deps, input.site, input.base, langId ?? defaultLang(input.site));
  const current = context.template === 'page' && context.article ? context.article.id : null;
  const own = read && read.langId === at.langId ? read.pages : undefined;
  const { pages, tabs } = await pageTreeObjects(at, current, input.reader?.paying === true, own);
  // Object.assign, not spread literals: on Node 20 a literal that spreads and then adds builds a new hidden class each
  // time (see tenancy/sites.ts toCurrent); every uncached page passes here.
  return Object.assign({}, context, {
    site: Object.assign({}, context.site, { pages }),
    ...(context.template === 'page' && { page_tabs: tabs }),
  });
}

/** Adds `shop_pages` in the page's language (its `site.language`: an item's page is in the item's language). */
function withShop(context: PageContext, input: ContextInput, sells: boolean): PageContext {
  const langId = siteLanguages(input.site).find((id) => langCode(id) === context.site.language);
  return {
    ...context,
    shop_pages: shopPagesObject(input.site, input.base, langId ?? defaultLang(input.site), sells),
  };
}

async function buildContext(deps: PageDeps, input: ContextInput): Promise<PageContext | null> {
  const { site, route, base } = input;
  const title = (name: string) => `${name} | ${site.name}`;
  if ((route.key ?? '').length > KEY_MAX) return null;

  if (isItemKind(route.kind)) {
    const item = await findItem(deps, input, route.kind);
    if (!item) return null;
    const preview = input.previewId !== undefined;
    // A preview shows the item in its own language, whatever the address said.
    const langId = item.langId;
    const at = settingFor(deps, site, base, langId);
    const [article, languages, menus] = await Promise.all([
      articleObject(at, item, preview, input.reader?.paying === true),
      publishedLanguages(deps.db, site.id, item.uuid),
      menuObjects(deps.db, site.id, langId, base, input.path),
    ]);
    const own = itemPath(at, item);
    const pathIn = (id: number) => {
      if (id === langId) return own;
      const sibling = languages.get(id);
      return sibling ? itemPath(at, { ...sibling, langId: id }) : null;
    };
    const context = assemble(
      deps,
      input,
      langId,
      {
        template: contentKind(item.type) === 'page' ? 'page' : 'post',
        title: item.seo.title || title(item.title),
        description: item.seo.content || article.abstract,
        type: 'article',
        image: item.cover,
        pathIn,
        canonicalPath: own,
        preview,
      },
      menus,
    );
    return Object.assign(context, { article });
  }

  const langId = route.langId;
  if (!siteLanguages(site).includes(langId)) return null;
  const at = settingFor(deps, site, base, langId);
  const menusOf = () => menuObjects(deps.db, site.id, langId, base, input.path);

  if (route.kind === 'index') {
    const [home, menus] = await Promise.all([homeObject(at, site.home), menusOf()]);
    const seo = site.seo ?? { title: '' };
    const context = assemble(
      deps,
      input,
      langId,
      {
        template: 'index',
        title: seo.title || site.name,
        description: '',
        type: 'website',
        image: '',
        pathIn: (id) => publicPath(site, 'index', '', id),
        canonicalPath: publicPath(site, 'index', '', langId),
      },
      menus,
    );
    return Object.assign(context, { home });
  }

  if (isLivePageKind(route.kind)) {
    const kind = route.kind;
    const builder = kind === 'goods' ? goodsPage : readerPageBuilders[kind];
    const [built, menus] = await Promise.all([builder(deps, input, at), menusOf()]);
    if (!built) return null;
    const key = built.key ?? '';
    const context = assemble(
      deps,
      input,
      langId,
      {
        template: kind,
        title: title(built.title),
        description: built.description ?? '',
        type: 'website',
        image: built.image ?? '',
        pathIn: (id) => publicPath(site, kind, key, id),
        canonicalPath: publicPath(site, kind, key, langId),
      },
      menus,
    );
    return Object.assign(context, built.objects);
  }

  const kind = route.kind;
  const pathOf = (id: number, key: string | number) => publicPath(site, kind, key, id);
  const [collection, menus] = await Promise.all([collectionObject(at, { ...route, kind }), menusOf()]);
  if (!collection) return null;
  const label = collection.label;
  // The list's own key (slug, else id): the route's may have been either.
  const key = 'slug' in label && label.slug ? label.slug : label.id;
  const page = collection.pagination.page;
  const context = assemble(
    deps,
    input,
    langId,
    {
      template: kind,
      title: title(collection.title),
      description: '',
      type: 'website',
      image: 'cover' in label ? label.cover : '',
      pathIn: (id) => pathOf(id, key),
      canonicalPath: pathOf(langId, key) + (page > 1 ? `?page=${page}` : ''),
    },
    menus,
  );
  return Object.assign(context, { collection });
}

/** The 404 page: the site, its menus and languages (each language's home), template '404'. */
export async function notFoundContext(
  deps: PageDeps,
  input: ContextInput,
  template: '404' | 'coming_soon' = '404',
): Promise<PageContext> {
  const { site, base } = input;
  const langs = siteLanguages(site);
  const langId = langs.includes(input.route.langId) ? input.route.langId : defaultLang(site);
  const menus = await menuObjects(deps.db, site.id, langId, base, input.path);
  // A page that is not there, or a site that is not open yet: the theme's page says which; the title too.
  const key = template === '404' ? 'publicSite.pageNotFound' : 'publicSite.comingSoon.title';
  const words = t(localeOfLanguage(langCode(langId)), key);
  const sells = template === '404' && (await sellsShop(deps.db, site));
  const context = assemble(
    deps,
    input,
    langId,
    {
      template,
      title: `${words} | ${site.name}`,
      description: '',
      type: 'website',
      image: '',
      pathIn: () => null,
      canonicalPath: input.path.slice(0, 1000) || '/',
    },
    menus,
  );
  return withPages(
    deps,
    input,
    Object.assign(context, { shop_pages: shopPagesObject(site, base, langId, sells) }),
  );
}
