/**
 * The sign-in screens load only part of the dictionary (src/i18n/index.ts, `signIn`). Every literal message key in
 * the code the sign-in app reaches — its imports followed from src/auth/AuthApp.tsx — must be in that part, in every
 * locale; a missing one would show its key on the screen. The admin gets the whole dictionary.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants';
import zhTW from '../../i18n/zh-TW';
import { loadMessages } from '../../src/i18n';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** The files under src/ reachable from `entry` through relative imports, static and dynamic. */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), spec);
      const found = ['.tsx', '.ts', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find(existsSync);
      if (found?.startsWith(SRC) && /\.tsx?$/.test(found)) visit(found);
    }
  };
  visit(entry);
  return [...seen];
}

const areas = new Set(Object.keys(zhTW));
/** String literals shaped like a message key of one of the dictionary's areas: 'auth.login.title'. */
function messageKeys(files: string[]): Set<string> {
  const keys = new Set<string>();
  for (const file of files) {
    for (const [, key] of readFileSync(file, 'utf8').matchAll(/['"`]([a-z]\w*(?:\.\w+)+)['"`]/g)) {
      if (areas.has(key.split('.')[0])) keys.add(key);
    }
  }
  return keys;
}

const lookup = (messages: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

const files = reachable(path.join(SRC, 'auth/AuthApp.tsx'));
const keys = messageKeys(files);

describe('the sign-in words', () => {
  it('are looked for in the sign-in app, its pages and what they import', () => {
    const names = files.map((f) => path.relative(SRC, f));
    expect(names).toEqual(expect.arrayContaining(['auth/pages/LoginPage.tsx', 'auth/pages/InvitePage.tsx']));
    expect(names).toContain('components/LanguageSwitch.tsx');
    expect(names).not.toContain('AdminApp.tsx');
    expect(keys).toContain('auth.login.title');
    expect(keys.size).toBeGreaterThan(30);
  });

  it.each(LOCALES)('hold every key the sign-in app uses, in %s', async (locale) => {
    const messages = await loadMessages(locale, 'signIn');
    const missing = [...keys].filter((key) => typeof lookup(messages, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('leave the admin-only areas to the admin, in %s', async (locale) => {
    const signIn = await loadMessages(locale, 'signIn');
    const admin = await loadMessages(locale, 'admin');
    expect(Object.keys(signIn)).not.toContain('writer');
    expect(Object.keys(admin)).toEqual(expect.arrayContaining([...areas, 'ra']));
  });
});
