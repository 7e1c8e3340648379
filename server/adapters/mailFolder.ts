/**
 * Mail without an SMTP server: each message is written as an RFC 5322 `.eml` file (a mail program opens it, and its
 * text reads as it is, 8bit, wherever its lines allow) to a folder under the data folder, with one short log line
 * naming the file and the subject; a code mail's subject carries its code (`mail.verify.subject`,
 * `readers.mail.subject`). The folder keeps the newest MAIL_FOLDER_LIMITS files and bytes, so that an e-paper sent to
 * many members cannot fill the disk. Files are readable by their owner only: they hold reset links and codes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromAddress, type Mail, type Mailer, rawMessage } from './mail';

/** Where the line naming each file goes (the server's log). */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export interface MailFolderLimits {
  files: number;
  bytes: number;
}

export const MAIL_FOLDER_LIMITS: MailFolderLimits = { files: 1000, bytes: 50 * 1024 * 1024 };

/** Our files' names start with their time (`20261128-184823-123-0001-…`), so names sort oldest first. */
const OURS = /^\d{8}-\d{6}-\d{3}-\d{4}-.*\.eml$/;
const MAX_TO = 60;
const MAX_SUBJECT = 40;

let sequence = 0;

/** `<time>-<seq>-<to>-<subject>.eml`, at most about 200 bytes, with nothing a shell or a file system minds. */
export function mailFileName(mail: Pick<Mail, 'to' | 'subject'>, date: Date): string {
  const time = date.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').replace(/Z$/, '');
  const seq = String(sequence++ % 10_000).padStart(4, '0');
  const to = mail.to
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]+/g, '_')
    .slice(0, MAX_TO);
  const subject = Array.from(
    mail.subject
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
    .slice(0, MAX_SUBJECT)
    .join('');
  return `${time}-${seq}-${to}${subject ? `-${subject}` : ''}.eml`;
}

/** What the folder holds, oldest first, learnt from the folder once and then kept as files are written. */
interface Index {
  files: { name: string; size: number }[];
  bytes: number;
}

async function readIndex(dir: string): Promise<Index> {
  const names = (await readdir(dir)).filter((n) => OURS.test(n)).sort();
  const files = await Promise.all(
    names.map(async (name) => ({
      name,
      size: (await stat(path.join(dir, name)).catch(() => null))?.size ?? 0,
    })),
  );
  return { files, bytes: files.reduce((sum, f) => sum + f.size, 0) };
}

/**
 * One index per folder in this process, shared by every mailer writing there (the outbox's, the e-paper sender's,
 * an e-paper's test send), so that together they keep the bound.
 */
const indexes = new Map<string, Promise<Index>>();

async function prune(dir: string, index: Index, limits: MailFolderLimits) {
  while (index.files.length > limits.files || (index.bytes > limits.bytes && index.files.length > 1)) {
    const oldest = index.files.shift();
    if (!oldest) return;
    index.bytes -= oldest.size;
    await unlink(path.join(dir, oldest.name)).catch(() => undefined);
  }
}

export function folderMailer(
  dir: string,
  from: string,
  log: MailLog,
  limits: MailFolderLimits = MAIL_FOLDER_LIMITS,
): Mailer {
  const folder = path.resolve(dir);
  return {
    async send(mail) {
      // Made again if someone removed it while the server ran.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      let index = indexes.get(folder);
      if (!index) {
        index = readIndex(folder);
        indexes.set(folder, index);
        index.catch(() => indexes.delete(folder));
      }
      const known = await index;
      const date = new Date();
      const messageId =
        mail.messageId ?? `<${randomUUID()}@${fromAddress(from).split('@')[1] || 'localhost'}>`;
      const body = Buffer.from(rawMessage(from, { ...mail, messageId }, date, { readable: true }), 'utf8');
      const name = mailFileName(mail, date);
      const file = path.join(folder, name);
      await writeFile(file, body, { flag: 'wx', mode: 0o600 });
      known.files.push({ name, size: body.length });
      known.bytes += body.length;
      await prune(folder, known, limits);
      log.info({ mailFile: file }, `mail to ${mail.to} 「${mail.subject}」 → ${file}`);
    },
  };
}
