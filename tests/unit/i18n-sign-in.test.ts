/**
 * The sign-in screens load only part of the dictionary (src/i18n/index.ts, `signIn`). Every literal message key in
 * the code the sign-in app reaches — its imports followed from src/auth/AuthApp.tsx — must be in that part, in every
 * locale; a missing one would show its key on the screen. The same for the admin's first screen (the dashboard) and
 * the words it loads before it (i18n/areas.ts); the admin's other screens get the whole dictionary but the server's
 * once they have rendered (before, what tests/unit/i18n-screens.test.ts checks).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants';
import { SERVER_AREAS } from '../../i18n/areas';
import { loadMessages } from '../../src/i18n';
import { areas, lookup, messageKeys, reachable, SRC } from './codeKeys';

const files = reachable(path.join(SRC, 'auth/AuthApp.tsx'));
const keys = messageKeys(files);

describe('the sign-in words', () => {
  it('are looked for in the sign-in app, its pages and what they import', () => {
    const names = files.map((f) => path.relative(SRC, f));
    expect(names).toEqual(expect.arrayContaining(['auth/pages/LoginPage.tsx', 'auth/pages/InvitePage.tsx']));
    expect(names).toContain('auth/LanguageSwitch.tsx');
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
    expect(Object.keys(admin)).toEqual(expect.arrayContaining([...spaAreas, 'ra']));
  });
});

/** The areas of the words only the server uses (i18n/areas.ts SERVER_AREAS): mail, the public site, receipts… */
const serverRoots = new Set(
  (await Promise.all(SERVER_AREAS.map((area) => import(`../../i18n/zh-TW/${area}.ts`)))).flatMap((m) =>
    Object.keys(m.default),
  ),
);
const spaAreas = [...areas].filter((area) => !serverRoots.has(area));

describe("the admin's first words", () => {
  // What the dashboard renders with: the admin and the dashboard and what they import statically (every other
  // screen is a lazy chunk, which waits for its later words: src/i18n/LaterWords.tsx).
  const first = reachable(
    [path.join(SRC, 'AdminApp.tsx'), path.join(SRC, 'custom/dashboard/index.tsx')],
    true,
  );
  // A store key shaped like a message key (the statistics' range, useStore).
  const firstKeys = new Set([...messageKeys(first)].filter((key) => key !== 'dashboard.range'));

  it('are looked for in the shell and the dashboard, not in the other screens', () => {
    const names = first.map((f) => path.relative(SRC, f));
    expect(names).toEqual(
      expect.arrayContaining(['layout/AppMenu.tsx', 'custom/dashboard/StatisticsCard.tsx']),
    );
    expect(names).not.toContain('custom/writer/index.tsx');
    expect(firstKeys).toContain('dashboard.shortcuts.title');
    expect(firstKeys).toContain('shell.publish');
  });

  it.each(LOCALES)('hold every key the first screen uses, in %s', async (locale) => {
    const messages = await loadMessages(locale, 'admin', []);
    // A key or the branch of keys named with it (`${words}.title`).
    const missing = [...firstKeys].filter((key) => lookup(messages, key) === undefined);
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('leave the later areas and the server words out, in %s', async (locale) => {
    const messages = await loadMessages(locale, 'admin', []);
    expect(Object.keys(messages)).not.toContain('writer');
    expect(Object.keys(messages)).not.toContain('publicSite');
    expect(Object.keys(await loadMessages(locale, 'admin'))).toContain('writer');
  });
});
