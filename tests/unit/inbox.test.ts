/**
 * Followers and customer messages in the SPA, without a browser: the dataProvider's mapping of their list filters
 * (keyword, source, status, date range), `customer/get` called with `{id}`, a follower removed by `{ids}`, and the
 * reply draft kept per site and message in local storage.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/dataProvider';
import { drafts } from '../../src/resources/customer/api';

function stubApi(data: unknown) {
  const fetchImpl = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ code: 1, msg: '', data }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchImpl);
  return () => fetchImpl.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('followers through the dataProvider', () => {
  it('maps keyword, source and the date range; removes by ids', async () => {
    const calls = stubApi({ rows: [], total: 0 });
    await dataProvider.getList('follower', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: ' alice ', source: 'account', from: '2026-03-01', to: '', other: 'x' },
    });
    expect(calls()).toEqual([
      [
        '/api/subscribers/list',
        {
          query: {
            page: 1,
            size: 25,
            filters: [
              { col: 'keyword', value: 'alice', type: 'search' },
              { col: 'source', value: 'account', type: 'search' },
              { col: 'from', value: '2026-03-01', type: 'search' },
            ],
            sort: { col: 'created_at', order: 'desc' },
          },
        },
      ],
    ]);
    const removed = stubApi({ ids: [7] });
    await dataProvider.delete('follower', { id: 7 });
    expect(removed()).toEqual([['/api/subscribers/remove', { ids: [7] }]]);
  });

  it('removes several in one call of subscribers/remove {ids} (the bulk delete of the list)', async () => {
    const removed = stubApi({ ids: [7, 8] });
    await dataProvider.deleteMany('follower', { ids: [7, '8'] });
    expect(removed()).toEqual([['/api/subscribers/remove', { ids: [7, 8] }]]);
  });
});

describe('members through the dataProvider', () => {
  it('removes several in one call of profile/remove {ids}, all or nothing', async () => {
    const removed = stubApi({ ids: [3, 4] });
    await dataProvider.deleteMany('member', { ids: [3, '4'] });
    expect(removed()).toEqual([['/api/profile/remove', { ids: [3, 4] }]]);
  });
});

describe('customer messages through the dataProvider', () => {
  it('maps status and dates; reads one message by {id}', async () => {
    const calls = stubApi({ rows: [], total: 0 });
    await dataProvider.getList('customer', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: '錯字', status: 1, to: '2026-04-03' },
    });
    await dataProvider.getList('customer', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'all' },
    });
    expect(calls().map(([, body]) => body.query.filters)).toEqual([
      [
        { col: 'keyword', value: '錯字', type: 'search' },
        { col: 'status', value: [1], type: 'in' },
        { col: 'to', value: '2026-04-03', type: 'search' },
      ],
      [],
    ]);
    const one = stubApi({ id: 3 });
    await dataProvider.getOne('customer', { id: '3' });
    expect(one()).toEqual([['/api/customer/get', { id: 3 }]]);
  });
});

describe('the reply draft', () => {
  it('is kept per site and message until cleared, and survives a storage that refuses', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    drafts.write(1, 5, '還沒寄出的回覆');
    expect(drafts.read(1, 5)).toBe('還沒寄出的回覆');
    expect(drafts.read(2, 5)).toBe('');
    expect(drafts.read(1, 6)).toBe('');
    drafts.write(1, 5, '');
    expect(store.size).toBe(0);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    });
    expect(() => drafts.write(1, 5, 'x')).not.toThrow();
    expect(drafts.read(1, 5)).toBe('');
  });
});
