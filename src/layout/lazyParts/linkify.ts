/**
 * linkifyjs 4.4 (link detection, ~10 kB gzip with its table of domain endings) as TipTap's Link extension uses it,
 * loaded on use: the writer calls `loadLinkify` when its editor first takes the focus — before anything can be
 * typed or pasted into it — and any call here starts the load too. Until it has loaded, no text is a link: `find`
 * and `tokenize` answer nothing (the Link extension then leaves the text as it is), and the protocols registered are
 * kept and registered once it has. vite.config.ts (lazyParts) puts this module in the original's place for
 * @tiptap/extension-link.
 */
import type * as Linkify from 'linkifyjs';

type Original = typeof Linkify;

let original: Original | null = null;
let loading: Promise<Original> | null = null;
/** registerCustomProtocol's and reset's calls made before the load, replayed after it in order. */
const pending: ((linkify: Original) => void)[] = [];

/** Starts (once) the load of linkifyjs; resolves when it has loaded. */
export function loadLinkify(): Promise<Original> {
  loading ??= import('../../../node_modules/linkifyjs/dist/linkify.mjs').then((m) => {
    const linkify = m as unknown as Original;
    for (const call of pending.splice(0)) call(linkify);
    original = linkify;
    return linkify;
  });
  return loading;
}

/** The original when it has loaded; else null, and the load started. */
function loaded(): Original | null {
  if (!original) void loadLinkify();
  return original;
}

export function find(...args: Parameters<Original['find']>): ReturnType<Original['find']> {
  return loaded()?.find(...args) ?? [];
}

export function tokenize(str: string): ReturnType<Original['tokenize']> {
  return loaded()?.tokenize(str) ?? [];
}

export function registerCustomProtocol(scheme: string, optionalSlashSlash?: boolean): void {
  const linkify = loaded();
  if (linkify) linkify.registerCustomProtocol(scheme, optionalSlashSlash);
  else pending.push((l) => l.registerCustomProtocol(scheme, optionalSlashSlash));
}

/** Its answer (linkify's state) is not read by the Link extension. */
export function reset(): void {
  const linkify = loaded();
  if (linkify) linkify.reset();
  else pending.push((l) => l.reset());
}
