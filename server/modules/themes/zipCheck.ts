/**
 * Reads an uploaded theme zip and checks it before anything is stored (SPEC §8, issue 13): names and paths
 * (zip-slip, symlinks, duplicates), file types (no server-side code), sizes counted on the inflated bytes (zip bombs),
 * theme.json, the required templates, Liquid syntax, JSON and UTF-8. Every problem names its file; the caller words
 * them in the user's language.
 */
import { hash } from 'node:crypto';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  THEME_FILE_MAX_BYTES,
  THEME_FILE_TYPES,
  THEME_FILES_MAX,
  THEME_PATH_MAX,
  THEME_REQUIRED_TEMPLATES,
  THEME_UNZIPPED_MAX_BYTES,
  ThemeManifest,
} from '../../../contract/themes';
import { parseProblem, themeFileKind } from './files';

/** One thing wrong with the zip: the file it is about and why (an i18n key under themeUpload.reasons). */
export interface ThemeProblem {
  file: string;
  reason: string;
  args?: Record<string, unknown>;
}

export interface ThemeFile {
  path: string;
  body: Buffer;
  sha256: string;
}

export type ThemeCheck =
  | { ok: true; manifest: ThemeManifest; files: ThemeFile[]; size: number }
  | { ok: false; problems: ThemeProblem[] };

/** Problems past this many are only counted: the message lists the first few. */
const PROBLEMS_KEPT = 20;
/** Entries read from the central directory at most, directories included, before the count alone refuses it. */
const ENTRIES_MAX = THEME_FILES_MAX * 4;
const MB = 1024 * 1024;
/** Extensions of code a server could run: named as such, not only as a type the theme may not hold. */
const SERVER_CODE = new Set([
  'php',
  'phtml',
  'php3',
  'php4',
  'php5',
  'phar',
  'py',
  'pyc',
  'rb',
  'sh',
  'bash',
  'exe',
  'dll',
  'so',
  'cgi',
  'pl',
  'jsp',
  'asp',
  'aspx',
  'node',
  'mjs',
  'cjs',
  'ts',
  'bat',
  'cmd',
  'ps1',
  'jar',
  'war',
  'htaccess',
]);
const ALLOWED = new Set<string>(THEME_FILE_TYPES);
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** Files archivers add that are no part of a theme (macOS Finder's): skipped, never stored. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$)/;

const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/** What is wrong with one entry's name, if anything (before the top folder is stripped). */
function nameProblem(name: string): string | null {
  if (name.length > THEME_PATH_MAX * 2) return 'pathTooLong';
  if (/\p{Cc}/u.test(name) || name.includes('\\')) return 'badChars';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'absolute';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.includes('..')) return 'escapes';
  if (segments.some((s) => s === '' || s === '.')) return 'badPath';
  return null;
}

/** yauzl refuses a bad name itself (strictFileNames); its message ends with the name: say which and why. */
function yauzlProblem(err: Error, zipName: string): ThemeProblem {
  const m = /^(invalid characters in fileName|absolute path|invalid relative path): ([\s\S]*)$/.exec(
    err.message.slice(0, THEME_PATH_MAX * 4),
  );
  if (m) {
    const reason =
      m[1] === 'absolute path' ? 'absolute' : m[1] === 'invalid relative path' ? 'escapes' : 'badChars';
    return { file: m[2].slice(0, THEME_PATH_MAX), reason };
  }
  return { file: zipName, reason: 'corrupt' };
}

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The type problem of a file path, if any. */
function typeProblem(path: string): string | null {
  const ext = extensionOf(path);
  if (SERVER_CODE.has(ext)) return 'serverCode';
  if (!ALLOWED.has(ext)) return 'fileType';
  if (ext === 'js' && !path.startsWith('assets/')) return 'scriptOutsideAssets';
  return null;
}

async function centralDirectory(zip: ZipFile): Promise<{ entries: Entry[]; tooMany: boolean }> {
  const entries: Entry[] = [];
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve({ entries, tooMany: false }));
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > ENTRIES_MAX) return resolve({ entries, tooMany: true });
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Inflates one entry, counting the bytes that come out; stops as soon as a bound is passed. */
async function inflate(
  zip: ZipFile,
  entry: Entry,
  budget: number,
): Promise<{ body: Buffer } | { over: 'file' | 'total' } | { error: Error }> {
  let stream: NodeJS.ReadableStream & { destroy(): void };
  try {
    stream = (await zip.openReadStreamPromise(entry)) as typeof stream;
  } catch (err) {
    return { error: err as Error };
  }
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > THEME_FILE_MAX_BYTES || length > budget) {
        stream.destroy();
        return { over: length > THEME_FILE_MAX_BYTES ? 'file' : 'total' };
      }
      chunks.push(chunk);
    }
  } catch (err) {
    return { error: err as Error };
  }
  return { body: Buffer.concat(chunks, length) };
}

/** The top folder every entry shares (GitHub-style zips), or '' when there is none. */
function sharedTopFolder(names: string[]): string {
  if (!names.length) return '';
  const first = names[0];
  const slash = first.indexOf('/');
  if (slash < 1) return '';
  const top = first.slice(0, slash + 1);
  return names.every((n) => n.startsWith(top) && n.length > top.length) ? top : '';
}

/** Checks a theme zip; `zipName` is what the user called it (for problems about the whole zip). */
export async function checkThemeZip(bytes: Buffer, zipName: string): Promise<ThemeCheck> {
  if (!isZip(bytes)) return { ok: false, problems: [{ file: zipName, reason: 'notZip' }] };
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch {
    return { ok: false, problems: [{ file: zipName, reason: 'notZip' }] };
  }
  try {
    return await checkEntries(zip, zipName);
  } finally {
    zip.close();
  }
}

async function checkEntries(zip: ZipFile, zipName: string): Promise<ThemeCheck> {
  const problems: ThemeProblem[] = [];
  const add = (p: ThemeProblem) => {
    if (problems.length < PROBLEMS_KEPT) problems.push(p);
  };
  let listed: { entries: Entry[]; tooMany: boolean };
  try {
    listed = await centralDirectory(zip);
  } catch (err) {
    return { ok: false, problems: [yauzlProblem(err as Error, zipName)] };
  }
  if (listed.tooMany) {
    return { ok: false, problems: [{ file: zipName, reason: 'tooManyFiles', args: { n: THEME_FILES_MAX } }] };
  }

  // First the names, from the central directory alone: nothing is inflated for a zip whose names are wrong.
  const wanted: Entry[] = [];
  for (const entry of listed.entries) {
    const name = entry.fileName;
    const bad = nameProblem(name);
    if (bad) {
      add({ file: name.slice(0, THEME_PATH_MAX), reason: bad, args: { n: THEME_PATH_MAX } });
      continue;
    }
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) {
      add({ file: name, reason: 'symlink' });
      continue;
    }
    if (name.endsWith('/') || JUNK.test(name)) continue;
    wanted.push(entry);
  }
  if (wanted.length > THEME_FILES_MAX)
    add({ file: zipName, reason: 'tooManyFiles', args: { n: THEME_FILES_MAX } });
  if (problems.length) return { ok: false, problems };

  const top = sharedTopFolder(wanted.map((e) => e.fileName));
  const seen = new Set<string>();
  for (const entry of wanted) {
    const path = entry.fileName.slice(top.length);
    if (path.length > THEME_PATH_MAX) add({ file: path, reason: 'pathTooLong', args: { n: THEME_PATH_MAX } });
    else if (seen.has(path.toLowerCase())) add({ file: path, reason: 'duplicate' });
    else {
      const bad = typeProblem(path);
      if (bad) add({ file: path, reason: bad });
      else if (entry.isEncrypted()) add({ file: path, reason: 'corrupt' });
    }
    seen.add(path.toLowerCase());
  }
  if (problems.length) return { ok: false, problems };

  // Then the bytes, inflated one file at a time and counted as they come: a header's sizes may lie.
  const files: ThemeFile[] = [];
  let total = 0;
  for (const entry of wanted) {
    const path = entry.fileName.slice(top.length);
    if (entry.uncompressedSize > THEME_FILE_MAX_BYTES) {
      add({ file: path, reason: 'fileTooBig', args: { n: THEME_FILE_MAX_BYTES / MB } });
      break;
    }
    const out = await inflate(zip, entry, THEME_UNZIPPED_MAX_BYTES - total);
    if ('over' in out) {
      if (out.over === 'file')
        add({ file: path, reason: 'fileTooBig', args: { n: THEME_FILE_MAX_BYTES / MB } });
      else add({ file: zipName, reason: 'totalTooBig', args: { n: THEME_UNZIPPED_MAX_BYTES / MB } });
      break;
    }
    if ('error' in out) {
      add({ file: path, reason: /bytes in the stream/.test(out.error.message) ? 'sizeMismatch' : 'corrupt' });
      break;
    }
    total += out.body.length;
    files.push({ path, body: out.body, sha256: hash('sha256', out.body) });
  }
  if (problems.length) return { ok: false, problems };

  for (const file of files) {
    const p = parseProblem(file.path, file.body);
    if (p) add({ file: file.path, ...p });
  }
  const manifest = manifestOf(files, add);
  const paths = new Set(files.map((f) => f.path));
  for (const name of THEME_REQUIRED_TEMPLATES) {
    const template = `templates/${name}.liquid`;
    if (!paths.has(template)) add({ file: template, reason: 'missingTemplate' });
  }
  if (manifest?.cover && (!paths.has(manifest.cover) || themeFileKind(manifest.cover) !== 'image')) {
    add({ file: 'theme.json', reason: 'coverMissing', args: { path: manifest.cover } });
  }
  if (problems.length || !manifest) return { ok: false, problems };
  return { ok: true, manifest, files, size: total };
}

function manifestOf(files: ThemeFile[], add: (p: ThemeProblem) => void): ThemeManifest | null {
  const file = files.find((f) => f.path === 'theme.json');
  if (!file) {
    add({ file: 'theme.json', reason: 'missingManifest' });
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(file.body.toString('utf8'));
  } catch {
    return null; // parseProblem has said so
  }
  const parsed = ThemeManifest.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.map(String).join('.') || '(root)';
  add({
    file: 'theme.json',
    reason: 'manifest',
    args: { detail: `${where}: ${issue.message}`.slice(0, 200) },
  });
  return null;
}
