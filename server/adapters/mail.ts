/**
 * The mail server: SMTP through nodemailer when SMTP_URL is set, otherwise each message is printed to the log. The
 * mail job (server/jobs/mail.ts) sends the outbox's text-only mail; the e-paper sender (server/jobs/epaperSender.ts)
 * sends HTML mail with its own headers through a pooled transport (`pooledSmtpMailer`).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

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
  // A hung server is given up long before the outbox's lease (MAIL_LEASE_MS) ends, after which another instance would
  // send the mail again; nodemailer's own defaults wait through 10 minutes of silence.
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

const base64Lines = (text: string) =>
  Buffer.from(text, 'utf8')
    .toString('base64')
    .replace(/.{76}(?=.)/g, '$&\r\n');

/**
 * A text + HTML mail as one RFC 5322 message, built directly: the e-paper sender's many mails skip nodemailer's MIME
 * composer (its quoted-printable encoding was most of the CPU per mail). Both parts are base64.
 */
export function rawMessage(from: string, mail: Mail, date: Date): string {
  const address = fromAddress(from);
  const name =
    mail.fromName ??
    from
      .replace(/<[^<>]*>\s*$/, '')
      .trim()
      .replace(/^"|"$/g, '');
  const boundary = `----=_epaper_${Math.random().toString(36).slice(2)}`;
  const headers = [
    `From: ${name ? `${headerValue(`"${name.replace(/["\\]/g, '')}"`)} <${address}>` : address}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    ...(mail.messageId ? [`Message-ID: ${headerValue(mail.messageId)}`] : []),
    ...Object.entries(mail.headers ?? {}).map(([k, v]) => `${k.replace(/[^\w-]/g, '')}: ${headerValue(v)}`),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(body)}\r\n`;
  return `${headers.join('\r\n')}\r\n\r\n${part('text/plain', mail.text)}${part('text/html', mail.html ?? '')}--${boundary}--\r\n`;
}

/**
 * SMTP over a few kept-open connections, for many mails in a row (an e-paper's deliveries). A rejection keeps
 * nodemailer's error, whose `responseCode` (e.g. 550) and `command` tell a hard bounce from a passing failure.
 */
export function pooledSmtpMailer(url: string, from: string, opts: { connections?: number } = {}): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: opts.connections ?? 5,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      if (!mail.html) return void (await transport.sendMail(message(from, mail)));
      await transport.sendMail({
        envelope: { from: fromAddress(from), to: [mail.to] },
        raw: rawMessage(from, mail, new Date()),
      });
    },
    close: () => transport.close(),
  };
}

export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      log.info({ mail }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
