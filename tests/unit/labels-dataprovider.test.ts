/** Tags, categories and authors through the dataProvider: the label type rides on every call; id 0 creates. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { field } from '../../contract/entity';
import { entityFilters } from '../../contract/resources';
import { dataProvider } from '../../src/dataProvider';

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

describe('label resources', () => {
  it('list, show and delete with their type', async () => {
    const calls = stubApi({ rows: [], total: 0 });
    await dataProvider.getList('category', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { name: '新聞', slug: '' },
    });
    await dataProvider.getOne('tag', { id: '5' });
    await dataProvider.delete('tag', { id: 5 });
    expect(calls()).toEqual([
      [
        '/api/label/index',
        {
          type: 'category',
          query: {
            page: 2,
            size: 10,
            filters: [{ col: 'name', value: '新聞', type: 'search' }],
            sort: { col: 'name', order: 'asc' },
          },
        },
      ],
      ['/api/label/show', { type: 'tag', id: 5 }],
      ['/api/label/delete', { type: 'tag', id: 5 }],
    ]);
  });

  it('save only the contract fields, with the resource’s type', async () => {
    const calls = stubApi({ id: 1 });
    const lang = [{ lang_id: 1, title: '台北', cover: '' }];
    await dataProvider.create('tag', {
      data: { id: 0, type: 'category', slug: '', lang, active: [1], count: 3, name: 'x' },
    });
    await dataProvider.update('category', {
      id: 4,
      data: { id: 4, slug: 'xin-wen', lang, active: [1], updated_at: 'y' },
      previousData: { id: 4 },
    });
    expect(calls()).toEqual([
      ['/api/label/save', { id: 0, type: 'tag', slug: '', lang, active: [1] }],
      ['/api/label/save', { id: 4, type: 'category', slug: 'xin-wen', lang, active: [1] }],
    ]);
  });
});

describe('author resource', () => {
  it('maps onto author/*, id 0 creating', async () => {
    const calls = stubApi({ id: 1 });
    await dataProvider.create('author', {
      data: { id: 0, name: 'Ann', title: '', avatar: '', member_id: null },
    });
    await dataProvider.getOne('author', { id: 2 });
    await dataProvider.delete('author', { id: 2 });
    expect(calls()).toEqual([
      ['/api/author/save', { id: 0, name: 'Ann', title: '', avatar: '' }],
      ['/api/author/get', { id: 2 }],
      ['/api/author/delete', { id: 2 }],
    ]);
  });
});

describe('entity filters', () => {
  const fields = {
    name: field.text(z.string(), { filter: 'search' }),
    status: field.enum([0, 1], { filter: 'in' }),
  };

  it('send keywords as search filters and picked values as in filters, nothing when empty', () => {
    const filters = entityFilters({ fields });
    const filterOf = (name: string, value: unknown) => filters[name]?.(value);
    expect(filterOf('name', ' 新聞 ')).toEqual({ col: 'name', value: '新聞', type: 'search' });
    expect(filterOf('name', '  ')).toBeUndefined();
    expect(filterOf('status', [1])).toEqual({ col: 'status', value: [1], type: 'in' });
    expect(filterOf('status', 0)).toEqual({ col: 'status', value: [0], type: 'in' });
    expect(filterOf('status', [])).toBeUndefined();
    expect(filterOf('other', 'x')).toBeUndefined();
  });
});
