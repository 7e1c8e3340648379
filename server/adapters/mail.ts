/** Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise each message is printed to the log. */
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
  const transport = nodemailer.createTransport(url);
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
