/**
 * How much JavaScript (and CSS) each screen downloads, computed from Vite's manifest — run after `npx vite build`.
 *
 * Set DIST_DIR to measure a build elsewhere (`npx vite build --outDir <dir>`).
 *
 * A screen loads the entry chunk plus the lazy chunks it renders, each with its static imports (Vite preloads
 * those together with the dynamic import). Sizes are raw bytes and gzip level 9, the compression a static server
 * or CDN would serve. bundle-browser.ts checks these sets against what Chromium really fetches.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LATER_AREAS, screenAreas } from '../i18n/areas';

/** The built SPA: dist/, or DIST_DIR (which the server honours too) for a build kept apart from the working one. */
export const dist = path.resolve(process.env.DIST_DIR || path.join(import.meta.dirname, '../dist'));

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function readManifest(): Record<string, Chunk> {
  const file = path.join(dist, '.vite/manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} is missing: run \`npx vite build\` first`);
  }
}

/** The files (relative to dist/) that loading these manifest keys fetches: each chunk, its static imports, CSS. */
export function filesOf(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no manifest entry ${key}`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The ALTCHA widget's chunk, when a build has one (Captcha.tsx imported it dynamically until issue 31); none since the
 * sign-in screens solve the proof of work themselves (src/auth/proofOfWork.ts, part of the page).
 */
export function altchaKeys(manifest: Record<string, Chunk>): string[] {
  return Object.keys(manifest).filter((k) => /node_modules\/altcha\//.test(k));
}

/** Each screen's manifest keys. The sign-in page with its bot check: in the page, or a widget chunk after it. */
export function screens(manifest: Record<string, Chunk>) {
  const grouped = (prefix: string) => Object.keys(manifest).filter((k) => k.startsWith(prefix));
  // Each app also loads its zh-TW words (src/i18n/index.ts, i18n/areas.ts): the sign-in screens three areas; the
  // admin's first screen react-admin's words, those three areas, its first areas (one file) and every entity's words
  // (one file); its other screens also the later areas their first render names (a file each, i18n/areas.ts
  // screenAreas), and the others once rendered.
  const dashboard = [
    'index.html',
    'src/AdminApp.tsx',
    // polyglot, in a build whose admin still loads it (src/i18n/index.ts used it before issue 31), and the words' loader
    ...Object.keys(manifest).filter((k) => k.includes('node_modules/ra-i18n-polyglot/')),
    'src/i18n/adminWords.ts',
    'src/custom/dashboard/index.tsx',
    'src/i18n/ra/zh-TW.ts',
    'src/i18n/ra/tiptap-zh-TW.ts',
    'i18n/zh-TW/core.ts',
    'i18n/zh-TW/auth.ts',
    'i18n/zh-TW/staff.ts',
    ...grouped('_words-first-zh-TW-'),
    ...grouped('_entity-words-zh-TW-'),
    // and the menu's entity icons, which the entities' briefs load after the first render (entities/resources.tsx):
    // the same as their declarations' only dynamic imports (a declaration is `contract/entities/<name>.ts`, or sits
    // in a shared chunk the registry imports dynamically)
    ...[
      ...Object.keys(manifest).filter((k) => k.startsWith('contract/entities/')),
      ...Object.keys(manifest)
        .filter((k) => k.startsWith('_registry-'))
        .flatMap((k) => (manifest[k].dynamicImports ?? []).filter((d) => d.startsWith('_'))),
    ]
      .flatMap((k) => manifest[k].dynamicImports ?? [])
      .filter((k, i, all) => all.indexOf(k) === i),
  ];
  // MUI's Tooltip, which every screen loads once it has rendered (src/layout/lazyParts/Tooltip.tsx): after the
  // dashboard's first paint, and counted in the other screens' whole sets.
  const tooltip = Object.keys(manifest).filter((k) =>
    /node_modules\/@mui\/material\/esm\/Tooltip\/Tooltip\.js$/.test(k),
  );
  /** The files of later areas, with their loader and table (src/i18n/laterAreas.ts). */
  const laterWords = (areas: readonly string[]) => [
    'src/i18n/laterAreas.ts',
    ...areas.flatMap((area) => grouped(`_words-later-${area}-zh-TW-`)),
  ];
  /** A screen but the dashboard, opened from it: the dashboard's set, the tooltips and its later words. */
  const screen = (pathname: string) => [...dashboard, ...tooltip, ...laterWords(screenAreas(pathname))];
  /** And once it has rendered, with all the later words (src/i18n/LaterWords.tsx useOtherAreasOnceRendered). */
  const settled = (pathname: string) => [...screen(pathname), ...laterWords(LATER_AREAS)];
  const login = [
    'index.html',
    'src/auth/AuthApp.tsx',
    'src/auth/pages/LoginPage.tsx',
    'i18n/zh-TW/core.ts',
    'i18n/zh-TW/auth.ts',
    'i18n/zh-TW/staff.ts',
  ];
  return {
    login,
    altcha: altchaKeys(manifest),
    loginTotal: [...login, ...altchaKeys(manifest)],
    dashboard,
    // What the dashboard has fetched once the network is idle: the tooltips follow its first render.
    dashboardSettled: [...dashboard, ...tooltip],
    // The generated list with the category's overrides (src/entities/resources.tsx loads both) and the view of
    // categories (their declaration without schemas: src/entities/registry.ts loadView), which the list and the
    // dataProvider read; the dialog loads the declaration itself.
    category: [
      ...screen('/category'),
      'src/entities/EntityList.tsx',
      'src/entities/overrides/category.tsx',
      'contract/entities/label.ts?view',
    ],
    // And what loads after its first render, beside its first page's request: the filter panel's forms
    // (src/components/lists.tsx), the rows-per-page choice (src/components/WindowPagination.tsx), and the other later
    // words.
    categorySettled: [
      ...settled('/category'),
      'src/entities/EntityList.tsx',
      'src/entities/overrides/category.tsx',
      'contract/entities/label.ts?view',
      'src/components/filterForms.tsx',
      'src/components/PerPageSelect.tsx',
    ],
    // The generated list with the articles' overrides (src/entities/overrides/press.tsx: the content screens) and
    // the view of content, which the list and the dataProvider read.
    press: [
      ...screen('/press'),
      'src/entities/EntityList.tsx',
      'src/entities/overrides/press.tsx',
      'contract/entities/content.ts?view',
    ],
    // The filter panel's forms (its keyword box: react-hook-form and react-admin's inputs) and the rows-per-page
    // choice, which load after the list's first render, beside its first page's request (src/components/lists.tsx,
    // WindowPagination.tsx), and the other later words.
    pressSettled: [
      ...settled('/press'),
      'src/entities/EntityList.tsx',
      'src/entities/overrides/press.tsx',
      'contract/entities/content.ts?view',
      'src/components/filterForms.tsx',
      'src/components/PerPageSelect.tsx',
    ],
    // The writer without its side panel, which loads when opened, without pinyin, which loads on first typing, and
    // without link detection (linkifyjs), which loads when the editor first takes the focus.
    writer: [...screen('/edit/post/1'), 'src/custom/writer/index.tsx'],
    writerSettled: [...settled('/edit/post/1'), 'src/custom/writer/index.tsx'],
  };
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
/** Raw and gzip (level 9) bytes of one file under dist/. */
export function sizeOf(file: string): { raw: number; gzip: number } {
  let size = gzipCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(dist, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, size);
  }
  return size;
}

/** Each file counted once. */
export function total(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let n = 0;
  for (const f of files) {
    const s = sizeOf(f);
    raw += s.raw;
    gzip += s.gzip;
    n++;
  }
  return { files: n, raw, gzip };
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function main() {
  const manifest = readManifest();
  const s = screens(manifest);
  const loginFiles = filesOf(manifest, s.login);
  // The widget's files that the page did not already load.
  const altchaOnly = [...filesOf(manifest, s.altcha)].filter((f) => !loginFiles.has(f));
  /** What a screen fetches after its first render. */
  const after = (first: string[], settled: string[]) =>
    total([...filesOf(manifest, settled)].filter((f) => !filesOf(manifest, first).has(f)));
  const rows: [string, ReturnType<typeof total>][] = [
    ['/auth/login — page', total(loginFiles)],
    ['/auth/login — + altcha widget chunk (after render; none: the page solves it)', total(altchaOnly)],
    ['/auth/login — total', total(filesOf(manifest, s.loginTotal))],
    ['/ (dashboard, first screen after sign-in)', total(filesOf(manifest, s.dashboard))],
    ['/ — + the tooltips (after first render)', after(s.dashboard, s.dashboardSettled)],
    ['/category (list)', total(filesOf(manifest, s.category))],
    ['/press (article list)', total(filesOf(manifest, s.press))],
    [
      "/category — + the filter panel's forms, the rows-per-page choice and the other later words (after first render)",
      after(s.category, s.categorySettled),
    ],
    [
      "/press — + the filter panel's forms, the rows-per-page choice and the other later words (after first render)",
      after(s.press, s.pressSettled),
    ],
    ['/edit/post/:id (the writer, whole screen)', total(filesOf(manifest, s.writer))],
    ['/edit/post/:id — + the other later words (after first render)', after(s.writer, s.writerSettled)],
    ['the writer chunk itself', total([manifest['src/custom/writer/index.tsx'].file])],
  ];
  console.log('\nJavaScript + CSS per screen (from dist/.vite/manifest.json, gzip level 9)\n');
  console.log('| screen | files | raw kB | gzip kB |');
  console.log('|---|---:|---:|---:|');
  for (const [name, t] of rows) console.log(`| ${name} | ${t.files} | ${kB(t.raw)} | ${kB(t.gzip)} |`);
  console.log();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
