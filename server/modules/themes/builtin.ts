/**
 * The built-in theme (id 0) as the theme screens see it: the public site's copy of themes/default
 * (themeSource.ts, read once), as a sorted file list with its size. It has no database row; the
 * list, the detail, the design settings and the download read it from here.
 */
import type { ThemeManifest } from '../../../contract/themes';
import { builtinTheme as loadBuiltin } from './themeSource';
import type { ThemeFile } from './zipCheck';

export interface BuiltinTheme {
  manifest: ThemeManifest;
  files: ThemeFile[];
  size: number;
}

let cached: Promise<BuiltinTheme> | undefined;

export function builtinTheme(): Promise<BuiltinTheme> {
  cached ??= loadBuiltin().then((theme) => {
    const files = [...theme.files]
      .map(([path, file]) => ({ path, ...file }))
      .sort((a, b) => a.path.localeCompare(b.path));
    return { manifest: theme.manifest, files, size: files.reduce((n, f) => n + f.body.length, 0) };
  });
  return cached;
}
