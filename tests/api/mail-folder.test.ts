/**
 * Mail without SMTP_URL (issue 27 item 11): every path that mails — the outbox's code mails, the e-paper sender's
 * pooled path, an e-paper's test send — writes an .eml file into the mail folder, with one log line naming it, the
 * way server/main.ts chooses its mailers (server/adapters/mailer.ts).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EpaperProgress } from '../../contract/api/epaperSend';
import type { SaveReply } from '../../contract/content';
import { configuredMailer } from '../../server/adapters/mailer';
import { loadConfig } from '../../server/config';
import { addReader } from '../fixtures/readers';
import { parseMail } from '../fixtures/smtpSink';
import { type Client, createTestApp, ok, signInOwner, type TestApp } from '../fixtures/testApp';

let t: TestApp;
let owner: Client;
let siteId: number;
let mailDir: string;
const lines: string[] = [];

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'mail-folder-api-'));
  const config = { ...loadConfig({}), mailDir };
  expect(config.smtpUrl).toBeUndefined();
  const log = { info: (_obj: object, msg: string) => void lines.push(msg) };
  t = await createTestApp({
    realTime: true,
    config: { mailDir },
    // The e-paper sender's mailer, as server/main.ts makes it; without SMTP the outbox's is the same folder.
    mailer: configuredMailer(config, log, { pooled: true }),
  });
  ({ owner, demoSiteId: siteId } = await signInOwner(t));
  ok(await owner.call('site/publish', { publish: true }));
});

afterAll(async () => {
  await t?.close();
  await rm(mailDir, { recursive: true, force: true });
});

const files = async () => (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();

/** `what`'s first truthy answer, asked every 50 ms (vitest's own waitUntil). */
const until = <T>(what: () => Promise<T>, timeout = 20_000) => vi.waitUntil(what, { timeout, interval: 50 });

describe('mail without SMTP', () => {
  it("writes a sign-up code's mail to a file, and its log line gives the code that works", async () => {
    const c = t.client();
    const v = ok(
      await c.call<{ token: string }>('member/verify', {
        email: 'new@example.com',
        token: await c.captcha(),
      }),
    );
    await t.flushMail();
    const [name] = await files();
    expect(name).toMatch(/-new@example\.com-你的驗證碼-\d{6}\.eml$/);
    const mail = parseMail(await readFile(path.join(mailDir, name), 'latin1'), []);
    const line = lines.find((l) => l.includes('new@example.com'));
    expect(line).toBe(`mail to new@example.com 「${mail.subject}」 → ${path.join(mailDir, name)}`);
    // A person copies the code from that one line.
    const code = line?.match(/「[^」]*?(\d{6})[^」]*」/)?.[1] ?? '';
    expect(mail.text).toContain(code);
    ok(await c.call('verify/verifying', { token: v.token, pincode: code }));
  });

  it("sends an e-paper into the folder through the sender's path: one file per member, one line each", async () => {
    const before = new Set(await files());
    lines.length = 0;
    for (const n of [1, 2, 3]) await addReader(t, siteId, { email: `m${n}@example.com` });
    const paper = ok(
      await owner.call<SaveReply>('press/save?t=4', {
        id: 0,
        title: '五月號',
        content: { blocks: [{ type: 'paragraph', data: { text: '本期內容' } }] },
        version: 0,
      }),
    );
    t.startEpaperSender({ intervalMs: 50 });
    ok(await owner.call('epaper/send', { id: paper.id, audience: { kind: 'all' } }));
    await until(async () => {
      const p = ok(await owner.call<EpaperProgress | null>('epaper/progress', { id: paper.id }));
      return p?.status === 'done' && p;
    });
    const sent = (await files()).filter((f) => !before.has(f));
    expect(sent.map((f) => f.match(/-(m\d)@example\.com-/)?.[1]).sort()).toEqual(['m1', 'm2', 'm3']);
    const raw = await readFile(path.join(mailDir, sent[0]), 'utf8');
    expect(raw).toMatch(/^List-Unsubscribe: </m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toContain('本期內容');
    expect(lines).toHaveLength(3);
    for (const f of sent) expect(lines.some((l) => l.endsWith(path.join(mailDir, f)))).toBe(true);
  });

  it("writes an e-paper's test send to the folder too", async () => {
    const before = new Set(await files());
    const paper = ok(
      await owner.call<SaveReply>('press/save?t=4', {
        id: 0,
        title: '試寄',
        content: { blocks: [{ type: 'paragraph', data: { text: '試寄內容' } }] },
        version: 0,
      }),
    );
    ok(await owner.call('epaper/test_send', { id: paper.id }));
    const sent = (await files()).filter((f) => !before.has(f));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/-owner@example\.com-TEST-試寄\.eml$/);
  });
});
