// `npm run db:generate -- --name <name>`: drizzle-kit generate with the given arguments, then only the two newest schema
// snapshots are kept in migrations/meta: drizzle-kit diffs against the last one only, and the one before it lets
// `drizzle-kit drop` undo the newest migration (docs/architecture.md, "Migrations").
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const run = spawnSync('drizzle-kit', ['generate', ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const meta = path.join(import.meta.dirname, 'migrations', 'meta');
const snapshots = readdirSync(meta)
  .filter((f) => f.endsWith('_snapshot.json'))
  .sort();
for (const old of snapshots.slice(0, -2)) rmSync(path.join(meta, old));
