/**
 * Work a call leaves for after its reply (issue 28: `member/forgot` makes the reset token and mail only once it has
 * answered, so an existing account answers as fast as an unknown one). Each piece starts once the reply is sent (or
 * its connection closed), is tracked until it ends — the app's close waits for it (server/app.ts), so shutdown and
 * the tests' close never close the database under it — and its failure goes to `onError`, never unhandled.
 */
import type { FastifyReply } from 'fastify';

export interface AfterReply {
  /** Runs `work` after `reply` is sent; a failure is given to `onError`. */
  run(reply: FastifyReply, work: () => Promise<unknown>, onError: (err: unknown) => void): void;
  /** Resolves once every piece started so far, and any they start, has ended. */
  idle(): Promise<void>;
}

export function afterReplyTracker(): AfterReply {
  const pending = new Set<Promise<void>>();
  return {
    run(reply, work, onError) {
      const sent = new Promise<void>((resolve) => {
        const raw = reply.raw;
        // The next turn of the event loop: whatever waits on the reply hears it before the work begins.
        const begin = () => setImmediate(resolve);
        if (raw.writableFinished || raw.destroyed) begin();
        else {
          raw.once('finish', begin);
          raw.once('close', begin);
        }
      });
      const done = sent.then(work).then(
        () => undefined,
        (err) => {
          try {
            onError(err);
          } catch {
            // A failing logger must not become an unhandled rejection either.
          }
        },
      );
      pending.add(done);
      void done.then(() => pending.delete(done));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
