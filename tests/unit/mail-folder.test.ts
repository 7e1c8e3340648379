/**
 * Mail without SMTP (server/adapters/mailFolder.ts): each mail an .eml file a mail program opens, one readable log
 * line naming it, a bounded folder, bounded file names.
 */
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredMailer } from '../../server/adapters/mailer';
import { folderMailer, mailFileName } from '../../server/adapters/mailFolder';
import { parseMail } from '../fixtures/smtpSink';

const FROM = 'Publishing Admin <no-reply@localhost>';
const newFolder = () => mkdtemp(path.join(tmpdir(), 'mail-folder-'));

function recorder() {
  const lines: string[] = [];
  return { lines, log: { info: (_obj: object, msg: string) => void lines.push(msg) } };
}

describe('the mail folder', () => {
  it('writes a code mail as an .eml file and names it, with the code, in one log line', async () => {
    const dir = await newFolder();
    const { lines, log } = recorder();
    const mailer = configuredMailer({ mailFrom: FROM, mailDir: dir }, log);
    await mailer.send({
      to: 'New.Reader@example.com',
      subject: '你的驗證碼：123456',
      text: '驗證碼 123456，10 分鐘內有效。',
    });
    const [name] = await readdir(dir);
    expect(name).toMatch(/^\d{8}-\d{6}-\d{3}-\d{4}-new\.reader@example\.com-你的驗證碼-123456\.eml$/);
    const raw = await readFile(path.join(dir, name), 'latin1');
    // Its text reads as it is in the file.
    expect(raw).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    expect(await readFile(path.join(dir, name), 'utf8')).toContain('驗證碼 123456，10 分鐘內有效。');
    expect(raw).toMatch(/^From: "Publishing Admin" <no-reply@localhost>$/m);
    expect(raw).toMatch(/^To: New\.Reader@example\.com$/m);
    expect(raw).toMatch(/^Date: /m);
    expect(raw).toMatch(/^Message-ID: </m);
    const parsed = parseMail(raw, []);
    expect(parsed.subject).toBe('你的驗證碼：123456');
    expect(parsed.text).toContain('驗證碼 123456，10 分鐘內有效。');
    // Reset links and codes: for the owner's eyes only.
    expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
    expect(lines).toEqual([
      `mail to New.Reader@example.com 「你的驗證碼：123456」 → ${path.join(dir, name)}`,
    ]);
  });

  it("writes an e-paper (HTML, its own headers) on the pooled sender's path when SMTP_URL is unset", async () => {
    const dir = await newFolder();
    const { lines, log } = recorder();
    const mailer = configuredMailer({ mailFrom: FROM, mailDir: dir }, log, { pooled: true });
    await mailer.send({
      to: 'member@example.com',
      subject: '五月號',
      text: '本期內容',
      html: '<p>本期內容</p>',
      fromName: '範例新聞網',
      messageId: '<1.2@demo.sites.localhost>',
      headers: { 'List-Unsubscribe': '<http://demo.sites.localhost:8080/unsubscribe?token=x>' },
    });
    const [name] = await readdir(dir);
    const raw = await readFile(path.join(dir, name), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/demo\.sites\.localhost:8080\/unsubscribe\?token=x>$/m);
    expect(raw).toMatch(/^Message-ID: <1\.2@demo\.sites\.localhost>$/m);
    expect(raw).toContain(
      'Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n<p>本期內容</p>',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('五月號');
  });

  it('keeps the newest files within the count, and leaves files that are not its own alone', async () => {
    const dir = await newFolder();
    await writeFile(path.join(dir, 'notes.txt'), 'mine');
    // A mail of an earlier run counts too.
    await writeFile(path.join(dir, '20200101-000000-000-0000-old@example.com-old.eml'), 'old');
    const mailer = folderMailer(dir, FROM, recorder().log, { files: 3, bytes: 10_000_000 });
    for (const n of [1, 2, 3, 4, 5])
      await mailer.send({ to: `r${n}@example.com`, subject: `m${n}`, text: 'x' });
    const left = (await readdir(dir)).sort();
    expect(left.filter((f) => f.endsWith('.eml')).map((f) => f.match(/-(m\d)\.eml$/)?.[1])).toEqual([
      'm3',
      'm4',
      'm5',
    ]);
    expect(left).toContain('notes.txt');
  });

  it('keeps the folder within its bytes (a big e-paper send cannot fill the disk)', async () => {
    const dir = await newFolder();
    const mailer = folderMailer(dir, FROM, recorder().log, { files: 1000, bytes: 60_000 });
    const html = `<p>${'字'.repeat(5_000)}</p>`;
    for (let n = 0; n < 10; n++)
      await mailer.send({ to: `r${n}@example.com`, subject: 'big', text: 'x', html });
    const files = await readdir(dir);
    // A line longer than a mail line may be (998 bytes) goes as base64.
    expect(await readFile(path.join(dir, files[0]), 'utf8')).toMatch(/^Content-Transfer-Encoding: base64$/m);
    const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(dir, f))).size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThan(10);
  });

  it('makes the folder again when it was removed while the server ran', async () => {
    const dir = path.join(await newFolder(), 'gone', 'mail');
    const mailer = folderMailer(dir, FROM, recorder().log);
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't' });
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('bounds the file name, and keeps only letters, digits and address characters in it', () => {
    const name = mailFileName(
      { to: `${'a'.repeat(300)}@example.com`, subject: `../../${'標題'.repeat(200)} <script>/\\:*?"|` },
      new Date('2026-11-28T18:48:23.123Z'),
    );
    expect(name).toMatch(/^20261128-184823-123-\d{4}-a+-標題[標題]*\.eml$/u);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name).not.toMatch(/[/\\:*?"<>|\s]/);
  });
});
