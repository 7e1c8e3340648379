/**
 * Outgoing mail is queued in mail_outbox (in the caller's transaction when it passes one) and answered at once;
 * jobs/mail.ts sends it, and the queue of its process wakes it.
 */

import { mailOutbox } from '../db/appTables';
import type { Db } from '../db/client';
import type { Mail } from './mail';

/** What services use: queue a mail. */
export interface Outbox {
  enqueue(mail: Mail): Promise<void>;
}

/** The outbox of one process; its mail job listens, to send what was just queued. */
export interface MailQueue extends Outbox {
  onQueued(listener: () => void): () => void;
}

export function mailQueue(db: Db, now: () => number): MailQueue {
  const listeners = new Set<() => void>();
  return {
    async enqueue(mail) {
      await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, nextAt: new Date(now()) });
      for (const listener of listeners) listener();
    },
    onQueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
