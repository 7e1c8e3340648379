/**
 * Playwright's global setup: one server start on an empty folder migrates PGlite and seeds the owner and the demo
 * site; stopped, its database is the template every server of the run starts from (newDataDir in fixtures.ts, told
 * by E2E_DATA_TEMPLATE, which the workers inherit). Each worker's world, each spec's own server and a worker started
 * again after a failure then skip PGlite's initdb and the migrations. The template is removed after the run.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, newDataDir, OWNER, startServer, stopServer } from './fixtures';

export default async function globalSetup() {
  // The same settings as a world's (startWorld), less the mail server: nothing is mailed before the stop.
  const dataDir = newDataDir('e2e-template-');
  const server = await startServer({
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: OWNER.password,
    CAPTCHA_MAX_COUNTER: '2000',
  });
  await stopServer(server);
  process.env.E2E_DATA_TEMPLATE = path.join(dataDir, 'pglite');
  return () => {
    delete process.env.E2E_DATA_TEMPLATE;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
