/**
 * tus's upload lock across instances (issue 32): a request holds an upload while it reads or writes it (a PATCH for as
 * long as its body streams). In this process tus's own MemoryLocker orders the requests (and asks an older holder to
 * let go); across processes a PostgreSQL session-level advisory lock on one dedicated connection per process does,
 * taken with pg_try_advisory_lock and retried until tus's acquire timeout. Session-level, not transaction-level: a
 * PATCH may stream for minutes, and a transaction held open that long would pin one of the pool's connections per
 * upload. An instance that dies loses its connection, and PostgreSQL releases its locks with it, so another instance
 * resumes the upload at once. An instance that is alive but holds the upload for a request going nowhere (a PATCH
 * whose client's network went away, its connection still open) is asked to let go, as tus asks an older holder in
 * its own process: the instance that waits sends NOTIFY on TUS_RELEASE_CHANNEL with the upload id, and the holder,
 * which LISTENs on its lock connection, has tus end its request (the bytes it got are kept). PGlite is one process:
 * the memory locker alone is the truth there.
 */
import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import pg from 'pg';
import { dedicatedClient } from '../../db/dedicatedClient';

/** The advisory locks' first key (the second is the upload id's hash); the project's other locks use 7_240_0xx. */
export const TUS_LOCK = 7_240_101;
/** Where an instance waiting for an upload asks the instance holding it to let go (the payload: the upload id). */
const TUS_RELEASE_CHANNEL = 'tus_release';
/** How often a lock held by another instance is asked for again. */
const RETRY_MS = 100;
/** How often the holder is asked again to let go (it may have taken the lock just as it was asked). */
const ASK_AGAIN_MS = 1_000;
/** tus's own default: how long a request waits for an upload before answering an error. */
const ACQUIRE_TIMEOUT_MS = 30_000;

export interface ClosableLocker extends Locker {
  close(): Promise<void>;
}

/** The locker for uploads on the database behind `client` (drizzle's `$client`): advisory locks on PostgreSQL. */
export function uploadLocker(client: unknown): ClosableLocker | undefined {
  if (!(client instanceof pg.Pool)) return undefined;
  const local = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS });
  /** What tus gave with each upload this process holds: how to ask its request to end. */
  const held = new Map<string, RequestRelease>();
  let session: Promise<pg.Client> | undefined;
  const connect = () => {
    const c = dedicatedClient(client, 'tus-locks');
    c.on('notification', (n) => {
      if (n.channel === TUS_RELEASE_CHANNEL && n.payload) void held.get(n.payload)?.();
    });
    const opened = c
      .connect()
      .then(() => c.query(`LISTEN ${TUS_RELEASE_CHANNEL}`))
      .then(() => c);
    // A lost connection has lost its locks too: the next lock opens another.
    const forget = () => {
      if (session === opened) session = undefined;
    };
    c.on('error', forget);
    c.on('end', forget);
    opened.catch(forget);
    return opened;
  };
  /** Runs `text` on the lock connection, opened at first use: its `ok`. */
  const query = async (text: string, values: unknown[]) => {
    session ??= connect();
    const { rows } = await (await session).query<{ ok: boolean }>(text, values);
    return rows[0]?.ok;
  };

  class UploadLock implements Lock {
    private readonly inProcess: Lock;

    constructor(private readonly id: string) {
      this.inProcess = local.newLock(id);
    }

    async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
      await this.inProcess.lock(signal, cancelReq);
      try {
        const until = Date.now() + ACQUIRE_TIMEOUT_MS;
        let askAt = 0;
        while (!(await query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [TUS_LOCK, this.id]))) {
          if (signal.aborted || Date.now() >= until) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (Date.now() >= askAt) {
            askAt = Date.now() + ASK_AGAIN_MS;
            await query('SELECT pg_notify($1, $2)', [TUS_RELEASE_CHANNEL, this.id]);
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
        held.set(this.id, cancelReq);
      } catch (err) {
        await this.inProcess.unlock();
        throw err;
      }
    }

    async unlock(): Promise<void> {
      held.delete(this.id);
      try {
        // After a lost connection there is nothing left to release.
        await query('SELECT pg_advisory_unlock($1, hashtext($2)) AS ok', [TUS_LOCK, this.id]).catch(
          () => undefined,
        );
      } finally {
        await this.inProcess.unlock();
      }
    }
  }

  return {
    newLock: (id) => new UploadLock(id),
    async close() {
      const open = session;
      session = undefined;
      await open?.then((c) => c.end()).catch(() => undefined);
    },
  };
}
