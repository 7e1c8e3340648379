/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by trying it. The app's
 * Content-Security-Policy forbids eval (server/http/securityHeaders.ts), so that probe would be reported as a
 * violation: zod runs without compiling instead. main.tsx imports this first, before any schema exists, since zod
 * decides when a schema is made.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
