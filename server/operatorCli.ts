/**
 * `npm run operator -- <email>`: makes an account a platform operator (issue 17, support access), creating it with a
 * generated password printed once when there is none; `npm run operator -- --revoke <email>` unmarks it and ends its
 * support sessions. No API sets or clears the mark. It opens the same database as the server (cliDatabase.ts).
 */
import { openCliDatabase } from './cliDatabase';
import { makeOperator, revokeOperator } from './modules/support/operators';

const args = process.argv.slice(2);
const revoke = args[0] === '--revoke';
const email = revoke ? args[1] : args[0];
if (!email || args.length !== (revoke ? 2 : 1) || email.startsWith('-')) {
  console.error(
    'usage: npm run operator -- <email>            mark (or create) a platform operator\n' +
      '       npm run operator -- --revoke <email>   unmark one and end their support sessions',
  );
  process.exit(2);
}
const database = await openCliDatabase();
try {
  if (revoke) {
    if (await revokeOperator(database.db, email)) console.log(`${email} is no longer a platform operator.`);
    else {
      console.error(`There is no account with the e-mail ${email}.`);
      process.exitCode = 1;
    }
  } else {
    const made = await makeOperator(database.db, email);
    console.log(`${made.email} is a platform operator.`);
    if (made.password)
      console.log(`New account; password (shown once, change it after signing in): ${made.password}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
