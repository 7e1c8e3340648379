/**
 * A page rendered by its theme, off the event loop: the theme's templates go to a render worker (once per worker,
 * by key), the render waits for a worker's turn (renderTurns.ts), and what stops it — a template error, a limit of
 * RENDER_LIMITS, no turn in time — comes back as a ThemeRenderError for the renderer to answer.
 */

import type { LoadedTheme } from '../modules/themes/themeSource';
import { isLivePageKind } from '../shared/paths';
import { ASSET_HASH_LENGTH, type ThemeSource } from '../workers/engine';
import type { PageContext } from '../workers/objects';
import { renderInWorker, WorkerDeadline, WorkerTaskError } from '../workers/pool';
import { RENDER_LIMITS, type RenderLimitKind } from '../workers/renderLimits';
import type { ThemeRef } from '../workers/tasks';
import { workerTurn } from './renderTurns';

/** Why a page was not rendered: a template's error, a limit, or no worker's turn in time. */
export type RenderFailure = 'template' | RenderLimitKind | 'busy';

export class ThemeRenderError extends Error {
  constructor(
    readonly failure: RenderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ThemeRenderError';
  }
}

interface Prepared {
  key: string;
  source: ThemeSource;
}

/** Each loaded theme's source, made once: a theme version's files never change while it is loaded. */
const prepared = new WeakMap<LoadedTheme, Prepared>();
let keys = 0;

function prepare(theme: LoadedTheme): Prepared {
  let p = prepared.get(theme);
  if (p) return p;
  const source: ThemeSource = { templates: {}, locales: {}, assets: {} };
  for (const [path, file] of theme.files) {
    const template = /^templates\/(.+)\.liquid$/.exec(path);
    if (template) source.templates[template[1]] = file.body.toString('utf8');
    else if (path.startsWith('assets/'))
      source.assets[path.slice('assets/'.length)] = file.sha256.slice(0, ASSET_HASH_LENGTH);
  }
  for (const code of ['zh-TW', 'en', 'ja']) {
    const body = theme.files.get(`locales/${code}.json`)?.body.toString('utf8');
    try {
      const parsed = body ? JSON.parse(body) : undefined;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) source.locales[code] = parsed;
    } catch {
      // An unreadable locale file: its keys fall back to zh-TW's, then to the key itself.
    }
  }
  keys += 1;
  p = { key: `${theme.siteId}:${theme.versionId}:${keys}`, source };
  prepared.set(theme, p);
  return p;
}

/** Whether the theme has a template (templates/<name>.liquid). */
export function hasTemplate(theme: LoadedTheme, name: string): boolean {
  return Object.hasOwn(prepare(theme).source.templates, name);
}

/** The template that renders a page: category, tag and author fall back to list. */
function templateFor(theme: LoadedTheme, name: string): string {
  if (hasTemplate(theme, name)) return name;
  if (name === 'category' || name === 'tag' || name === 'author') return 'list';
  return name;
}

/**
 * The page's HTML: its template with the context, then the theme's `layout` (when it has one) with the same context
 * plus `content_for_layout`. A reader page (signin, account, contact …) the theme lacks is rendered by the built-in
 * theme's template, so that every theme has working reader pages; the theme's own layout still frames it.
 */
export async function renderPage(
  theme: LoadedTheme,
  builtin: () => Promise<LoadedTheme>,
  context: PageContext,
): Promise<string> {
  const own =
    hasTemplate(theme, context.template) || !isLivePageKind(context.template)
      ? theme
      : await builtin().then((b) => (hasTemplate(b, context.template) ? b : theme));
  const page = prepare(own);
  const layout = hasTemplate(theme, 'layout') ? prepare(theme) : null;
  const release = await workerTurn();
  if (!release) throw new ThemeRenderError('busy', 'no render worker came free');
  const deadline = new WorkerDeadline(RENDER_LIMITS.hardMs);
  try {
    const ref = (p: Prepared, send: boolean): ThemeRef => (send ? p : { key: p.key });
    const task = (send: string[]) => ({
      page: ref(page, send.includes(page.key)),
      template: templateFor(own, context.template),
      layout: layout && ref(layout, send.includes(layout.key)),
      context,
    });
    let result = await renderInWorker(task([]), deadline);
    // A worker that has not met this theme yet (or has let it go) asks for its templates once.
    if ('missing' in result) result = await renderInWorker(task(result.missing), deadline);
    if ('html' in result) return result.html;
    if ('limit' in result) throw new ThemeRenderError(result.limit, `render limit reached: ${result.limit}`);
    if ('error' in result) throw new ThemeRenderError('template', result.error);
    throw new ThemeRenderError('template', 'the theme was not available to the worker');
  } catch (err) {
    // A worker that crashed otherwise is the server's failure, not the theme's: it stays an error.
    if (err instanceof WorkerTaskError && err.kind !== 'crash')
      throw new ThemeRenderError(err.kind, err.message);
    throw err;
  } finally {
    deadline.clear();
    release();
  }
}
