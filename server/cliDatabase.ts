/**
 * The database an operator's command opens (`npm run reset-password`, `npm run plans`): the server's own, from
 * DATA_DIR or DATABASE_URL. The embedded one only while the server is stopped, as PGlite serves one process at a
 * time; the process exits with a message otherwise.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';

export async function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  const pgliteDir = `${config.dataDir}/pglite`;
  if (!config.databaseUrl) {
    if (!existsSync(pgliteDir)) {
      console.error(`No database at ${pgliteDir} (set DATA_DIR or DATABASE_URL as the server has them).`);
      process.exit(1);
    }
    if (existsSync(`${pgliteDir}/postmaster.pid`)) {
      console.error(
        `The database at ${pgliteDir} is open: stop the server first. If no server is running (it was killed), ` +
          `delete ${pgliteDir}/postmaster.pid and try again.`,
      );
      process.exit(1);
    }
  }
  return openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: pgliteDir });
}
