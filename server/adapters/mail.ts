/**
 * SMTP through nodemailer (mailer.ts chooses it when SMTP_URL is set, else the mail folder of mailFolder.ts). The mail
 * job (server/jobs/mail.ts) sends the outbox's text-only mail; the e-paper sender (server/jobs/epaperSender.ts) sends
 * HTML mail with its own headers through a pooled transport (`pooledSmtpMailer`).
 */
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part besides the text (e-papers; the outbox stays text-only). */
  html?: string;
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string>;
  /** The Message-ID, with its angle brackets; nodemailer makes one otherwise. */
  messageId?: string;
  /** The sender's display name instead of MAIL_FROM's (an e-paper is from its site). */
  fromName?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes pooled connections (a pooled mailer). */
  close?(): void;
}

/** MAIL_FROM's address alone (`Name <a@b>` or `a@b`). */
export function fromAddress(from: string): string {
  return from.match(/<([^<>]+)>\s*$/)?.[1]?.trim() ?? from.trim();
}

const message = (from: string, mail: Mail) => ({
  from: mail.fromName ? { name: mail.fromName, address: fromAddress(from) } : from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  ...(mail.headers ? { headers: mail.headers } : {}),
  ...(mail.messageId ? { messageId: mail.messageId } : {}),
});

export function smtpMailer(url: string, from: string): Mailer {
  // A hung server is given up (30 s to connect or greet, 60 s of silence) and the mail retried, instead of nodemailer's
  // 10 minutes of silence, all the while holding the outbox row's claim (renewed while sending, jobs/mail.ts).
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transport.sendMail(message(from, mail));
    },
  };
}

/** A header's value on one line (no CR/LF can start a header of its own), encoded when not plain ASCII. */
function headerValue(value: string): string {
  const line = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

/** Base64 in lines of 76 (a slice loop: the regular expression that did it cost more than the encoding). */
function base64Lines(text: string): string {
  const b64 = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 76) lines.push(b64.slice(i, i + 76));
  return lines.join('\r\n');
}

/** A body as itself when a person can read it in the file (8bit: lines of at most 998 bytes), else base64. */
function bodyPart(body: string, readable: boolean): { encoding: string; content: string } {
  if (readable) {
    const lines = body.replace(/\r?\n/g, '\r\n');
    if (lines.split('\r\n').every((line) => Buffer.byteLength(line) <= 998))
      return { encoding: '8bit', content: lines };
  }
  return { encoding: 'base64', content: base64Lines(body) };
}

/**
 * A mail as one RFC 5322 message, built directly: the e-paper sender's many mails skip nodemailer's MIME composer
 * (its quoted-printable encoding was most of the CPU per mail). Text alone, or text + HTML as alternatives. Bodies
 * are base64, or `readable` (the mail folder's files) as they are wherever their lines allow it.
 */
export function rawMessage(from: string, mail: Mail, date: Date, opts: { readable?: boolean } = {}): string {
  const address = fromAddress(from);
  const name =
    mail.fromName ??
    from
      .replace(/<[^<>]*>\s*$/, '')
      .trim()
      .replace(/^"|"$/g, '');
  const headers = [
    `From: ${name ? `${headerValue(`"${name.replace(/["\\]/g, '')}"`)} <${address}>` : address}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    ...(mail.messageId ? [`Message-ID: ${headerValue(mail.messageId)}`] : []),
    ...Object.entries(mail.headers ?? {}).map(([k, v]) => `${k.replace(/[^\w-]/g, '')}: ${headerValue(v)}`),
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) => {
    const { encoding, content } = bodyPart(body, opts.readable ?? false);
    return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${content}\r\n`;
  };
  if (mail.html === undefined) return `${headers.join('\r\n')}\r\n${part('text/plain', mail.text)}`;
  const boundary = `----=_epaper_${Math.random().toString(36).slice(2)}`;
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  return `${headers.join('\r\n')}\r\n\r\n--${boundary}\r\n${part('text/plain', mail.text)}--${boundary}\r\n${part('text/html', mail.html)}--${boundary}--\r\n`;
}

/**
 * SMTP over a few kept-open connections, for many mails in a row (an e-paper's deliveries). HTML mail (the e-papers)
 * goes as a raw message (`rawMessage`) straight through nodemailer's SMTP connections, pooled here: nodemailer's own
 * pool runs every message through its composer (a MIME tree, random IDs, a stream pipeline), which was most of the
 * sender's CPU. Connection, STARTTLS, AUTH and dot-stuffing stay nodemailer's. A rejection keeps nodemailer's error,
 * whose `responseCode` (e.g. 550) and `command` tell a hard bounce from a passing failure; after a refused message
 * the session is reset and the connection kept. A connection idle for IDLE_MS is closed (servers drop idle ones),
 * and a mail that failed on a reused connection before its message was given (`MAIL FROM` or the connection) is
 * tried once more on a new one.
 */
export function pooledSmtpMailer(url: string, from: string, opts: { connections?: number } = {}): Mailer {
  const options: SMTPConnection.Options & { auth?: { user?: string; pass?: string } } = {
    ...parseConnectionUrl(url),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
  const plain = nodemailer.createTransport({ ...options, pool: true, maxConnections: 1 });
  const credentials = options.auth;
  const auth =
    credentials && (credentials.user || credentials.pass)
      ? {
          type: 'LOGIN',
          user: credentials.user ?? '',
          credentials: { user: credentials.user ?? '', pass: credentials.pass ?? '' },
          method: false,
        }
      : null;
  interface Job {
    envelope: { from: string; to: string[] };
    raw: string;
    tried: number;
    resolve: () => void;
    reject: (err: unknown) => void;
  }
  interface Slot {
    conn: SMTPConnection | null;
    used: number;
    idle?: NodeJS.Timeout;
  }
  const queue: Job[] = [];
  const slots: Slot[] = Array.from({ length: opts.connections ?? 5 }, () => ({ conn: null, used: 0 }));
  const free: Slot[] = [...slots];
  let closed = false;

  const drop = (slot: Slot) => {
    clearTimeout(slot.idle);
    const c = slot.conn;
    slot.conn = null;
    slot.used = 0;
    if (c) c.close();
  };
  const open = (slot: Slot) =>
    new Promise<SMTPConnection>((resolve, reject) => {
      const c = new SMTPConnection(options);
      let settled = false;
      const fail = (err: unknown) => {
        if (slot.conn === c) slot.conn = null;
        if (!settled) {
          settled = true;
          c.close();
          reject(err);
        }
      };
      c.on('error', fail);
      c.once('end', () => {
        if (slot.conn === c) slot.conn = null;
        fail(new Error('SMTP connection closed'));
      });
      c.connect((err) => {
        if (err) return fail(err);
        const done = (e?: unknown) => {
          if (e) return fail(e);
          settled = true;
          slot.conn = c;
          slot.used = 0;
          resolve(c);
        };
        if (auth && c.allowsAuth) c.login(auth as never, (e) => done(e ?? undefined));
        else done();
      });
    });
  const deliver = (c: SMTPConnection, job: Job) =>
    new Promise<void>((resolve, reject) => {
      c.send(job.envelope, job.raw, (err) => (err ? reject(err) : resolve()));
    });
  const reset = (c: SMTPConnection) =>
    new Promise<void>((resolve, reject) => c.reset((e) => (e ? reject(e) : resolve())));

  async function run(slot: Slot, job: Job) {
    clearTimeout(slot.idle);
    const reused = !!slot.conn && slot.used > 0;
    try {
      const c = slot.conn ?? (await open(slot));
      slot.used++;
      await deliver(c, job);
      job.resolve();
    } catch (err) {
      const e = err as { code?: string; responseCode?: number; command?: string };
      const refused = (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && e.responseCode !== 421;
      if (refused && slot.conn) {
        await reset(slot.conn).catch(() => drop(slot));
      } else drop(slot);
      const notGiven = !e.command || e.command === 'CONN' || /^MAIL FROM/i.test(e.command);
      if (!refused && reused && notGiven && job.tried === 0) {
        job.tried++;
        queue.unshift(job);
      } else job.reject(err);
    }
    if (closed) return drop(slot);
    const next = queue.shift();
    if (next) return void run(slot, next);
    if (slot.conn) slot.idle = setTimeout(() => drop(slot), IDLE_MS);
    free.push(slot);
  }

  return {
    async send(mail) {
      if (!mail.html) return void (await plain.sendMail(message(from, mail)));
      await new Promise<void>((resolve, reject) => {
        const job: Job = {
          envelope: { from: fromAddress(from), to: [mail.to] },
          raw: rawMessage(from, mail, new Date()),
          tried: 0,
          resolve,
          reject,
        };
        const slot = free.pop();
        if (slot) void run(slot, job);
        else queue.push(job);
      });
    },
    close: () => {
      closed = true;
      for (const slot of slots) drop(slot);
      for (const job of queue.splice(0)) job.reject(new Error('mailer closed'));
      plain.close();
    },
  };
}

/** A pooled connection unused this long is closed (servers drop idle connections themselves). */
const IDLE_MS = 5_000;
