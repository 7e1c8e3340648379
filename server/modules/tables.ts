/**
 * Every table, gathered from the modules' schema.ts files and db/appTables.ts, for the layers above the modules, the
 * tests and the benchmarks. No module imports it (a module imports the schema.ts of the module owning a table; the
 * lint rule no-tables-aggregate); the entity registry and drizzle.config.ts find the schema files themselves.
 */
export * from '../db/appTables';
export * from './auth/schema';
export * from './content/schema';
export * from './customers/schema';
export * from './dashboard/schema';
export * from './epaper/schema';
export * from './files/schema';
export * from './intelligence/schema';
export * from './langPack/schema';
export * from './menus/schema';
export * from './plans/schema';
export * from './readers/schema';
export * from './share/schema';
export * from './shop/schema';
export * from './staff/schema';
export * from './subscription/schema';
export * from './tenancy/schema';
export * from './themes/schema';
export * from './translate/schema';
