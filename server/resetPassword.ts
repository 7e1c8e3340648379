/**
 * `npm run reset-password -- <email>`: sets a new password on an account whose password is lost (the owner's, say),
 * ends its sessions and lifts a sign-in lock. The new password is generated and printed, or taken from NEW_PASSWORD.
 * It opens the same database as the server (DATA_DIR or DATABASE_URL); the embedded one only while the server is
 * stopped, as PGlite serves one process at a time.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { generatePassword, resetPassword } from './modules/auth/passwords';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('usage: npm run reset-password -- <email>   (NEW_PASSWORD=… to choose the password)');
  process.exit(2);
}
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
const password = process.env.NEW_PASSWORD || generatePassword();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: pgliteDir });
try {
  if (!(await resetPassword(database.db, email, password))) {
    console.error(`There is no account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`Password of ${email.trim().toLowerCase()} reset; every session of the account has ended.`);
    if (!process.env.NEW_PASSWORD)
      console.log(`New password (shown once, change it after signing in): ${password}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
