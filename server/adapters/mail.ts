/**
 * The mail server: SMTP through nodemailer when SMTP_URL is set, otherwise each message is printed to the log. Only
 * the mail job (server/jobs/mail.ts) sends; services queue their mail in its outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

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
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      log.info({ mail }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
