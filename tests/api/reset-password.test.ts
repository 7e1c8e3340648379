/**
 * `npm run reset-password -- <email>`, for an owner who lost their password: the new password signs in over HTTP, the
 * old one does not, every session of the account has ended and a sign-in lock is lifted. The command itself, run as a
 * process on an embedded database, prints a generated password and refuses a database the
 * server holds open (its other refusals, a wrong or missing address, are plain checks before that).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Code } from '../../contract/codes';
import { LOGIN_MAX_FAILURES } from '../../contract/constants';
import { openDatabase } from '../../server/db/client';
import { checkPassword, resetPassword } from '../../server/modules/auth/passwords';
import { users } from '../../server/modules/tables';
import { prepareDatabase } from '../../server/seed';
import { createTestApp, OWNER, type TestApp } from '../fixtures/testApp';

const root = path.resolve(import.meta.dirname, '../..');

describe('resetting a lost password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the new password, ends every session of the account and lifts the sign-in lock', async () => {
    const signedIn = t.client();
    expect((await signedIn.login(OWNER.email, OWNER.password)).code).toBe(Code.OK);
    const guesser = t.client();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await guesser.login(OWNER.email, 'wrong-pass-1');
    expect((await guesser.login(OWNER.email, OWNER.password)).code).toBe(Code.TOO_MANY_ATTEMPTS);

    // The address as the operator may type it.
    expect(await resetPassword(t.database.db, ' Owner@Example.com ', 'found-again-7')).toBe(true);

    const status = await signedIn.call<{ isLogined: boolean }>('member/status');
    expect(status.data.isLogined).toBe(false);
    const owner = t.client();
    expect((await owner.login(OWNER.email, OWNER.password)).code).not.toBe(Code.OK);
    expect((await owner.login(OWNER.email, 'found-again-7')).code).toBe(Code.OK);
  });

  it('answers false for an unknown address and refuses a password that breaks the rule', async () => {
    expect(await resetPassword(t.database.db, 'nobody@example.com', 'found-again-8')).toBe(false);
    await expect(resetPassword(t.database.db, OWNER.email, 'short')).rejects.toThrow(/8 characters/);
  });
});

/** Runs the command; answers its exit code and everything it printed. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _pg, NEW_PASSWORD: _pw, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/resetPassword.ts', ...args], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

// Each run starts Node with tsx and opens PGlite: seconds apiece on a loaded machine.
describe('npm run reset-password', { timeout: 90_000 }, () => {
  let dataDir: string;
  const dir = () => path.join(dataDir, 'pglite');
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'reset-password-'));
    // The run's migrated template (tests/fixtures/pgliteTemplate.ts), written into the folder.
    const file = inject('pgliteTemplate');
    const template = file ? new Blob([await readFile(file)]) : undefined;
    const database = await openDatabase({ dir: dir(), template });
    await prepareDatabase(database.db, {
      seed: true,
      adminEmail: OWNER.email,
      adminPassword: OWNER.password,
    });
    await database.close();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function ownerHash(): Promise<string> {
    const database = await openDatabase({ dir: dir() });
    try {
      const [owner] = await database.db.select().from(users).where(eq(users.email, OWNER.email));
      return owner.passwordHash;
    } finally {
      await database.close();
    }
  }

  it('prints a generated password that the account then has', async () => {
    const { code, output } = await run([OWNER.email], { DATA_DIR: dataDir });
    expect(code, output).toBe(0);
    const password = output.match(/New password \(shown once.*\): (\S+)/)?.[1];
    expect(password, output).toBeDefined();
    expect(await checkPassword(await ownerHash(), password as string)).toBe(true);
  });

  it('refuses a database the server holds open', async () => {
    const open = await openDatabase({ dir: dir() });
    try {
      expect(await run([OWNER.email], { DATA_DIR: dataDir })).toMatchObject({
        code: 1,
        output: expect.stringContaining('stop the server first'),
      });
    } finally {
      await open.close();
    }
  });
});
