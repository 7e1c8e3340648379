/**
 * Issue 27 item 2: the AI helper never reads an item's paid part. The paid sentences here are the ones a summariser
 * picks (long, central); a client that sends the whole text for a saved item (as the writer did) still gets a
 * summary, tags and slug without them, by the envelope and by the stream; accepted and published, the summary is the
 * page's description and the paid text is in no head tag. Items out of the caller's sight are 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaveReply } from '../../contract/content';
import type { AiSuggestion, AiUsage } from '../../contract/intelligence';
import { sitePage } from '../fixtures/readers';
import {
  type Client,
  createTestApp,
  customRole,
  ok,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

const FREE = '市府今天說明交通計畫。';
/** Central to the whole text (its words recur everywhere), so a summary of the whole text picks them. */
const PAID = [
  '捷運環狀線北環段將於明年底通車，捷運環狀線北環段連接新北市與台北市的捷運路網。',
  '捷運環狀線北環段通車後，捷運環狀線的通勤時間可望縮短二十分鐘。',
];
const PAID_WORD = '北環段';

const para = (text: string) => ({ type: 'paragraph', data: { text } });
const article = {
  title: '交通計畫',
  slug: 'ai-paid',
  content: {
    blocks: [
      { type: 'header', data: { text: '交通', level: 2 } },
      para(FREE),
      { type: 'paid', data: {} },
      ...PAID.map(para),
    ],
  },
};
/** What the writer sent before the fix: every heading and paragraph, one a line, paid part included. */
const WHOLE_TEXT = ['交通', FREE, ...PAID].join('\n');

let t: TestApp;
let owner: Client;
let demoSiteId: number;
let id: number;

const leaks = (text: string) => PAID.some((s) => text.includes(s.slice(0, 12))) || text.includes(PAID_WORD);
const status = async () => ok(await owner.call<AiUsage>('intelligence/status', {}));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
  id = ok(await owner.call<SaveReply>('press/save?t=1', { id: 0, version: 0, ...article })).id;
});

afterAll(() => t.close());

describe('a saved item with a paid section', () => {
  it('a summary of the whole text would be the paid sentences (the test text is one that leaks)', async () => {
    const r = ok(await owner.call<AiSuggestion>('intelligence/summary', { content: WHOLE_TEXT, lang_id: 1 }));
    expect(leaks(r.result[0])).toBe(true);
  });

  it('summary, tags and slug never read its paid part, even when the client sends it', async () => {
    for (const kind of ['summary', 'tags', 'slug'] as const) {
      const r = ok(
        await owner.call<AiSuggestion>(`intelligence/${kind}`, { id, type: 1, content: WHOLE_TEXT }),
      );
      expect(r.result.length, kind).toBeGreaterThan(0);
      expect(leaks(r.result.join(' ')), `${kind}: ${r.result}`).toBe(false);
      if (kind === 'slug') expect(r.result[0]).not.toContain('bei-huan');
    }
    const r = ok(
      await owner.call<AiSuggestion>('intelligence/suggest', { type: 'summary', value: WHOLE_TEXT, id }),
    );
    expect(r.result[0]).toContain('交通計畫');
  });

  it('a paid sentence glued to a free one is cut out too', async () => {
    const glued = `${FREE}${PAID[0]}${PAID[1]}`;
    const r = ok(await owner.call<AiSuggestion>('intelligence/summary', { id, content: glued }));
    expect(leaks(r.result[0])).toBe(false);
  });

  it('streams without the paid part', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/intelligence/stream',
      headers: {
        'content-type': 'application/json',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: JSON.stringify({ kind: 'summary', id, content: WHOLE_TEXT }),
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('event: result');
    expect(leaks(res.body)).toBe(false);
  });

  it('a text that is all paid suggests nothing and counts nothing', async () => {
    const before = await status();
    const r = ok(await owner.call<AiSuggestion>('intelligence/summary', { id, content: PAID.join('\n') }));
    expect(r.result).toEqual([]);
    expect((await status()).usage).toBe(before.usage);
  });

  it('the live version’s paid part stays unread after the draft drops it', async () => {
    const live = ok(
      await owner.call<SaveReply>('press/save?t=1', { id: 0, version: 0, ...article, slug: 'ai-paid-live' }),
    );
    ok(await owner.call('press/publish?t=1', { id: live.id, mode: 1 }));
    const got = ok(await owner.call<{ version: number }>('press/get?t=1', { id: live.id }));
    ok(
      await owner.call('press/save?t=1', {
        ...article,
        id: live.id,
        slug: 'ai-paid-live',
        version: got.version,
        content: { blocks: [para(FREE)] },
      }),
    );
    const r = ok(
      await owner.call<AiSuggestion>('intelligence/summary', { id: live.id, content: WHOLE_TEXT }),
    );
    expect(leaks(r.result[0])).toBe(false);
  });

  it('accepted and published, the summary is the public description without a paid sentence', async () => {
    const summary = ok(await owner.call<AiSuggestion>('intelligence/summary', { id, content: WHOLE_TEXT }))
      .result[0];
    const got = ok(await owner.call<{ version: number }>('press/get?t=1', { id }));
    ok(
      await owner.call('press/save?t=1', {
        ...article,
        id,
        version: got.version,
        seo: { title: '', content: summary },
      }),
    );
    ok(await owner.call('press/publish?t=1', { id, mode: 1 }));
    const page = await sitePage(t, '/post/ai-paid');
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(`<meta name="description" content="${summary}"`);
    expect(leaks(head)).toBe(false);
  });

  it('an item out of the caller’s sight is 404, before anything is counted', async () => {
    // A writer who sees only their own items.
    const role = await customRole(t, demoSiteId, '撰稿', ['post.view', 'post.edit']);
    const editor = await staffOf(t, demoSiteId, 'ai-paid-writer@example.com', role);
    const draft = ok(
      await owner.call<SaveReply>('press/save?t=1', {
        id: 0,
        version: 0,
        title: '草稿',
        content: { blocks: [] },
      }),
    );
    const before = await status();
    expect(await editor.call('intelligence/summary', { id: draft.id, content: FREE })).toMatchObject({
      status: 404,
    });
    expect(
      await editor.call('intelligence/stream', { kind: 'summary', id: draft.id, content: FREE }),
    ).toMatchObject({ status: 404 });
    // Of another type than the item's: not found either.
    expect(await owner.call('intelligence/tags', { id, type: 4, content: FREE })).toMatchObject({
      status: 404,
    });
    expect((await status()).usage).toBe(before.usage);
  });
});
