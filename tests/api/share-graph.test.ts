/**
 * The Graph API client's HTTP contract (server/adapters/social/graph.ts) against a local fake Graph server
 * (tests/fixtures/fakeGraph.ts), through the app: the dialog address, the code exchange and the pages at the
 * callback, the page token at connect, a feed post, Instagram's media + media_publish, a rate limit (429 with
 * Retry-After, then success) retried, a platform that does not answer (timeout), a rate limit that lasts answered 3633 and recorded failed, and error 190 leaving
 * the connection disconnected.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import type { Connection, ShareRow } from '../../contract/share';
import { shares, socialConnections } from '../../server/modules/tables';
import { type FakeGraph, startFakeGraph } from '../fixtures/fakeGraph';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let graph: FakeGraph;
let article: number;

async function connectVia(type: 'facebook' | 'instagram', page: string) {
  const { url } = ok(await owner.call<{ url: string }>('facebook/authorize', { type }));
  const dialog = new URL(url);
  expect(`${dialog.origin}${dialog.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth');
  expect(dialog.searchParams.get('client_id')).toBe(graph.appId);
  expect(dialog.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/social/callback`);
  const state = dialog.searchParams.get('state') ?? '';
  const back = await t.app.inject({
    method: 'GET',
    url: `/social/callback?${new URLSearchParams({ code: graph.code(), state })}`,
  });
  expect(back.statusCode, back.body).toBe(200);
  return ok(await owner.call<Connection>('facebook/connect', { type, page }));
}

const share = (body: Record<string, unknown>) =>
  owner.call<ShareRow>('share/execute', {
    id: article,
    message: 'Hello',
    image: '',
    platform: 'facebook',
    ...body,
  });

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await createTestApp({
    config: {
      social: {
        provider: 'graph',
        graph: {
          appId: graph.appId,
          appSecret: graph.appSecret,
          graphUrl: graph.url,
          dialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
          timeoutMs: 1500,
          attempts: 3,
          backoffMs: 5,
        },
      },
    },
  });
  ({ owner } = await signInOwner(t));
  const made = ok(
    await owner.call<SaveReply>('press/save?t=1', {
      id: 0,
      title: 'Graph',
      content: { blocks: [{ type: 'paragraph', data: { text: 'x' } }] },
      version: 0,
    }),
  );
  ok(await owner.call('press/publish?t=1', { id: made.id, mode: 1 }));
  article = made.id;
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

describe('the Graph API contract', () => {
  it('exchanges the code, lists the pages and keeps the chosen page token', async () => {
    const c = await connectVia('facebook', '1001');
    expect(c).toMatchObject({ status: 'connected', page_id: '1001', page_name: 'Fake Page' });
    const exchange = graph.requests.filter((r) => r.path === 'oauth/access_token');
    expect(exchange[0]?.params).toMatchObject({ client_id: graph.appId, client_secret: graph.appSecret });
    expect(exchange[1]?.params).toMatchObject({
      grant_type: 'fb_exchange_token',
      client_secret: graph.appSecret,
    });
    expect(graph.requests.filter((r) => r.path === 'me/accounts')).toHaveLength(2);
  });

  it('posts to the page feed with the message and the link', async () => {
    const r = ok(await share({ key: 'graph-feed-1' }));
    expect(r.status).toBe('posted');
    expect(graph.posts).toHaveLength(1);
    expect(graph.posts[0]).toMatchObject({ account: '1001', kind: 'feed', params: { message: 'Hello' } });
    expect(graph.posts[0].params.link).toBe(r.link);
  });

  it('waits out a 429 with Retry-After, then posts once', async () => {
    graph.next.push({ status: 429, retryAfter: 1 });
    const started = Date.now();
    const r = ok(await share({ key: 'graph-429-1' }));
    expect(r.status).toBe('posted');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(graph.posts).toHaveLength(2);
  });

  it('gives up on a lasting rate limit with 3633, records it failed, and a retry asks nothing', async () => {
    graph.next.push({ code: 613 }, { code: 4 }, { code: 32 });
    const before = graph.requests.length;
    const r = await share({ key: 'graph-limit-1' });
    expect(r.code).toBe(Code.SOCIAL_RATE_LIMITED);
    expect(graph.requests.length - before).toBe(3);
    const [row] = await t.database.db.select().from(shares).where(eq(shares.requestKey, 'graph-limit-1'));
    expect(row.status).toBe('failed');
    const again = await share({ key: 'graph-limit-1' });
    expect(again.code).toBe(Code.SOCIAL_RATE_LIMITED);
    expect(graph.requests.length - before).toBe(3);
    expect(graph.posts).toHaveLength(2);
  });

  it('a platform that does not answer in time is 3635, the share recorded failed', async () => {
    graph.next.push({ hang: true });
    const r = await share({ key: 'graph-hang-1' });
    expect(r.code).toBe(Code.SOCIAL_FAILED);
    const [row] = await t.database.db.select().from(shares).where(eq(shares.requestKey, 'graph-hang-1'));
    expect(row).toMatchObject({ status: 'failed', remoteId: null });
    expect(graph.posts).toHaveLength(2);
  });

  it('publishes to Instagram in two steps with the image address', async () => {
    await connectVia('instagram', '17841400000000001');
    const r = ok(
      await share({ key: 'graph-ig-1', platform: 'instagram', image: 'https://cdn.example.com/a.jpg' }),
    );
    expect(r.status).toBe('posted');
    const media = graph.requests.filter((q) => q.path.startsWith('17841400000000001/'));
    expect(media.map((q) => q.path)).toEqual(['17841400000000001/media', '17841400000000001/media_publish']);
    expect(media[0].params).toMatchObject({ image_url: 'https://cdn.example.com/a.jpg' });
    expect(graph.posts.at(-1)).toMatchObject({ kind: 'media', account: '17841400000000001' });
  });

  it('error 190 (expired token) answers 3634 and leaves the connection disconnected', async () => {
    graph.next.push({ code: 190 });
    const r = await share({ key: 'graph-190-1' });
    expect(r.code).toBe(Code.SOCIAL_TOKEN_EXPIRED);
    const [row] = await t.database.db
      .select()
      .from(socialConnections)
      .where(and(eq(socialConnections.platform, 'facebook')));
    expect(row).toMatchObject({ status: 'disconnected', tokenSealed: '' });
    const status = ok(await owner.call<{ connections: Connection[] }>('facebook/status'));
    expect(status.connections.find((c) => c.platform === 'facebook')?.status).toBe('disconnected');
    expect(status.connections.find((c) => c.platform === 'instagram')?.status).toBe('connected');
    const after = await share({ key: 'graph-190-2' });
    expect(after.code).toBe(Code.SOCIAL_NOT_CONNECTED);
  });
});
