/**
 * `npm run plans`: the site plans as the platform sells them (SPEC §9), as data an operator changes without a
 * release. `npm run plans` lists them; `npm run plans -- set <id> key=value …` changes one (keys and rules:
 * modules/plans/operator.ts), e.g. `npm run plans -- set 3 price=899 newsletters=5000 offered=no`.
 * Discount codes too: `npm run plans -- code add SPRING20 percent=20 plans=2,3 from=2026-12-01 until=2027-01-31
 * uses=100 applies=first`, `code list`, `code end SPRING20` (contract/discounts.ts, operator.ts).
 * It opens the same database as the server (cliDatabase.ts).
 */
import { openCliDatabase } from './cliDatabase';
import {
  addCode,
  allCodes,
  allPlans,
  CODE_KEYS,
  changePlan,
  codeLine,
  endCode,
  type NewDiscountCode,
  PLAN_KEYS,
  parseCode,
  parsePlanChanges,
  planLine,
} from './modules/plans/operator';

const USAGE = `usage: npm run plans                              list the plans
       npm run plans -- set <id> key=value …        change one (keys: ${PLAN_KEYS.join(', ')})
       npm run plans -- code list                   list the discount codes
       npm run plans -- code add <CODE> key=value … add one (keys: ${CODE_KEYS.join(', ')})
       npm run plans -- code end <CODE>             end one now (also: code disable <CODE>)`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const [command = 'list', id, ...changes] = process.argv.slice(2);
let change: { id: number; set: Parameters<typeof changePlan>[2] } | undefined;
let code: { list: true } | { add: NewDiscountCode } | { end: string } | undefined;
if (command === 'set') {
  const parsed = parsePlanChanges(changes);
  if (!/^\d{1,9}$/.test(id ?? '') || 'error' in parsed) fail('error' in parsed ? parsed.error : USAGE);
  else change = { id: Number(id), set: parsed.set };
} else if (command === 'code') {
  const [name, ...words] = changes;
  if (id === 'list' && name === undefined) code = { list: true };
  else if (id === 'add') {
    const parsed = parseCode(changes);
    code = 'error' in parsed ? fail(parsed.error) : { add: parsed.code };
  } else if ((id === 'end' || id === 'disable') && name && words.length === 0) code = { end: name };
  else fail(USAGE);
} else if (command !== 'list' || id !== undefined) {
  fail(USAGE);
}

const database = await openCliDatabase();
try {
  if (code) {
    if ('add' in code) {
      const added = await addCode(database.db, code.add);
      if ('error' in added) throw new Error(added.error);
    }
    if ('end' in code && !(await endCode(database.db, code.end, new Date())))
      throw new Error(`There is no open code ${code.end.slice(0, 40)}.`);
    for (const row of await allCodes(database.db)) console.log(codeLine(row, new Date()));
  } else if (change && !(await changePlan(database.db, change.id, change.set))) {
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
