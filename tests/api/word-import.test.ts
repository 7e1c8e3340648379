/**
 * press/import through HTTP: a .docx made here becomes a draft article of the caller's (headings, marks, links,
 * lists, pictures into the library scaled to fit 1440×1440); broken, oversized, macro-enabled, encrypted and non-docx
 * files are refused by their content (not their name) and leave nothing behind, pictures already stored included;
 * another site never sees the draft; a role without post.edit is refused.
 */
import { readdir } from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { ContentItem } from '../../contract/content';
import type { LibraryFile } from '../../contract/files';
import type { ListResult } from '../../contract/list';
import { DOCX_IMAGES_MAX } from '../../contract/wordImport';
import { contents, files } from '../../server/modules/tables';
import { docx, heading, link, listItem, MACRO_TYPE, para, picture, run } from '../fixtures/docx';
import {
  type Client,
  createTestApp,
  customRole,
  type Reply,
  register,
  signInOwner,
  staffOf,
  type TestApp,
} from '../fixtures/testApp';
import { zeros } from '../fixtures/themeZip';

interface ImportReply {
  id: number;
  title: string;
  images: number;
  skipped_images: number;
}

const png = (width: number, height: number, color = '#2060c0') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function importFile(
  t: TestApp,
  c: Client,
  bytes: Buffer,
  filename = 'report.docx',
  type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
): Promise<Reply<ImportReply>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/press/import',
    headers: { 'accept-language': 'zh-TW', cookie: cookieOf(c) },
    payload: form,
  });
  return { ...res.json(), status: res.statusCode };
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('press/import (Word)', () => {
  let t: TestApp;
  let owner: Client;
  let demoSiteId: number;

  /** What the demo site holds: items, library rows and stored files. */
  const holdings = async () => {
    const [items] = await t.database.db
      .select({ n: count() })
      .from(contents)
      .where(eq(contents.siteId, demoSiteId));
    const [rows] = await t.database.db.select({ n: count() }).from(files).where(eq(files.siteId, demoSiteId));
    return { items: items.n, files: rows.n, stored: (await filesIn(t.config.uploadDir)).length };
  };

  /** The import is refused with `code` (and its message) and nothing is created. */
  async function refused(bytes: Buffer, code: number, msg?: string, filename?: string, type?: string) {
    const before = await holdings();
    const r = await importFile(t, owner, bytes, filename, type);
    expect(r.code, JSON.stringify(r)).toBe(code);
    if (msg) expect(r.msg).toBe(msg);
    expect(await holdings()).toEqual(before);
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, demoSiteId } = await signInOwner(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns a paragraph saying only the paid block’s name into the paid block, once, where it was', async () => {
    const texts = (bytes: Buffer) =>
      importFile(t, owner, bytes).then(async (r) => {
        expect(r.code, JSON.stringify(r)).toBe(1);
        const item = await owner.call<ContentItem>('press/get?t=1', { id: r.data.id });
        return {
          blocks: item.data.content.blocks.map((b) => (b.type === 'paragraph' ? b.data.text : b.type)),
          abstract: item.data.abstract,
        };
      });
    const zh = await texts(
      await docx(
        [
          heading(1, '會員專文'),
          para(run('免費的開頭。')),
          para(run('【付費區塊】')),
          para(run('付費的內容。')),
          para(run('付費區塊')),
        ].join(''),
      ),
    );
    // A second marker stays text: an item has one paid section.
    expect(zh.blocks).toEqual(['免費的開頭。', 'paid', '付費的內容。', '付費區塊']);
    expect(zh.abstract).toBe('免費的開頭。');
    for (const marker of [
      '以下為付費內容',
      '--- Paid section ---',
      '有料ブロック',
      'PAID CONTENT STARTS HERE',
    ]) {
      const r = await texts(await docx([para(run('A')), para(run(marker)), para(run('B'))].join('')));
      expect(r.blocks, marker).toEqual(['A', 'paid', 'B']);
    }
    // Naming the paid section inside a sentence is text.
    const prose = await texts(await docx(para(run('付費區塊在哪裡？請看說明。'))));
    expect(prose.blocks).toEqual(['付費區塊在哪裡？請看說明。']);
  });

  it('turns headings, marks, links, lists and a picture into a draft and a library file', async () => {
    const body = [
      heading(1, '年度報告'),
      para(
        run('開頭 '),
        run('粗體', { bold: true }),
        run(' 與 '),
        run('斜體', { italic: true }),
        run(' 和 '),
        link('rIdL', '連結'),
      ),
      heading(1, '第一章'),
      heading(2, '小節'),
      heading(3, '細節'),
      listItem(1, '蘋果'),
      listItem(1, '香蕉'),
      listItem(1, '小香蕉', 1),
      listItem(2, '第一步'),
      listItem(2, '第二步'),
      picture('rIdImg'),
      para(run('結尾 <script>')),
    ].join('');
    const bytes = await docx(body, {
      images: { rIdImg: { bytes: await png(2000, 1000) } },
      links: { rIdL: 'https://example.com/a?b=1&c=2' },
    });
    const r = await importFile(t, owner, bytes, '報告.docx');
    expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 1 });
    expect(r.data).toMatchObject({ title: '年度報告', images: 1, skipped_images: 0 });

    const item = await owner.call<ContentItem>('press/get?t=1', { id: r.data.id });
    expect(item.code).toBe(1);
    expect(item.data).toMatchObject({ title: '年度報告', status: 0 });
    const blocks = item.data.content.blocks;
    expect(blocks.slice(0, 4)).toEqual([
      {
        type: 'paragraph',
        data: {
          text: '開頭 <strong>粗體</strong> 與 <em>斜體</em> 和 <a href="https://example.com/a?b=1&amp;c=2">連結</a>',
        },
      },
      { type: 'header', data: { text: '第一章', level: 2 } },
      { type: 'header', data: { text: '小節', level: 3 } },
      { type: 'header', data: { text: '細節', level: 4 } },
    ]);
    expect(blocks.slice(4, 9).map((b) => (b.type === 'paragraph' ? b.data.text : b.type))).toEqual([
      '• 蘋果',
      '• 香蕉',
      '\u00a0\u00a0\u00a0\u00a0◦ 小香蕉',
      '1. 第一步',
      '2. 第二步',
    ]);
    const image = blocks[9];
    expect(image).toMatchObject({ type: 'image', data: { width: 1440, height: 720, caption: '' } });
    expect(blocks[10]).toEqual({ type: 'paragraph', data: { text: '結尾 &lt;script&gt;' } });

    const library = await owner.call<ListResult<LibraryFile>>('file/list', { query: { size: 100 } });
    const file = library.data.rows.find((f) => image.type === 'image' && f.path === image.data.url);
    expect(file).toMatchObject({ name: '報告-1.png', width: 1440, height: 720, mime: 'image/png' });
    const served = await t.app.inject({ method: 'GET', url: file?.path as string });
    expect(served.statusCode).toBe(200);

    // The caller's own draft, as press/save with id 0 makes it.
    const [row] = await t.database.db.select().from(contents).where(eq(contents.id, r.data.id));
    const me = await owner.call<{ user: { id: number } }>('member/status');
    expect(row).toMatchObject({ siteId: demoSiteId, type: 1, createdBy: me.data.user.id, status: 0 });
  });

  it('takes the title from the file name when there is no heading, and skips pictures the library does not take', async () => {
    const bytes = await docx(para(run('只有內文')) + picture('rIdE'), {
      images: { rIdE: { bytes: Buffer.from('not really emf'), ext: 'emf' } },
    });
    const r = await importFile(t, owner, bytes, '草稿筆記.docx');
    expect(r.data).toMatchObject({ title: '草稿筆記', images: 0, skipped_images: 1 });
    const item = await owner.call<ContentItem>('press/get?t=1', { id: r.data.id });
    expect(item.data.content.blocks).toEqual([{ type: 'paragraph', data: { text: '只有內文' } }]);
  });

  it('reads the content, not the name: a .docx named .txt is taken, a text file named .docx is not', async () => {
    const bytes = await docx(heading(1, '改了副檔名'));
    const r = await importFile(t, owner, bytes, 'notes.txt', 'text/plain');
    expect(r.data?.title, JSON.stringify(r)).toBe('改了副檔名');
    await refused(Buffer.from('純文字，不是 Word'), Code.IMPORT_NOT_DOCX, undefined, 'fake.docx');
    // A zip that is no Word document (no wordprocessingml main part).
    await refused(await docx(para(run('x')), { mainType: 'application/xml' }), Code.IMPORT_NOT_DOCX);
    await refused(await docx(para(run('x')), { noContentTypes: true }), Code.IMPORT_NOT_DOCX);
  });

  it('answers 轉換時發生錯誤 for a broken file and creates nothing', async () => {
    const good = await docx(heading(1, '好的'));
    // Cut off: the zip's directory is gone.
    await refused(good.subarray(0, Math.floor(good.length / 2)), Code.IMPORT_FAILED, '轉換時發生錯誤');
    // A zip whose document is not XML.
    const notXml = await docx('<w:p><w:r><w:t>unclosed');
    await refused(notXml, Code.IMPORT_FAILED, '轉換時發生錯誤');
  });

  it('removes the pictures already stored when a later one turns out broken', async () => {
    const bytes = await docx(picture('rIdA', 1) + picture('rIdB', 2), {
      images: { rIdA: { bytes: await png(50, 50) }, rIdB: { bytes: Buffer.from('\x89PNG broken') } },
    });
    await refused(bytes, Code.IMPORT_FAILED, '轉換時發生錯誤');
  });

  it('answers the size message for an oversized file or a zip bomb, and creates nothing', async () => {
    const big = Buffer.concat([await docx(para(run('x'))), Buffer.alloc(21 * 1024 * 1024)]);
    await refused(big, Code.FILE_TOO_LARGE, '檔案大小超過限制');
    const bomb = await docx(para(run('x')), {
      extra: [{ path: 'word/media/zeros.bin', body: zeros(101 * 1024 * 1024) }],
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(bomb, Code.FILE_TOO_LARGE, '檔案大小超過限制');
  });

  it('refuses macro-enabled and encrypted documents', async () => {
    await refused(await docx(para(run('macro')), { mainType: MACRO_TYPE }), Code.IMPORT_MACRO);
    await refused(
      await docx(para(run('macro')), { extra: [{ path: 'word/vbaProject.bin', body: Buffer.from('vba') }] }),
      Code.IMPORT_MACRO,
    );
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(4096),
    ]);
    await refused(ole, Code.IMPORT_ENCRYPTED);
  });

  it(`refuses more than ${DOCX_IMAGES_MAX} pictures`, async () => {
    const one = await png(8, 8);
    const ids = Array.from({ length: DOCX_IMAGES_MAX + 1 }, (_, i) => `rIdP${i}`);
    const bytes = await docx(ids.map((id, i) => picture(id, i + 1)).join(''), {
      images: Object.fromEntries(ids.map((id) => [id, { bytes: one }])),
    });
    await refused(bytes, Code.IMPORT_TOO_MANY_IMAGES);
  });

  it('keeps the draft to its site, and needs post.edit', async () => {
    const r = await importFile(t, owner, await docx(heading(1, '只給自己的網站')));
    expect(r.code).toBe(1);
    const other = await register(t, 'word-other@example.com');
    expect((await other.call('press/get?t=1', { id: r.data.id })).status).toBe(404);
    const theirs = await other.call<ListResult<{ id: number }>>('press/list?t=1', { query: { size: 100 } });
    expect(theirs.data.rows.map((row) => row.id)).not.toContain(r.data.id);
    // Their own import lands on their own site.
    const own = await importFile(t, other, await docx(heading(1, '別人的')));
    const [row] = await t.database.db
      .select({ siteId: contents.siteId })
      .from(contents)
      .where(and(eq(contents.id, own.data.id)));
    expect(row.siteId).not.toBe(demoSiteId);

    const reader = await staffOf(
      t,
      demoSiteId,
      'word-viewer@example.com',
      await customRole(t, demoSiteId, '只能看', ['post.view']),
    );
    const before = await holdings();
    const denied = await importFile(t, reader, await docx(heading(1, '不行')));
    expect(denied.status).toBe(403);
    expect(await holdings()).toEqual(before);
  });
});
