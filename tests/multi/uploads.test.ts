/**
 * Three server processes behind HAProxy on one PostgreSQL database and one S3 bucket (tests/fixtures/s3Server.ts, in
 * this process), issue 32: a design change and another theme applied through one instance show on the others' next
 * page; one client gets one analytics budget and one discount-code budget however the proxy spreads its requests; a
 * tus upload begun on one instance, which is killed with SIGKILL in the middle of a PATCH, goes on through another
 * (the dead one's lock no obstacle), which is killed in turn, and is finished through the proxy into a video
 * byte-identical to the file.
 */
import { createHash } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../bench/lib';
import { ANALYTICS_BATCH_MAX, ANALYTICS_CLIENT_PER_MINUTE } from '../../contract/analytics';
import { Code } from '../../contract/codes';
import { DISCOUNT_CHECKS_PER_MINUTE } from '../../contract/discounts';
import type { ThemeUploadReply } from '../../contract/themes';
import { VIDEO_ID_HEADER, VIDEO_UPLOAD_PATH } from '../../contract/videos';
import { type Database, openDatabase } from '../../server/db/client';
import { videos } from '../../server/modules/tables';
import { ASSET_HASH_LENGTH } from '../../server/workers/engine';
import { type S3Server, startS3Server } from '../fixtures/s3Server';
import { themeZip, tinyTheme } from '../fixtures/themeZip';
import { cutPatch, mp4, uploadLocked } from '../fixtures/videos';
import { call, data } from './api';
import { DEMO_HOST, type Instance, OWNER, requestWithHost, startCluster, until } from './cluster';

const MB = 1024 * 1024;

let s3: S3Server;
let cluster: Awaited<ReturnType<typeof startCluster>>;
let database: Database;
let owner: string;

beforeAll(async () => {
  s3 = await startS3Server();
  cluster = await startCluster(3, {
    env: {
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
  });
  database = await openDatabase({ url: cluster.database.url });
  owner = await signIn(cluster.proxy.base, OWNER.password);
  // Published: its visitors' events count, and its pages wear its theme.
  await data(cluster.proxy.base, owner, 'site/publish', { publish: true });
});
afterAll(async () => {
  await database?.close();
  await cluster?.close();
  await s3?.close();
});

describe('three instances on one bucket behind HAProxy', () => {
  it("shows a design change and another theme, made through one instance, on the others' very next page", async () => {
    const [a, ...others] = cluster.instances;
    const home = async (instance: Instance) => (await requestWithHost(`${instance.base}/`, DEMO_HOST)).body;
    await data(a.base, owner, 'design/save', { values: { footer_text: '多機頁尾一' } });
    // Each instance renders the home with the first footer and keeps it in its own page cache.
    for (const instance of cluster.instances)
      for (let i = 0; i < 2; i++) expect(await home(instance), instance.name).toContain('多機頁尾一');
    await data(a.base, owner, 'design/save', { values: { footer_text: '多機頁尾二' } });
    for (const instance of others) {
      const body = await home(instance);
      expect(body, instance.name).toContain('多機頁尾二');
      expect(body, instance.name).not.toContain('多機頁尾一');
    }

    const files = tinyTheme({}, 'MULTI THEME');
    const form = new FormData();
    const zip = await themeZip(files);
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'multi.zip');
    const uploaded = await fetch(`${a.base}/api/theme/upload`, {
      method: 'POST',
      headers: { cookie: owner },
      body: form,
    });
    const reply = (await uploaded.json()) as { code: number; data: ThemeUploadReply };
    expect(reply.code).toBe(1);
    await data(a.base, owner, 'theme/apply', { id: reply.data.id });
    for (const instance of others) {
      const body = await home(instance);
      expect(body, instance.name).toContain('MULTI THEME');
      expect(body, instance.name).not.toContain('多機頁尾二');
    }
    // Its files are the database's, whichever instance took the upload.
    const css = files['assets/theme.css'];
    const hash = createHash('sha256').update(css).digest('hex').slice(0, ASSET_HASH_LENGTH);
    for (const instance of others)
      expect(
        await requestWithHost(`${instance.base}/assets/${hash}/theme.css`, DEMO_HOST),
        instance.name,
      ).toEqual({
        status: 200,
        body: css,
      });
  });

  it('counts one analytics budget for a client whose beacons the proxy spreads over the three', async () => {
    const event = { k: 'c', p: '/', t: 'https://example.com/multi-budget' };
    const batch = JSON.stringify({ events: Array.from({ length: ANALYTICS_BATCH_MAX }, () => event) });
    // Three budgets' worth: as many as three instances would take if each kept its own.
    const batches = (3 * ANALYTICS_CLIENT_PER_MINUTE) / ANALYTICS_BATCH_MAX;
    const { answered, seconds } = await spread(async () => {
      for (let i = 0; i < batches; i++) {
        const sent = await requestWithHost(`${cluster.proxy.base}/_analytics`, DEMO_HOST, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: batch,
        });
        expect(sent.status, `batch ${i}`).toBe(204);
      }
    });
    const counted = await countOf(
      sql`SELECT coalesce(sum(count), 0)::int AS n FROM analytics_daily WHERE target = ${event.t}`,
    );
    console.info(
      `${batches * ANALYTICS_BATCH_MAX} events in ${seconds.toFixed(2)} s through the proxy (${answered}): ` +
        `${counted} counted, budget ${ANALYTICS_CLIENT_PER_MINUTE} a minute`,
    );
    // The bucket refills continuously: what it gained while the batches came may count too.
    expect(counted).toBeGreaterThanOrEqual(ANALYTICS_CLIENT_PER_MINUTE);
    expect(counted).toBeLessThanOrEqual(
      ANALYTICS_CLIENT_PER_MINUTE + Math.ceil((seconds * ANALYTICS_CLIENT_PER_MINUTE) / 60),
    );
  });

  it('answers one discount-code budget of guesses for a user whose calls the proxy spreads over the three', async () => {
    const codes: number[] = [];
    const { answered, seconds } = await spread(async () => {
      for (let i = 0; i < 3 * DISCOUNT_CHECKS_PER_MINUTE; i++)
        codes.push(
          (await call(cluster.proxy.base, owner, 'plan/quote', { plan: 3, code: `GUESS${i}` })).code,
        );
    });
    const looked = codes.filter((c) => c === Code.DISCOUNT_UNKNOWN).length;
    console.info(
      `${codes.length} code guesses in ${seconds.toFixed(2)} s through the proxy (${answered}): ${looked} looked up, ` +
        `budget ${DISCOUNT_CHECKS_PER_MINUTE} a minute`,
    );
    expect(looked + codes.filter((c) => c === Code.DISCOUNT_TOO_MANY_CHECKS).length).toBe(codes.length);
    expect(looked).toBeGreaterThanOrEqual(DISCOUNT_CHECKS_PER_MINUTE);
    expect(looked).toBeLessThanOrEqual(
      DISCOUNT_CHECKS_PER_MINUTE + Math.ceil((seconds * DISCOUNT_CHECKS_PER_MINUTE) / 60),
    );
  });

  // Last: it kills two instances.
  it('finishes a tus upload through the others after its instance, then the next, is killed mid-PATCH', async () => {
    const [a, b] = cluster.instances;
    const file = mp4(12 * MB, 4);
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await tus(a.base, 'POST', VIDEO_UPLOAD_PATH, {
      'upload-length': String(file.length),
      'upload-metadata': `filename ${b64('multi.mp4')},filetype ${b64('video/mp4')},duration ${b64('4')}`,
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location') as string;
    const id = url.split('/').pop() as string;
    // Over S3's 5 MiB minimum: a part of its own in the bucket.
    expect((await patch(a.base, url, 0, file.subarray(0, 6 * MB))).status).toBe(204);
    // B reads it from the bucket (and has its tus server and lock connection open before the kill is timed).
    expect((await tus(b.base, 'HEAD', url, {})).headers.get('upload-offset')).toBe(String(6 * MB));

    // The next bytes, 1 MB of 6 sent: A holds the upload (its advisory lock is in pg_locks) when it is killed.
    const first = await killMidPatch(a, url, 6 * MB, file.subarray(6 * MB), async () =>
      uploadLocked(database.db, id),
    );
    // B asks at once; PostgreSQL drops the dead connection's lock, so B waits for no timeout (tus's is 30 s).
    const [head, freedAfter] = await Promise.all([
      tus(b.base, 'HEAD', url, {}).then((r) => ({ ...r, ms: performance.now() - first.exitedAt })),
      until('the lock gone', async () => !(await uploadLocked(database.db, id)), 5_000).then(
        () => performance.now() - first.exitedAt,
      ),
    ]);
    console.info(
      `${a.name} killed mid-PATCH: exited after ${first.exitMs.toFixed(0)} ms; then its upload lock ` +
        `gone within ${freedAfter.toFixed(0)} ms, ${b.name}'s HEAD answered in ${head.ms.toFixed(0)} ms`,
    );
    expect(head.status).toBe(200);
    // The half-sent PATCH died with A before its part reached the bucket.
    expect(head.headers.get('upload-offset')).toBe(String(6 * MB));
    expect(head.ms).toBeLessThan(2_000);

    // Under the minimum: kept as the incomplete part `<id>.part` until the next PATCH takes it.
    const onB = await patch(b.base, url, 6 * MB, file.subarray(6 * MB, 9 * MB));
    expect(onB.headers.get('upload-offset')).toBe(String(9 * MB));
    expect(s3.objects.get(`${id}.part`)?.body.length).toBe(3 * MB);
    // B is killed in the next PATCH once it has taken the incomplete part out of the bucket (@tus/s3-store deletes it
    // before the new bytes are stored, never after: a kill between would count its bytes twice).
    await killMidPatch(
      b,
      url,
      9 * MB,
      file.subarray(9 * MB),
      async () => (await uploadLocked(database.db, id)) && !s3.objects.has(`${id}.part`),
    );

    // Through the proxy once it has taken both out: the last instance reads the upload from the bucket.
    await until(
      'the killed instances DOWN in HAProxy',
      async () => !(await cluster.proxy.isUp(a)) && !(await cluster.proxy.isUp(b)),
      10_000,
    );
    const proxied = await tus(cluster.proxy.base, 'HEAD', url, {});
    // The incomplete part's bytes went with B: the offset is back at the last whole part, and the client (asking,
    // as tus clients do) sends again from there.
    expect(proxied.headers.get('upload-offset')).toBe(String(6 * MB));
    const done = await patch(cluster.proxy.base, url, 6 * MB, file.subarray(6 * MB));
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe(String(file.length));

    const [row] = await database.db.select().from(videos).where(eq(videos.uploadId, id));
    expect(done.headers.get(VIDEO_ID_HEADER)).toBe(String(row.id));
    expect(row).toMatchObject({
      status: 'ready',
      size: file.length,
      path: id,
      mime: 'video/mp4',
      duration: 4,
    });
    expect(s3.objects.get(id)?.body.equals(file)).toBe(true);
  });
});

/**
 * A PATCH at `offset` announcing `rest`, 1 MB of it sent to `instance`, which is killed with SIGKILL once `holding()`
 * says it holds the upload: answers when it had exited, and how long that took.
 */
async function killMidPatch(
  instance: Instance,
  url: string,
  offset: number,
  rest: Buffer,
  holding: () => Promise<boolean>,
) {
  let killedAt = 0;
  let exitedAt = 0;
  await cutPatch(
    `${instance.base}${url}`,
    owner,
    rest,
    MB,
    async () => {
      if (!(await holding())) return false;
      killedAt = performance.now();
      await instance.stop('SIGKILL');
      exitedAt = performance.now();
      return true;
    },
    offset,
  );
  expect(exitedAt, `${instance.name} held the upload and was killed`).toBeGreaterThan(0);
  return { exitedAt, exitMs: exitedAt - killedAt };
}

/** Runs `calls` and answers how long they took and how many requests each instance answered meanwhile. */
async function spread(calls: () => Promise<void>) {
  const before = await cluster.proxy.servers();
  const started = performance.now();
  await calls();
  const seconds = (performance.now() - started) / 1000;
  const after = await cluster.proxy.servers();
  const counts = [...after].map(([name, s]) => [name, s.total - (before.get(name)?.total ?? 0)] as const);
  for (const [name, n] of counts) expect(n, `${name} answered none`).toBeGreaterThan(0);
  return { seconds, answered: counts.map(([name, n]) => `${name} ${n}`).join(', ') };
}

/** The `n` of a query answering one row. */
const countOf = async (query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0].n;

async function tus(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', cookie: owner, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const patch = (base: string, url: string, offset: number, bytes: Buffer) =>
  tus(
    base,
    'PATCH',
    url,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
