/**
 * Sharing on the built-in sandbox (issue 16 "Sharing"): the OAuth flow end to end over HTTP (dialog, consent page,
 * callback, page choice), the state per platform, tokens sealed at rest, a share posted once, a retry with the same
 * key answering the first result without posting again, Instagram refused without an image, another site's item,
 * an unpublished item, disconnect and unconnect, who may do what, and a post that holds none of its site's call turns.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import { ROLE } from '../../contract/permissions';
import type { Connection, ShareRow } from '../../contract/share';
import { type SocialSandbox, socialSandbox, socialSandboxRoutes } from '../../server/adapters/social/sandbox';
import { setSiteCallLimits, siteCallTurn } from '../../server/http/siteTurns';
import { shares, socialConnections } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let siteId: number;
let sandbox: SocialSandbox;

const doc = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

async function article(c: Client, title: string, publish = true) {
  const made = ok(
    await c.call<SaveReply>('press/save?t=1', { id: 0, title, content: doc('body'), version: 0, cover: '' }),
  );
  if (publish) ok(await c.call('press/publish?t=1', { id: made.id, mode: 1 }));
  return made.id;
}

/** Authorises `type` as a browser would: the dialog address, the sandbox's consent page, the callback. */
async function authorise(c: Client, type: 'facebook' | 'instagram', answer = 'allow') {
  const { url } = ok(await c.call<{ url: string }>('facebook/authorize', { type }));
  const dialog = new URL(url, 'http://localhost');
  expect(dialog.pathname).toBe('/social-sandbox/consent');
  const consent = await t.app.inject({ method: 'GET', url });
  expect(consent.statusCode).toBe(200);
  expect(consent.body).toContain('name="state"');
  const state = dialog.searchParams.get('state') ?? '';
  const back = await t.app.inject({
    method: 'POST',
    url: '/social-sandbox/consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state, answer }).toString(),
  });
  expect(back.statusCode).toBe(303);
  const callback = await t.app.inject({ method: 'GET', url: String(back.headers.location) });
  return callback;
}

const statusOf = async (c: Client, type: string) =>
  ok(await c.call<{ connections: Connection[] }>('facebook/status')).connections.find(
    (x) => x.platform === type,
  );

beforeAll(async () => {
  sandbox = socialSandbox();
  t = await createTestApp({ social: { provider: sandbox, routes: socialSandboxRoutes(sandbox) } });
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
});
afterAll(() => t.close());

describe('connecting', () => {
  it('starts with neither platform connected', async () => {
    expect(await statusOf(owner, 'facebook')).toMatchObject({ status: 'none' });
    expect(await statusOf(owner, 'instagram')).toMatchObject({ status: 'none' });
  });

  it('a cancelled dialog and a forged state change nothing', async () => {
    const r = await authorise(owner, 'facebook', 'deny');
    expect(r.body).toContain('data-social-result="error"');
    const forged = await t.app.inject({ method: 'GET', url: '/social/callback?code=x&state=abc.def' });
    expect(forged.statusCode).toBe(400);
    expect(await statusOf(owner, 'facebook')).toMatchObject({ status: 'none' });
  });

  it('authorises, offers the pages, and connects the chosen one with its token sealed', async () => {
    const r = await authorise(owner, 'facebook');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('data-social-result="ok"');
    const pending = await statusOf(owner, 'facebook');
    expect(pending?.status).toBe('pending');
    expect(pending?.pages.map((p) => p.id)).toEqual(['sandbox-page-1', 'sandbox-page-2']);
    expect(JSON.stringify(pending)).not.toContain('sbx_');
    // Instagram is separate.
    expect(await statusOf(owner, 'instagram')).toMatchObject({ status: 'none' });

    const unknown = await owner.call('facebook/connect', { type: 'facebook', page: 'someone-elses' });
    expect(unknown.code).toBe(Code.SOCIAL_PAGE_UNKNOWN);
    const connected = ok(
      await owner.call<Connection>('facebook/connect', { type: 'facebook', page: 'sandbox-page-2' }),
    );
    expect(connected).toMatchObject({ status: 'connected', page_id: 'sandbox-page-2', pages: [] });
    expect(JSON.stringify(connected)).not.toContain('sbx_');

    const [row] = await t.database.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.siteId, siteId));
    expect(row.tokenSealed).toMatch(/^v1\./);
    expect(row.tokenSealed).not.toContain('sbx_');
    // A second connect without a new authorisation is refused.
    const again = await owner.call('facebook/connect', { type: 'facebook', page: 'sandbox-page-1' });
    expect(again.code).toBe(Code.SOCIAL_NOT_AUTHORISED);
  });
});

describe('sharing', () => {
  let published: number;
  const execute = (body: Record<string, unknown>) => owner.call<ShareRow>('share/execute', body);

  beforeAll(async () => {
    published = await article(owner, 'Share me');
  });

  it('posts once; a retry with the same key answers the first result and posts nothing', async () => {
    const before = sandbox.posts.length;
    const status = ok(
      await owner.call<{ message: string; link: string; published: boolean }>('share/status', {
        id: published,
      }),
    );
    expect(status).toMatchObject({ message: 'Share me', published: true });
    expect(status.link).toMatch(/^https?:\/\//);
    const body = { id: published, message: 'Read it', image: '', platform: 'facebook', key: 'attempt-0001' };
    const first = ok(await execute(body));
    expect(first).toMatchObject({
      status: 'posted',
      platform: 'facebook',
      message: 'Read it',
      link: status.link,
    });
    expect(first.remote_id).toBeTruthy();
    expect(sandbox.posts.length).toBe(before + 1);
    expect(sandbox.posts.at(-1)).toMatchObject({ accountId: 'sandbox-page-2', message: 'Read it' });

    const retry = ok(await execute(body));
    expect(retry).toEqual(first);
    const both = await Promise.all([execute(body), execute(body)]);
    for (const r of both) expect(ok(r).id).toBe(first.id);
    expect(sandbox.posts.length).toBe(before + 1);

    const next = ok(await execute({ ...body, key: 'attempt-0002' }));
    expect(next.id).not.toBe(first.id);
    expect(sandbox.posts.length).toBe(before + 2);
    const shown = ok(await owner.call<{ shares: ShareRow[] }>('share/status', { id: published }));
    expect(shown.shares.map((s) => s.id)).toEqual([next.id, first.id]);
  });

  it("posts while the site's every call turn is held: a wait on the platform takes none (siteTurns.ts)", async () => {
    setSiteCallLimits({ perSite: 1, queuePerSite: 8, queueWaitMs: 50 });
    const turn = siteCallTurn({} as FastifyRequest, siteId);
    try {
      expect(turn).toBeTypeOf('function');
      const posted = ok(
        await execute({ id: published, message: 'Busy', image: '', platform: 'facebook', key: 'busy-0001' }),
      );
      expect(posted.status).toBe('posted');
      // A call that reads the database waits for that turn, and is refused once its wait runs out.
      expect((await owner.call('share/status', { id: published })).code).toBe(Code.SITE_BUSY);
    } finally {
      if (typeof turn === 'function') turn();
      setSiteCallLimits(undefined);
    }
  });

  it('refuses Instagram without an image, and shares to it once connected with one', async () => {
    const none = await execute({
      id: published,
      message: 'x',
      image: '',
      platform: 'instagram',
      key: 'ig-attempt-1',
    });
    expect(none.code).toBe(Code.SOCIAL_NEEDS_IMAGE);
    const notYet = await execute({
      id: published,
      message: 'x',
      image: '/uploads/cover.jpg',
      platform: 'instagram',
      key: 'ig-attempt-2',
    });
    expect(notYet.code).toBe(Code.SOCIAL_NOT_CONNECTED);
    await authorise(owner, 'instagram');
    ok(await owner.call('facebook/connect', { type: 'instagram', page: 'sandbox-ig-1' }));
    const posted = ok(
      await execute({
        id: published,
        message: 'Pic',
        image: '/uploads/cover.jpg',
        platform: 'instagram',
        key: 'ig-attempt-3',
      }),
    );
    expect(posted.status).toBe('posted');
    expect(sandbox.posts.at(-1)).toMatchObject({
      platform: 'instagram',
      accountId: 'sandbox-ig-1',
      imageUrl: `${t.config.publicUrl}/uploads/cover.jpg`,
    });
    expect(await statusOf(owner, 'facebook')).toMatchObject({ status: 'connected' });
  });

  it("refuses an unpublished item, another site's item, and a bad key", async () => {
    const draft = await article(owner, 'Draft', false);
    const r = await execute({
      id: draft,
      message: 'x',
      image: '',
      platform: 'facebook',
      key: 'draft-attempt',
    });
    expect(r.code).toBe(Code.SHARE_NOT_PUBLISHED);
    const other = await register(t, 'other-sharer@example.com');
    const theirs = await article(other, 'Theirs');
    const foreign = await execute({
      id: theirs,
      message: 'x',
      image: '',
      platform: 'facebook',
      key: 'foreign-attempt',
    });
    expect(foreign.status).toBe(404);
    expect((await owner.call('share/status', { id: theirs })).status).toBe(404);
    const bad = await execute({ id: published, message: 'x', image: '', platform: 'facebook', key: 'a b<>' });
    expect(bad.code).toBe(Code.VALIDATION);
    const badImage = await execute({
      id: published,
      message: 'x',
      image: 'javascript:x',
      platform: 'facebook',
      key: 'img-attempt',
    });
    expect(badImage.code).toBe(Code.VALIDATION);
    const rows = await t.database.db.select().from(shares).where(eq(shares.requestKey, 'draft-attempt'));
    expect(rows).toEqual([]);
  });
});

describe('disconnect, unconnect and permissions', () => {
  it('checks permissions: settings for connections, post.edit for sharing', async () => {
    const editor = await staffOf(t, siteId, 'share-editor@example.com', ROLE.EDITOR);
    expect((await editor.call('facebook/authorize', { type: 'facebook' })).status).toBe(403);
    expect((await editor.call('facebook/disconnect', { type: 'facebook' })).status).toBe(403);
    const id = await article(owner, 'Editor shares');
    ok(await editor.call('share/status', { id }));
    const shop = await staffOf(t, siteId, 'share-shop@example.com', ROLE.ECOMMERCE);
    expect(
      (
        await shop.call('share/execute', {
          id,
          message: 'x',
          image: '',
          platform: 'facebook',
          key: 'shop-attempt',
        })
      ).status,
    ).toBe(403);
  });

  it('disconnect forgets the token and keeps the row; unconnect removes it', async () => {
    const off = ok(await owner.call<Connection>('facebook/disconnect', { type: 'facebook' }));
    expect(off).toMatchObject({ status: 'disconnected', page_name: expect.any(String) });
    const [row] = await t.database.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.platform, 'facebook'));
    expect(row).toMatchObject({ status: 'disconnected', tokenSealed: '' });
    const id = await article(owner, 'After disconnect');
    const r = await owner.call('share/execute', {
      id,
      message: 'x',
      image: '',
      platform: 'facebook',
      key: 'after-disc',
    });
    expect(r.code).toBe(Code.SOCIAL_NOT_CONNECTED);

    await authorise(owner, 'facebook');
    expect(await statusOf(owner, 'facebook')).toMatchObject({ status: 'pending' });
    expect(ok(await owner.call<Connection>('facebook/unconnect', { type: 'facebook' }))).toMatchObject({
      status: 'none',
    });
    expect(await statusOf(owner, 'facebook')).toMatchObject({ status: 'none' });
    expect(await statusOf(owner, 'instagram')).toMatchObject({ status: 'connected' });
  });
});
