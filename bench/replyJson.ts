/**
 * member/status's reply written two ways, in this process, no sockets (issue 31): the whole envelope serialised and
 * encoded on every call (what Fastify does with an object), against the product's way (server/http/reply.ts
 * JsonData, auth/service.ts sessionJson): the person, the permission lists and the sites kept encoded, only the
 * call's own part (the clock, a few flags) serialised, and joined. The reply is the real one, read from the app over HTTP (PGlite). Rounds alternate; µs a reply, min and
 * median of the rounds. The HTTP bench (http.ts) cannot see a few µs on a noisy day; this can.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { okBytes } from '../server/http/reply';
import { listsJson, personJson, sessionJson, sitesJson } from '../server/modules/auth/service';
import { prepareDatabase } from '../server/seed';
import { signIn } from './lib';

const ROUNDS = 12;
const CALLS = 50_000;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-reply-'));
const database = await openDatabase({ dir });
await prepareDatabase(database.db, {
  seed: true,
  adminEmail: 'owner@example.com',
  adminPassword: 'bench-pass-1',
});
const app = await buildApp({
  config: { ...loadConfig({}), distDir: path.join(tmpdir(), 'bench-no-spa') },
  db: database.db,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const res = await fetch(`${base}/api/member/status?t=writer`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: await signIn(base) },
  body: '{}',
});
const text = await res.text();
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

const envelope = JSON.parse(text);
const { permissions, base_permissions, ...person } = envelope.data.user;
const { isLogined: _, user: __, site, role, ...call } = envelope.data;
const kept = [
  personJson(person),
  listsJson(permissions, base_permissions),
  sitesJson({ site, role }),
] as const;

const whole = () => Buffer.from(JSON.stringify(envelope));
const joined = () => okBytes(sessionJson(...kept, call));
if (!whole().equals(Buffer.from(text)) || !joined().equals(Buffer.from(text)))
  throw new Error('the two ways do not write the reply the app sent');

/** Bytes written, read at the end so that no call is optimised away. */
let written = 0;
const time = (write: () => Buffer) => {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) written += write().length;
  return ((performance.now() - start) * 1000) / CALLS;
};
const rounds = { whole: [] as number[], joined: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  rounds.whole.push(time(whole));
  rounds.joined.push(time(joined));
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const line = (name: string, xs: number[]) =>
  `| ${name} | ${sorted(xs)[0].toFixed(2)} | ${sorted(xs)[Math.floor(xs.length / 2)].toFixed(2)} |`;
console.log(
  `\nmember/status's reply (${Buffer.byteLength(text)} bytes), ${ROUNDS} rounds of ${CALLS} calls (${written} bytes written)\n`,
);
console.log('| written | µs a reply, min | median |\n|---|---:|---:|');
console.log(line('whole envelope, JSON.stringify + encode', rounds.whole));
console.log(line("JsonData: the parts kept encoded, the call's own written and joined", rounds.joined));
