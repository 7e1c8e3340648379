/**
 * Logistics through HTTP (issue 15): options with a fee and a free threshold, rich text cleaned, the list's filters,
 * bad amounts refused, another site's options unseen. The generated entity tests (conformance.test.ts) cover the rest.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/codes';
import type { logistics } from '../../contract/entities/logistics';
import type { EntityRecord } from '../../contract/entity';
import type { ListResult } from '../../contract/list';
import { PRICE_MAX } from '../../contract/shop';
import { sites } from '../../server/modules/tables';
import {
  type Client,
  createTestApp,
  fieldErrors,
  register,
  signInOwner,
  type TestApp,
} from '../fixtures/testApp';

type Logistics = EntityRecord<typeof logistics>;

let t: TestApp;
let owner: Client;
let stranger: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await signInOwner(t));
  stranger = await register(t, 'logistics-stranger@example.com');
  const status = await stranger.call<{ site: { current: { id: number } } }>('member/status');
  await t.database.db.update(sites).set({ serviceId: 1 }).where(eq(sites.id, status.data.site.current.id));
});
afterAll(async () => {
  await t?.close();
});

const option = (name: string, extra: Record<string, unknown> = {}) => ({
  id: 0,
  name,
  description: '',
  content: '',
  fee: 80,
  free_threshold: 1000,
  status: 'online',
  ...extra,
});

describe('logistics', () => {
  it('saves an option with its fee and threshold, its rich text cleaned, and lists it', async () => {
    const r = await owner.call<Logistics>(
      'logistics/save',
      option('宅配到府', { content: '<p onclick="x()">三天內<img src=x onerror=alert(1)>送達</p>' }),
    );
    expect(r.code, JSON.stringify(r)).toBe(Code.OK);
    expect(r.data).toMatchObject({
      name: '宅配到府',
      fee: 80,
      free_threshold: 1000,
      content: '<p>三天內送達</p>',
    });
    await owner.call('logistics/save', option('超商取貨', { status: 'offline', fee: 60, free_threshold: 0 }));
    const online = await owner.call<ListResult<Logistics>>('logistics/list', {
      query: { filters: [{ col: 'status', value: ['online'], type: 'in' }] },
    });
    expect(online.data.rows.map((l) => l.name)).toEqual(['宅配到府']);
    const found = await owner.call<ListResult<Logistics>>('logistics/list', {
      query: { filters: [{ col: 'name', value: '超商', type: 'search' }] },
    });
    expect(found.data.rows.map((l) => l.name)).toEqual(['超商取貨']);
    expect(await stranger.call('logistics/get', { id: r.data.id })).toMatchObject({ status: 404 });
    const theirs = await stranger.call<ListResult<Logistics>>('logistics/list', {});
    expect(theirs.data.total).toBe(0);
  });

  it('refuses bad amounts and long words with 1001', async () => {
    for (const [change, field] of [
      [{ fee: -1 }, 'fee'],
      [{ free_threshold: PRICE_MAX + 1 }, 'free_threshold'],
      [{ fee: 1.5 }, 'fee'],
      [{ name: '' }, 'name'],
      [{ name: '長'.repeat(61) }, 'name'],
      [{ description: 'x'.repeat(301) }, 'description'],
    ] as const) {
      const r = await owner.call('logistics/save', option('壞資料', change));
      expect(Object.keys(fieldErrors(r)), JSON.stringify(change)).toContain(field);
    }
  });
});
