/**
 * `npm run plans`: the site plans as the platform sells them (SPEC §9), as data an operator changes without a
 * release. `npm run plans` lists them; `npm run plans -- set <id> key=value …` changes one (keys and rules:
 * modules/plans/operator.ts), e.g. `npm run plans -- set 3 price=899 newsletters=5000 offered=no`.
 * It opens the same database as the server (cliDatabase.ts).
 */
import { openCliDatabase } from './cliDatabase';
import { allPlans, changePlan, PLAN_KEYS, parsePlanChanges, planLine } from './modules/plans/operator';

const USAGE = `usage: npm run plans                              list the plans
       npm run plans -- set <id> key=value …        change one (keys: ${PLAN_KEYS.join(', ')})`;

const [command = 'list', id, ...changes] = process.argv.slice(2);
let change: { id: number; set: Parameters<typeof changePlan>[2] } | undefined;
if (command === 'set') {
  const parsed = parsePlanChanges(changes);
  if (!/^\d{1,9}$/.test(id ?? '') || 'error' in parsed) {
    console.error('error' in parsed ? parsed.error : USAGE);
    process.exit(2);
  }
  change = { id: Number(id), set: parsed.set };
} else if (command !== 'list' || id !== undefined) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openCliDatabase();
try {
  if (change && !(await changePlan(database.db, change.id, change.set))) {
    console.error(`There is no plan ${change.id}.`);
    process.exitCode = 1;
  } else {
    for (const plan of await allPlans(database.db)) console.log(planLine(plan));
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
