/**
 * member/status's reply is written from parts kept between calls (auth/service.ts, issue 31): the person, the
 * permission lists, the sites and the role. What a kept part shows must be what a fresh read shows: a warm instance
 * answers what a cold one does, a site renamed behind the app's back shows at once (the sites are read on every call
 * and compared), and the role is named in each caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../contract/session';
import { t } from '../../server/i18n';
import {
  type Client,
  createTestApp,
  ok,
  rawSql,
  sameSessionOn,
  signInOwner,
  type TestApp,
} from '../fixtures/testApp';

let a: TestApp;
let b: TestApp;
let owner: Client;
let siteId: number;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ shareWith: a });
  ({ owner, demoSiteId: siteId } = await signInOwner(a));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const status = async (c: Client, headers: Record<string, string> = {}) => {
  const { meta, ...rest } = ok(await c.call<Session>('member/status', {}, headers));
  expect(meta.server_time).toBeGreaterThan(0);
  return rest;
};

describe('member/status from kept parts', () => {
  it('a warm instance answers what a cold one reads', async () => {
    await status(owner);
    const warm = await status(owner);
    expect(await status(sameSessionOn(b, owner))).toEqual(warm);
    expect(warm.user?.permissions.length).toBeGreaterThan(0);
    expect(warm.site.current?.id).toBe(siteId);
  });

  it('shows a site renamed behind the app at once, in the current site and the list', async () => {
    const before = await status(owner);
    await rawSql(a, `update sites set name = $1, badges = '[1, 2]'::jsonb where id = $2`, [
      '改名的網站',
      siteId,
    ]);
    const s = await status(owner);
    expect(before.site.current?.badge).not.toEqual([1, 2]);
    expect(s.site.current?.badge).toEqual([1, 2]);
    expect(s.site.current?.name).toBe('改名的網站');
    expect(s.site.list.find((x) => x.id === siteId)?.name).toBe('改名的網站');
  });

  it("names the role in each caller's language, back and forth", async () => {
    for (const lang of ['en', 'ja', 'zh-TW', 'en'] as const) {
      const s = await status(owner, { 'accept-language': lang });
      expect(s.role?.name).toBe(t(lang, `roles.${s.role?.id}`));
    }
    expect(t('en', 'roles.1')).not.toBe(t('zh-TW', 'roles.1'));
  });
});
