/**
 * Renders a theme's Liquid templates, sandboxed. It runs in the render workers (server/workers/), never on the
 * server's event loop: templates come from memory only (no file system, no network, no process), only own properties
 * of the plain objects given are readable, unknown filters are errors, and each render is bounded in time (liquidjs's
 * renderLimit, checked before each node, one budget for the page and its layout), in size of input (parseLimit), in
 * memory (memoryLimit: ranges and strings of filters) and in output (an emitter that stops at RENDER_LIMITS.outputChars). What
 * liquidjs cannot bound (one long node, a huge capture) the pool does: its wall-clock limit and the worker's heap.
 */
import { Context, Liquid, toValueSync } from 'liquidjs';
import { localeOfLanguage } from '../../contract/constants';
import type { PageContext } from './objects';
import { RENDER_LIMITS, type RenderLimitKind } from './renderLimits';

/** Where a hashed asset is served: /assets/<first 12 hex of its SHA-256>/<path under assets/>. */
export const ASSET_PREFIX = '/assets/';
export const ASSET_HASH_LENGTH = 12;

type Locale = Record<string, unknown>;

/** What a worker needs of a theme: plain data, so it crosses to a worker thread (structured clone). */
export interface ThemeSource {
  /** Template sources by name: templates/partials/card.liquid → partials/card. */
  templates: Record<string, string>;
  /** locales/<code>.json parsed, by code (zh-TW, en, ja). */
  locales: Record<string, Locale>;
  /** The first ASSET_HASH_LENGTH hex of each asset's SHA-256, by its path under assets/. */
  assets: Record<string, string>;
}

/** A render stopped by one of RENDER_LIMITS (rather than by a template's own error). */
export class RenderLimitError extends Error {
  constructor(readonly kind: RenderLimitKind) {
    super(`render limit reached: ${kind}`);
    this.name = 'RenderLimitError';
  }
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
export function assetUrl(source: Pick<ThemeSource, 'assets'>, file: string): string {
  const rel = String(file).replace(/^\/+/, '');
  const hash = Object.hasOwn(source.assets, rel) ? source.assets[rel] : 'missing';
  return `${ASSET_PREFIX}${hash}/${rel.split('/').map(encodeURIComponent).join('/')}`;
}

export interface Engine {
  liquid: Liquid;
  has(name: string): boolean;
  /** Characters of its templates: what the worker's engine cache counts. */
  size: number;
}

export function makeEngine(source: ThemeSource): Engine {
  const { templates, locales } = source;
  const liquid = new Liquid({
    templates,
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
    renderLimit: RENDER_LIMITS.templateMs,
    parseLimit: 1e6,
    memoryLimit: 64e6,
    cache: true,
  });
  liquid.registerFilter('asset_url', (file: unknown) => assetUrl(source, String(file ?? '')));
  liquid.registerFilter('t', function (this: { context: { globals: unknown } }, key: unknown) {
    const globals = this.context.globals as Partial<PageContext> | undefined;
    const code = localeOfLanguage(String(globals?.site?.language ?? 'zh-TW'));
    const k = String(key ?? '');
    return lookup(locales[code], k) ?? lookup(locales['zh-TW'], k) ?? k;
  });
  let size = 0;
  for (const [name, body] of Object.entries(templates)) {
    size += body.length;
    // Parsed now, once per worker, so that a page's time budget is spent on rendering it. A template that does not
    // parse fails again, with its message, when a page asks for it.
    try {
      liquid.parseFileSync(name);
    } catch {}
  }
  return { liquid, has: (name) => Object.hasOwn(templates, name), size };
}

/** Collects the output and stops the render once it passes RENDER_LIMITS.outputChars (UTF-16 units, a bound). */
class CappedEmitter {
  buffer = '';
  constructor(private room: number) {}
  write(html: unknown) {
    const s = typeof html === 'string' ? html : html == null ? '' : String(html);
    this.room -= s.length;
    if (this.room < 0) throw new RenderLimitError('output');
    this.buffer += s;
  }
}

/**
 * One template's render into a capped emitter; `limits` carries the time budget over from the page to the layout.
 * Synchronous: every tag and filter a theme can use is (templates come from memory), and liquidjs's sync path skips
 * a promise per node: a home page renders in about two thirds of the time (issue 31). The pool's deadline still ends
 * a render that never yields: it ends the worker.
 */
function renderInto(
  engine: Engine,
  name: string,
  scope: object,
  globals: object,
  room: number,
  limits?: Pick<Context, 'renderLimit' | 'memoryLimit'>,
): { html: string; context: Context } {
  const liquid = engine.liquid;
  const templates = liquid.parseFileSync(name);
  const context = new Context(scope, liquid.options, { globals, sync: true }, { liquid, ...limits });
  const emitter = new CappedEmitter(room);
  try {
    toValueSync(liquid.renderer.renderTemplates(templates, context, emitter));
  } catch (err) {
    // liquidjs wraps what a node throws (originalError): the limit is told as itself.
    let cause: unknown = err;
    for (let depth = 0; cause instanceof Error && !(cause instanceof RenderLimitError) && depth < 32; depth++)
      cause = (cause as { originalError?: unknown }).originalError ?? cause.cause;
    if (cause instanceof RenderLimitError) throw cause;
    const message = err instanceof Error ? err.message : '';
    if (message.includes('template render limit exceeded')) throw new RenderLimitError('time');
    if (message.includes('memory alloc limit exceeded')) throw new RenderLimitError('memory');
    throw err;
  }
  return { html: emitter.buffer, context };
}

/**
 * The page's HTML: `template` of `page` with the context, then `layout` of the theme's own engine (when it has one)
 * with the same context plus `content_for_layout`. Throws on a template error or a limit reached.
 */
export function renderWithEngines(
  page: Engine,
  template: string,
  layout: Engine | null,
  context: PageContext,
): string {
  // `site` and `settings` are globals too: partials (`{% render %}` has a scope of its own) and `t` see them.
  const globals = { site: context.site, settings: context.settings };
  const body = renderInto(page, template, context, globals, RENDER_LIMITS.outputChars);
  if (!layout) return body.html;
  const { renderLimit, memoryLimit } = body.context;
  const room = RENDER_LIMITS.outputChars - body.html.length;
  const framed = renderInto(
    layout,
    'layout',
    Object.assign({}, context, { content_for_layout: body.html }),
    globals,
    room,
    { renderLimit, memoryLimit },
  );
  return framed.html;
}
