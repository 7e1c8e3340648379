/** A theme's files by type: what each holds (text, picture, font), its content type, and whether it parses. */
import { Liquid } from 'liquidjs';
import { assetType } from './assets';

const TEXT = new Set(['liquid', 'json', 'css', 'js', 'svg', 'txt', 'md']);

const extension = (path: string) => {
  const dot = path.lastIndexOf('.');
  return dot < 0 || dot < path.lastIndexOf('/') ? '' : path.slice(dot + 1).toLowerCase();
};

/** The content type of a theme's picture (the type the public site serves it with), or undefined for anything else. */
export function imageType(path: string): string | undefined {
  const type = assetType(path);
  return type.startsWith('image/') ? type : undefined;
}

export function themeFileKind(path: string): 'image' | 'text' | 'other' {
  const ext = extension(path);
  if (imageType(path)) return 'image';
  return TEXT.has(ext) ? 'text' : 'other';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Parses only: nothing is rendered, no file is read (render and include are resolved at render time). */
const liquid = new Liquid();

/** Why a text file is not what its type says (invalid UTF-8, a Liquid or JSON syntax error), or null. */
export function parseProblem(
  path: string,
  body: Buffer,
): { reason: string; args?: Record<string, unknown> } | null {
  if (themeFileKind(path) !== 'text') return null;
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { reason: 'utf8' };
  }
  const ext = extension(path);
  if (ext === 'json') {
    try {
      JSON.parse(text);
    } catch {
      return { reason: 'json' };
    }
  }
  if (ext === 'liquid') {
    try {
      liquid.parse(text);
    } catch (err) {
      const e = err as Error & { token?: { getPosition?: () => [number, number] } };
      const line = e.token?.getPosition?.()[0] ?? 1;
      const detail = String(e.message ?? '')
        .replace(/, line:\d+, col:\d+$/, '')
        .slice(0, 160);
      return { reason: 'liquid', args: { line, detail } };
    }
  }
  return null;
}
