import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module keeps its tables beside it (server/modules/<m>/schema.ts); db/appTables.ts holds the installation's.
  schema: ['./server/db/appTables.ts', './server/modules/*/schema.ts'],
  out: './server/db/migrations',
});
