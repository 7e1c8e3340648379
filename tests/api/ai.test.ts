/**
 * The AI helper offline (issue 16): suggestions for a zh-TW and an en article from the extractive provider, tags
 * from the site's own tags first, the slug in pinyin, the monthly quota (counted in the site's time zone, exhausted,
 * never exceeded by concurrent calls), the empty source refused, another site's item refused, who may ask.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import type { AiSuggestion, AiUsage } from '../../contract/intelligence';
import { ROLE } from '../../contract/permissions';
import { aiUsage, sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  ok,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let demoSiteId: number;

const ZH_TEXT =
  '台北市政府今天宣布，捷運環狀線將於明年通車。捷運環狀線連接新北市與台北市，沿線設有十四個車站。' +
  '市長表示，捷運環狀線通車後，通勤時間可望縮短二十分鐘，對於每天搭乘捷運的上班族來說是一大好消息。' +
  '另外，天氣晴朗，許多市民在公園散步。';
const EN_TEXT =
  'The city council approved a new bicycle lane network on Monday. The bicycle lanes will connect the downtown ' +
  'area with the university campus. Council members said the bicycle network should reduce traffic and pollution. ' +
  'The weather was sunny.';

async function publishArticle(c: Client, title: string, text: string, langId = 1): Promise<number> {
  const made = ok(
    await c.call<SaveReply>('press/save?t=1', {
      id: 0,
      title,
      lang_id: langId,
      content: { blocks: [{ type: 'paragraph', data: { text } }] },
      version: 0,
    }),
  );
  ok(await c.call('press/publish?t=1', { id: made.id, mode: 1 }));
  return made.id;
}

const status = async (c: Client) => ok(await c.call<AiUsage>('intelligence/status', {}));
const setUsed = async (siteId: number, month: string, used: number) => {
  await t.database.db.delete(aiUsage).where(and(eq(aiUsage.siteId, siteId), eq(aiUsage.month, month)));
  await t.database.db.insert(aiUsage).values({ siteId, month, used });
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId } = await signInOwner(t));
  // The site's own articles give the word statistics; its tags are suggested first.
  await publishArticle(owner, '台北市天氣', '台北市今天天氣晴朗，市民出門散步，公園裡人很多。');
  await publishArticle(owner, '新北市公園', '新北市政府宣布公園整修，預計年底完成。');
  ok(await owner.call('press/save_tag', { name: '大眾運輸' }));
  ok(await owner.call('press/save_tag', { name: '捷運' }));
  ok(await owner.call('press/save_tag', { name: 'Bicycle' }));
});

afterAll(() => t.close());

describe('offline suggestions', () => {
  it('suggests tags for a zh-TW article: the site tag it names first, then new phrases', async () => {
    const r = ok(await owner.call<AiSuggestion>('intelligence/tags', { content: ZH_TEXT, lang_id: 1 }));
    expect(r.provider).toBe('extractive');
    expect(r.kind).toBe('tags');
    expect(r.result[0]).toBe('捷運');
    // The site's tags (the demo site has some of its own) come first, then new keywords.
    expect(r.additional.existing).toContain('捷運');
    expect(r.result.slice(0, r.additional.existing.length)).toEqual(r.additional.existing);
    // A recurring phrase, whole (the dictionary cuts it 捷運|環狀|線).
    expect(r.result).toContain('捷運環狀線');
    expect(r.result).not.toContain('環狀');
    expect(r.result).not.toContain('大眾運輸'); // a site tag the text does not name
    expect(r.result.length).toBeLessThanOrEqual(10);
    expect(new Set(r.result).size).toBe(r.result.length);
  });

  it('suggests tags for an en article, with the site tag spelt as the site has it', async () => {
    const r = ok(await owner.call<AiSuggestion>('intelligence/tags', { content: EN_TEXT, lang_id: 3 }));
    expect(r.result[0]).toBe('Bicycle');
    expect(r.additional.existing).toEqual(['Bicycle']);
    expect(r.result.map((x) => x.toLowerCase())).not.toContain('the');
    expect(r.result).toContain('council');
  });

  it('suggests a pinyin slug of the key phrase', async () => {
    const zh = ok(await owner.call<AiSuggestion>('intelligence/slug', { content: ZH_TEXT }));
    expect(zh.result).toHaveLength(1);
    expect(zh.result[0]).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(zh.result[0]).toContain('jie-yun');
    const en = ok(await owner.call<AiSuggestion>('intelligence/slug', { content: EN_TEXT, lang_id: 3 }));
    expect(en.result[0]).toMatch(/bicycle/);
  });

  it('suggests a summary of central sentences within 120 characters', async () => {
    const zh = ok(await owner.call<AiSuggestion>('intelligence/summary', { content: ZH_TEXT }));
    expect([...zh.result[0]].length).toBeLessThanOrEqual(120);
    expect(zh.result[0]).toContain('捷運環狀線');
    expect(zh.result[0]).not.toContain('公園散步');
    const en = ok(await owner.call<AiSuggestion>('intelligence/summary', { content: EN_TEXT, lang_id: 3 }));
    expect(en.result[0]).toContain('bicycle');
    expect(en.result[0]).not.toContain('weather');
  });

  it('answers `suggest {type, value, lang}` the same way', async () => {
    const r = ok(
      await owner.call<AiSuggestion>('intelligence/suggest', { type: 'tags', value: ZH_TEXT, lang: 1 }),
    );
    expect(r.result[0]).toBe('捷運');
  });

  it('uses the saved item’s language when given its id', async () => {
    const id = await publishArticle(owner, 'Bikes', EN_TEXT, 3);
    const r = ok(await owner.call<AiSuggestion>('intelligence/tags', { id, content: EN_TEXT }));
    expect(r.result[0]).toBe('Bicycle');
  });

  it('refuses an empty source with 此欄位為必填 and counts nothing', async () => {
    const before = await status(owner);
    for (const content of ['', '   ']) {
      expect(fieldErrors(await owner.call('intelligence/summary', { content }))).toEqual({
        content: '此欄位為必填',
      });
    }
    expect(fieldErrors(await owner.call('intelligence/suggest', { type: 'slug', value: '' }))).toEqual({
      value: '此欄位為必填',
    });
    expect((await status(owner)).usage).toBe(before.usage);
  });

  it('refuses unknown kinds and fields without a 500', async () => {
    expect((await owner.call('intelligence/suggest', { type: 'delete', value: 'x' })).code).toBe(
      Code.VALIDATION,
    );
    expect((await owner.call('intelligence/tags', { content: 'x', act: 'drop' })).code).toBe(Code.VALIDATION);
    expect((await owner.call('intelligence/tags', { content: 'x'.repeat(50_001) })).code).toBe(
      Code.VALIDATION,
    );
  });
});

describe('the monthly quota', () => {
  it('counts each suggestion against the plan’s quota', async () => {
    const before = await status(owner);
    expect(before.quota).toBe(500); // the demo site's plan (TEAM)
    const r = ok(await owner.call<AiSuggestion>('intelligence/summary', { content: EN_TEXT }));
    expect(r.usage).toBe(before.usage + 1);
    expect(r.remain).toBe(before.quota - before.usage - 1);
    expect(await status(owner)).toMatchObject({ usage: before.usage + 1, remain: r.remain });
  });

  it('counts in the month of the site’s time zone', async () => {
    // 2030-01-31 17:30 UTC is already February in Taipei.
    t.clock.advance(Date.UTC(2030, 0, 31, 17, 30) - t.clock.now);
    ({ owner } = await signInOwner(t)); // the old session has expired meanwhile
    expect((await status(owner)).month).toBe('2030-02');
    await t.database.db.update(sites).set({ timezone: 'Europe/London' }).where(eq(sites.id, demoSiteId));
    expect((await status(owner)).month).toBe('2030-01');
    await t.database.db.update(sites).set({ timezone: 'Asia/Taipei' }).where(eq(sites.id, demoSiteId));
  });

  it('refuses once the quota is used up, and status says 0 remain', async () => {
    const { month, quota } = await status(owner);
    await setUsed(demoSiteId, month, quota - 1);
    ok(await owner.call('intelligence/tags', { content: ZH_TEXT }));
    const refused = await owner.call('intelligence/tags', { content: ZH_TEXT });
    expect(refused).toMatchObject({
      status: 200,
      code: Code.AI_QUOTA_USED_UP,
      msg: '本月的 AI 小幫手次數已用完。',
    });
    expect((await owner.call('intelligence/stream', { kind: 'tags', content: ZH_TEXT })).code).toBe(
      Code.AI_QUOTA_USED_UP,
    );
    expect(await status(owner)).toMatchObject({ usage: quota, remain: 0 });
  });

  it('never goes over the quota with concurrent calls', async () => {
    const { month, quota } = await status(owner);
    await setUsed(demoSiteId, month, quota - 3);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => owner.call('intelligence/slug', { content: EN_TEXT })),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(3);
    expect(replies.filter((r) => r.code === Code.AI_QUOTA_USED_UP)).toHaveLength(7);
    expect(await status(owner)).toMatchObject({ usage: quota, remain: 0 });
  });

  it('a new month starts again', async () => {
    t.clock.advance(40 * 24 * 3600_000);
    ({ owner } = await signInOwner(t));
    const s = await status(owner);
    expect(s).toMatchObject({ usage: 0, remain: 500 });
  });

  it('does not count a text with nothing to suggest', async () => {
    const before = await status(owner);
    const r = ok(await owner.call<AiSuggestion>('intelligence/slug', { content: '🙂🙂 ！！' }));
    expect(r.result).toEqual([]);
    expect((await status(owner)).usage).toBe(before.usage);
  });
});

describe('streaming offline', () => {
  it('streams the result as server-sent events', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/intelligence/stream',
      headers: {
        'content-type': 'application/json',
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: JSON.stringify({ kind: 'summary', content: EN_TEXT }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const result = res.body.split('\n\n').find((e) => e.startsWith('event: result'));
    const data = JSON.parse(result?.split('\ndata: ')[1] ?? '{}') as AiSuggestion;
    expect(data.result[0]).toContain('bicycle');
  });
});

describe('who may ask', () => {
  it('refuses an item of another site', async () => {
    const other = await register(t, 'ai-other@example.com');
    const theirs = ok(
      await other.call<SaveReply>('press/save?t=1', {
        id: 0,
        title: 'x',
        content: { blocks: [] },
        version: 0,
      }),
    );
    const r = await owner.call('intelligence/tags', { id: theirs.id, content: ZH_TEXT });
    expect(r).toMatchObject({ status: 404, code: Code.NOT_FOUND });
  });

  it('a site without a plan has no quota', async () => {
    const other = await register(t, 'ai-noplan@example.com');
    expect(await status(other)).toMatchObject({ quota: 0, remain: 0 });
    expect((await other.call('intelligence/tags', { content: ZH_TEXT })).code).toBe(Code.AI_QUOTA_USED_UP);
  });

  it('needs post.edit', async () => {
    const shop = await staffOf(t, demoSiteId, 'ai-shop@example.com', ROLE.ECOMMERCE);
    expect((await shop.call('intelligence/tags', { content: ZH_TEXT })).status).toBe(403);
    expect((await shop.call('intelligence/status', {})).status).toBe(403);
    const editor = await staffOf(t, demoSiteId, 'ai-editor@example.com', ROLE.EDITOR);
    ok(await editor.call('intelligence/tags', { content: ZH_TEXT }));
    expect((await t.client().call('intelligence/tags', { content: ZH_TEXT })).status).toBe(401);
  });
});
