/**
 * Renders a theme's Liquid templates, sandboxed: templates come from memory only (no file system, no network, no
 * process), only own properties of the plain objects given are readable, unknown filters are errors, and each render
 * is bounded in time (renderLimit), size of input (parseLimit) and memory (memoryLimit: ranges, strings). One engine
 * per loaded theme version, so its parsed templates are reused.
 *
 * liquidjs checks renderLimit before each template node, also in async render (checked: nested loops stop at the
 * bound). A render runs in microtasks, so the bound is also how long one request may hold the event loop.
 */
import { Liquid } from 'liquidjs';
import { localeOfLanguage } from '../i18n';
import type { PageContext } from './objects';
import { isLivePageKind } from './paths';
import { builtinTheme, type LoadedTheme } from './themeSource';

/** A page's render may take this long (each of the page template and the layout) before it is an error. */
export const RENDER_LIMIT_MS = 1000;
/** Where a hashed asset is served: /assets/<first 12 hex of its SHA-256>/<path under assets/>. */
export const ASSET_PREFIX = '/assets/';
export const ASSET_HASH_LENGTH = 12;

type Locale = Record<string, unknown>;

interface Engine {
  liquid: Liquid;
  has(name: string): boolean;
}

/** Templates by name: templates/partials/card.liquid → partials/card. */
function templatesOf(theme: LoadedTheme): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [p, f] of theme.files) {
    const m = /^templates\/(.+)\.liquid$/.exec(p);
    if (m) map[m[1]] = f.body.toString('utf8');
  }
  return map;
}

function localesOf(theme: LoadedTheme): Map<string, Locale> {
  const locales = new Map<string, Locale>();
  for (const code of ['zh-TW', 'en', 'ja']) {
    const body = theme.files.get(`locales/${code}.json`)?.body.toString('utf8');
    try {
      const parsed = body ? JSON.parse(body) : undefined;
      if (parsed && typeof parsed === 'object') locales.set(code, parsed);
    } catch {
      // An unreadable locale file: its keys fall back to zh-TW's, then to the key itself.
    }
  }
  return locales;
}

/** A word by key: flat ("nav.home": …) or nested ({nav: {home: …}}). */
function lookup(locale: Locale | undefined, key: string): string | undefined {
  if (!locale) return undefined;
  if (typeof locale[key] === 'string') return locale[key] as string;
  let node: unknown = locale;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Locale)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The URL of a theme asset, by its path under assets/. */
export function assetUrl(theme: LoadedTheme, file: string): string {
  const rel = String(file).replace(/^\/+/, '');
  const found = theme.files.get(`assets/${rel}`);
  const hash = found ? found.sha256.slice(0, ASSET_HASH_LENGTH) : 'missing';
  return `${ASSET_PREFIX}${hash}/${rel.split('/').map(encodeURIComponent).join('/')}`;
}

function makeEngine(theme: LoadedTheme): Engine {
  const templates = templatesOf(theme);
  const locales = localesOf(theme);
  const liquid = new Liquid({
    templates,
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
    renderLimit: RENDER_LIMIT_MS,
    parseLimit: 1e6,
    memoryLimit: 64e6,
    cache: true,
  });
  liquid.registerFilter('asset_url', (file: unknown) => assetUrl(theme, String(file ?? '')));
  liquid.registerFilter('t', function (this: { context: { globals: unknown } }, key: unknown) {
    const globals = this.context.globals as Partial<PageContext> | undefined;
    const code = localeOfLanguage(String(globals?.site?.language ?? 'zh-TW'));
    const k = String(key ?? '');
    return lookup(locales.get(code), k) ?? lookup(locales.get('zh-TW'), k) ?? k;
  });
  return { liquid, has: (name) => Object.hasOwn(templates, name) };
}

/** One engine per loaded theme version: it lives as long as the theme's files are kept (themeSource.ts's LRU). */
const engines = new WeakMap<LoadedTheme, Engine>();

function engineOf(theme: LoadedTheme): Engine {
  let engine = engines.get(theme);
  if (!engine) {
    engine = makeEngine(theme);
    engines.set(theme, engine);
  }
  return engine;
}

/** Whether the theme has a template (templates/<name>.liquid). */
export function hasTemplate(theme: LoadedTheme, name: string): boolean {
  return engineOf(theme).has(name);
}

/** The template that renders a page: category, tag and author fall back to list. */
function templateFor(engine: Engine, name: string): string {
  if (engine.has(name)) return name;
  if (name === 'category' || name === 'tag' || name === 'author') return 'list';
  return name;
}

/**
 * The engine that renders a page's own template: the theme's; for a reader page (signin, account, contact …) the
 * theme lacks, the built-in theme's (themes/default), so that every theme has working reader pages. Its words (`t`)
 * and assets (`asset_url`, e.g. reader.js) are then the built-in theme's, which the renderer serves to every site
 * (render.ts looks assets up in the built-in theme too); the theme's own layout still frames the page.
 */
async function pageEngine(engine: Engine, template: string): Promise<Engine> {
  if (engine.has(template) || !isLivePageKind(template)) return engine;
  const builtin = engineOf(await builtinTheme());
  return builtin.has(template) ? builtin : engine;
}

/**
 * The page's HTML: its template with the context, then `layout` (when the theme has one) with the same context
 * plus `content_for_layout`. Throws on a template error or a limit reached. A reader page the theme has no template
 * for is rendered by the built-in theme's template (pageEngine).
 */
export async function renderPage(theme: LoadedTheme, context: PageContext): Promise<string> {
  const engine = engineOf(theme);
  // `site` and `settings` are globals too: partials (`{% render %}` has a scope of its own) and `t` see them.
  const options = { globals: { site: context.site, settings: context.settings } };
  const own = await pageEngine(engine, context.template);
  const body: string = await own.liquid.renderFile(templateFor(own, context.template), context, options);
  if (!engine.has('layout')) return body;
  return engine.liquid.renderFile('layout', { ...context, content_for_layout: body }, options);
}
