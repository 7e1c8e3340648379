/**
 * What the browser is promised: signing in through `/auth/login?goback=…` never lands on another host.
 */
import { expect, OWNER, signIn, test } from './fixtures';

/** Ways off the site through goback; the first three are from the outside review. */
const ATTACKS = [
  '/..//evil.example/phish',
  '/./\\evil.example',
  '/%2e%2e//evil.example',
  '/.%2E//evil.example/phish',
  '/a/../..//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/%2F%2Fevil.example',
  'https:evil.example',
  'HTTPS://evil.example/',
  'javascript:alert(document.domain)',
];

test.describe('the way back after sign-in', () => {
  test.beforeEach(async ({ context }) => {
    // Were the app to follow an attack, the browser would show this page instead of a network error.
    await context.route(/^https?:\/\/evil\.example\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>phished</h1>' }),
    );
  });

  for (const attack of ATTACKS) {
    test(`stays on the site for goback=${JSON.stringify(attack)}`, async ({ page, world }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`/auth/login?goback=${encodeURIComponent(attack)}`);
      await signIn(page, OWNER.email, OWNER.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
      expect(new URL(page.url()).origin).toBe(world.url);
      await expect(page).toHaveURL(`${world.url}/`);
      await expect(page.getByRole('heading', { name: 'phished' })).toHaveCount(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('an address whose path reads as another host stays on the site, signed out and signed in', async ({
    page,
    world,
  }) => {
    // The app answers `/%2F%2Fevil.example` (its 404); a router that decoded the path would read `//evil.example`.
    await page.goto(`${world.url}/%2F%2Fevil.example`);
    await expect(page).toHaveURL(
      `${world.url}/auth/login?goback=${encodeURIComponent('/%2F%2Fevil.example')}`,
    );
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(`${world.url}/`);
    await page.goto(`${world.url}/%2F%2Fevil.example`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    // The server refuses `//evil.example/phish` (also the browser's reading of `/\evil.example`) as a bad request.
    for (const path of ['//evil.example/phish', '/\\evil.example']) {
      const reply = await page.goto(`${world.url}${path}`);
      expect(reply?.status()).toBe(400);
      expect(new URL(page.url()).origin).toBe(world.url);
    }
  });

  test('a way back on the site still works', async ({ page, world }) => {
    await page.goto(`/auth/login?goback=${encodeURIComponent('/press')}`);
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page).toHaveURL(new RegExp(`^${world.url}/press(\\?.*)?$`));
  });
});
