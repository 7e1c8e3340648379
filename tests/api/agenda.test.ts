/**
 * The agenda excerpt (SPEC §9, 100 characters; contract/blockText.ts agendaOf) where items are listed in compact
 * form: press/list rows (the home settings' article picker, the e-paper list), press/search hits (the writer's
 * related picker), the public site's related articles, and an e-paper mail's summary line (its preheader).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaOf } from '../../contract/blockText';
import type { ContentRow, SaveReply, TitledAgenda } from '../../contract/content';
import type { ListResult } from '../../contract/list';
import { letterOf } from '../../server/modules/epaper/mail';
import { contents, type EpaperAudience, sites } from '../../server/modules/tables';
import { siteUrl } from '../../server/modules/tenancy/sites';
import { buildPageContext } from '../../server/public/context';
import { type Client, createTestApp, ok, register, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let siteId: number;

/** 150 characters of paragraph text: an abstract of 120, an agenda of 99 and an ellipsis. */
const LONG = `${'議程'.repeat(40)}　後段文字${'尾'.repeat(65)}`;
const expected = `${[...LONG.replace(/\s+/g, ' ')].slice(0, 99).join('')}…`;

const save = (type: number, body: Record<string, unknown>) =>
  owner.call<SaveReply>(`press/save?t=${type}`, {
    id: 0,
    title: '',
    content: { blocks: [] },
    version: 0,
    ...body,
  });
const para = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
});
afterAll(async () => {
  await t?.close();
});

describe('agenda excerpt in compact lists', () => {
  it('press/list rows answer it: from the abstract, else the subtitle, for posts, pages and e-papers', async () => {
    expect([...expected]).toHaveLength(100);
    for (const type of [1, 3, 4]) {
      const long = ok(await save(type, { title: `議程長文 ${type}`, content: para(LONG) }));
      const bare = ok(await save(type, { title: `議程無內文 ${type}`, subtitle: '只有  副標題' }));
      const { rows } = ok(
        await owner.call<ListResult<ContentRow>>(`press/list?t=${type}`, {
          query: { size: 50, filters: [{ col: 'keyword', value: '議程', type: 'search' }] },
        }),
      );
      expect(rows.find((r) => r.id === long.id)?.agenda).toBe(expected);
      expect(rows.find((r) => r.id === bare.id)?.agenda).toBe('只有 副標題');
    }
  });

  it("press/search hits (the writer's related picker) answer it", async () => {
    const made = ok(await save(1, { title: '相關候選文章', content: para(LONG) }));
    const hits = ok(await owner.call<TitledAgenda[]>('press/search?t=1', { query: '相關候選' }));
    expect(hits.find((h) => h.id === made.id)).toEqual({
      id: made.id,
      title: '相關候選文章',
      agenda: expected,
    });
    // Another site finds nothing of it.
    const other = await register(t, 'agenda-other@example.com');
    expect(ok(await other.call<TitledAgenda[]>('press/search?t=1', { query: '相關候選' }))).toEqual([]);
  });

  it("the public site's related articles carry it", async () => {
    const one = ok(await save(1, { title: '被引用的文章', slug: 'agenda-related', content: para(LONG) }));
    ok(await owner.call('press/publish?t=1', { id: one.id, mode: 1 }));
    const made = ok(
      await save(1, {
        title: '有相關文章',
        slug: 'agenda-main',
        content: para('正文'),
        related: 4,
        custom: [one.id],
      }),
    );
    ok(await owner.call('press/publish?t=1', { id: made.id, mode: 1 }));
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, siteId));
    const context = await buildPageContext(
      { db: t.database.db, config: t.config },
      {
        site,
        route: { kind: 'post', key: 'agenda-main', langId: 1, page: 1 },
        base: siteUrl(site, t.config),
        settings: {},
        path: '/',
        now: t.clock.now,
      },
    );
    expect(context?.article?.related.map((r) => [r.title, r.agenda])).toEqual([['被引用的文章', expected]]);
    expect(context?.article?.agenda).toBe(agendaOf('正文'));
  });

  it("an e-paper mail's summary line (preheader) is its agenda excerpt", async () => {
    const paper = ok(await save(4, { title: '本期電子報', content: para(LONG) }));
    ok(await owner.call('press/publish?t=4', { id: paper.id, mode: 1 }));
    const [site] = await t.database.db.select().from(sites).where(eq(sites.id, siteId));
    const [item] = await t.database.db.select().from(contents).where(eq(contents.id, paper.id));
    const letter = letterOf(site, item, { kind: 'all' } as EpaperAudience, t.config);
    expect(letter.html).toContain(`<div style="display:none;max-height:0;overflow:hidden">${expected}</div>`);
  });
});
