/**
 * `npm run reset-password -- <email>`: sets a new password on an account whose password is lost (the owner's, say),
 * ends its sessions and lifts a sign-in lock. The new password is generated and printed, or taken from NEW_PASSWORD.
 * It opens the same database as the server (cliDatabase.ts).
 */
import { openCliDatabase } from './cliDatabase';
import { generatePassword, resetPassword } from './modules/auth/passwords';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('usage: npm run reset-password -- <email>   (NEW_PASSWORD=… to choose the password)');
  process.exit(2);
}
const password = process.env.NEW_PASSWORD || generatePassword();
const database = await openCliDatabase();
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
