/**
 * The mail server of the configuration: SMTP_URL's, or without it the mail folder (MAIL_DIR, `$DATA_DIR/mail`), so
 * that mail is readable on a machine with no mail server. `pooled` is the e-paper sender's, for many mails in a row.
 */
import type { Config } from '../config';
import { type Mailer, pooledSmtpMailer, smtpMailer } from './mail';
import { folderMailer, type MailLog } from './mailFolder';

export function configuredMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailDir'>,
  log: MailLog,
  opts: { pooled?: boolean } = {},
): Mailer {
  if (!config.smtpUrl) return folderMailer(config.mailDir, config.mailFrom, log);
  return opts.pooled
    ? pooledSmtpMailer(config.smtpUrl, config.mailFrom)
    : smtpMailer(config.smtpUrl, config.mailFrom);
}
