/**
 * `npm start`'s server on a fresh machine: `server/main.ts` run as a process with no ADMIN_PASSWORD opens the embedded
 * database in a new DATA_DIR, migrates and seeds it, and prints the sign-in address and a generated owner password
 * once; that password signs in over HTTP; without SMTP_URL its mail is written to DATA_DIR/mail. Started again on the same folder, it keeps the data and prints no password.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as { port: number };
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

/** Runs the server until it prints where to sign in; answers the process and everything it printed. */
async function start(): Promise<{ child: ChildProcess; output: string }> {
  const {
    DATABASE_URL: _pg,
    ADMIN_PASSWORD: _pw,
    ADMIN_EMAIL: _em,
    SMTP_URL: _smtp,
    MAIL_DIR: _mail,
    SITE_DOMAIN: _sites,
    ...env
  } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No proxy to wait for on SIGTERM (server/shutdown.ts).
    env: {
      ...env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // Loading the server through tsx and making a new PGlite: minutes on a loaded 2-core machine.
    const timer = setTimeout(() => reject(new Error(`no start within 150 s:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Mail: .*\n/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
  return { child, output };
}

/** The first mail file the server writes (its mail job sends at once); polled, the job runs in the server. */
async function resetMailFile(): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await readdir(path.join(dataDir, 'mail')).catch(() => [])).find((f) => f.endsWith('.eml'));
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no mail file within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function captcha(base: string) {
  const challenge = await (await fetch(`${base}/api/captcha?v=127.0.0.1`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function signIn(account: string, password: string) {
  const base = `http://127.0.0.1:${port}`;
  const token = await captcha(base);
  const res = await fetch(`${base}/api/member/login?t=writer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, token }),
  });
  return (await res.json()) as { code: number };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'start-'));
  port = await freePort();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('starting on a fresh machine', () => {
  it('prints a generated owner password once, which signs in; a restart keeps the data', async () => {
    const first = await start();
    let password: string | undefined;
    try {
      expect(first.output).toContain(`Sign in at http://127.0.0.1:${port}/auth/login`);
      expect(first.output).toContain('Owner account: owner@example.com');
      expect(first.output).toContain(`${dataDir}/pglite (embedded PGlite)`);
      password = first.output.match(/Password \(shown once[^)]*\): (\S+)/)?.[1];
      expect(password).toMatch(/^\S{8,}$/);
      expect((await signIn('owner@example.com', password as string)).code).toBe(1);
      expect((await signIn('owner@example.com', `${password}x`)).code).toBe(2002);
      // Without SMTP_URL, mail lands in DATA_DIR/mail as .eml files, as the banner says; public sites' address too.
      expect(first.output).toContain(`Public sites: http://<slug>.sites.localhost:${port}`);
      expect(first.output).toContain(`Mail: no SMTP_URL, so each mail is an .eml file in ${dataDir}/mail`);
      const base = `http://127.0.0.1:${port}`;
      await fetch(`${base}/api/member/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'owner@example.com', token: await captcha(base) }),
      });
      expect(await resetMailFile()).toMatch(/-owner@example\.com-.*\.eml$/);
    } finally {
      await stop(first.child);
    }

    const second = await start();
    try {
      expect(second.output).toContain('Sign in at');
      expect(second.output).not.toContain('Owner account');
      expect(second.output).not.toContain(password as string);
      expect((await signIn('owner@example.com', password as string)).code).toBe(1);
    } finally {
      await stop(second.child);
    }
  }, 360_000);
});
