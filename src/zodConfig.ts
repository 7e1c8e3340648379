/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by trying it. The app's
 * Content-Security-Policy forbids eval (server/http/securityHeaders.ts), so that probe would be reported as a
 * violation: zod runs without compiling instead. main.tsx imports this first, before any schema exists, since zod
 * reads the setting when a schema is made.
 *
 * Zod keeps its settings in `globalThis.__zod_globalConfig` (zod/v4/core/core.js: the object `config()` fills, shared
 * by every copy of zod), so they are written there rather than through `config()`: importing zod here would put
 * part of it in the entry chunk, on the sign-in screens, which use no zod (about 3 kB gzip). security.spec.ts fails
 * if the probe runs.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
