/** Content lists: status chips, filters sent to the API, paths of each kind, pinned order, failure toasts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentApi } from '../../contract/api/content';
import { content } from '../../contract/entities/content';
import { viewOf } from '../../contract/entityView';
import { entityFilters, entityResourceApi, inputFields } from '../../contract/resources';
import { dataProvider } from '../../src/dataProvider';
import { ApiError } from '../../src/dataProvider/client';
import { toChoices } from '../../src/resources/content/choices';
import { failureKey, failureReason } from '../../src/resources/content/failure';
import { CONTENT_KINDS, publishPath, sendPath, writerPath } from '../../src/resources/content/kinds';
import { isPinnedFirst, moveItem, PINNED_FIRST, pinnedInOrder } from '../../src/resources/content/pinned';
import { statusChips, withdrawalOf } from '../../src/resources/content/status';

describe('status chips', () => {
  it('maps each status to its chip', () => {
    expect(statusChips({ status: 0 })).toEqual([{ key: 'draft', color: 'default' }]);
    expect(statusChips({ status: 1 })).toEqual([{ key: 'published', color: 'success' }]);
    expect(statusChips({ status: 2 })).toEqual([{ key: 'scheduled', color: 'info' }]);
  });

  it('adds draft changed to a published or scheduled item, never to a draft', () => {
    expect(statusChips({ status: 1, is_draft_changed: true }).map((c) => c.key)).toEqual([
      'published',
      'draftChanged',
    ]);
    expect(statusChips({ status: 2, is_draft_changed: true }).map((c) => c.key)).toEqual([
      'scheduled',
      'draftChanged',
    ]);
    expect(statusChips({ status: 0, is_draft_changed: true }).map((c) => c.key)).toEqual(['draft']);
  });

  it('offers take offline for a published item and cancel for a scheduled one', () => {
    expect(withdrawalOf(1)).toBe('offline');
    expect(withdrawalOf(2)).toBe('cancel');
    expect(withdrawalOf(0)).toBeUndefined();
  });
});

/** The content lists' filters, as the declaration makes them (contract/entities/content.ts). */
const contentFilters = entityFilters(content);
const keywordFilter = contentFilters.keyword;

describe('filters', () => {
  it('sends a keyword as a search on the keyword column, trimmed', () => {
    expect(keywordFilter('  人工智慧 ')).toEqual({ col: 'keyword', value: '人工智慧', type: 'search' });
  });

  it('never sends an empty keyword (the server answers 請輸入搜尋文字。)', () => {
    expect(keywordFilter('')).toBeUndefined();
    expect(keywordFilter('   ')).toBeUndefined();
    expect(keywordFilter(undefined)).toBeUndefined();
  });

  it('sends status, category, tag and author as `in` filters of ids', () => {
    expect(contentFilters.status(0)).toEqual({ col: 'status', value: [0], type: 'in' });
    expect(contentFilters.category_id('7')).toEqual({ col: 'category_id', value: [7], type: 'in' });
    expect(contentFilters.tag([3, 4])).toEqual({ col: 'tag', value: [3, 4], type: 'in' });
    expect(contentFilters.author(9)).toEqual({ col: 'author', value: [9], type: 'in' });
    expect(contentFilters.author('x')).toBeUndefined();
    expect(contentFilters.to_top(true)).toEqual({ col: 'to_top', value: [1], type: 'in' });
  });

  it('is the filter table of the three content resources, whose calls carry the type in the query', () => {
    const api = (name: string) =>
      entityResourceApi(
        content,
        content.resources?.find((r) => r.name === name),
      );
    expect(api('press').list).toBe(contentApi.list);
    expect(api('press').query).toEqual({ t: '1' });
    expect(api('page').get).toBe(contentApi.get);
    expect(api('page').query).toEqual({ t: '3' });
    expect(api('epaper').delete).toBe(contentApi.publish);
    expect(api('epaper').query).toEqual({ t: '4' });
    expect(api('press').create).toBe(contentApi.save);
    // No fixed field in the body; the save answers a summary, read again; deleting is publishing with mode -1.
    expect(api('press').extra).toBeUndefined();
    expect(api('press').reread).toBe(true);
    expect(api('press').deleteBody?.(5)).toEqual({ id: 5, mode: -1 });
    expect(api('press').filters.keyword('')).toBeUndefined();
    expect(api('page').filters.to_top(true)).toEqual({ col: 'to_top', value: [1], type: 'in' });
    expect(api('page').filters.status('2')).toEqual({ col: 'status', value: [2], type: 'in' });
    // Each kind's own permissions.
    expect(content.resources?.map((r) => r.permissions?.edit)).toEqual([
      'post.edit',
      'page.edit',
      'post.edit',
    ]);
  });

  it('is made alike from the view the SPA gets (the declaration as data, contract/entityView.ts): no schemas', () => {
    const view = viewOf(content);
    expect(JSON.stringify(view)).not.toContain('_zod');
    const page = content.resources?.[1];
    const fromView = entityResourceApi(view, page);
    const fromDeclaration = entityResourceApi(content, page);
    expect(fromView.list.path).toBe('press/list');
    expect(fromView.delete?.path).toBe('press/publish');
    expect(fromView.query).toEqual({ t: '3' });
    expect(fromView.reread).toBe(true);
    expect(fromView.deleteBody?.(5)).toEqual({ id: 5, mode: -1 });
    expect(inputFields(fromView.update)).toEqual(inputFields(fromDeclaration.update));
    expect(Object.keys(fromView.filters).sort()).toEqual(Object.keys(fromDeclaration.filters).sort());
    const values: [string, unknown][] = [
      ['status', '1'],
      ['to_top', false],
      ['keyword', ' 夏 '],
      ['tag', [2]],
    ];
    for (const [name, value] of values)
      expect(fromView.filters[name](value), name).toEqual(fromDeclaration.filters[name](value));
  });
});

describe('paths of each kind', () => {
  it('opens the writer with the writer type, id 0 for a new item', () => {
    expect(writerPath(CONTENT_KINDS.press)).toBe('/edit/post/0');
    expect(writerPath(CONTENT_KINDS.page, 12)).toBe('/edit/page/12');
    expect(writerPath(CONTENT_KINDS.epaper, 3)).toBe('/edit/epaper/3');
  });

  it('keeps the publish flow under the list route', () => {
    expect(publishPath(CONTENT_KINDS.press, 5, 'setting')).toBe('/press/5/publish/setting');
    expect(publishPath(CONTENT_KINDS.page, 5, 'success')).toBe('/page/5/publish/success');
    expect(sendPath(8)).toBe('/epaper/8/send');
  });
});

describe('pinned items', () => {
  const row = (id: number, to_top: boolean, pin_order: number) => ({ id, to_top, pin_order });

  it('keeps the pinned ones in their saved order', () => {
    const rows = [row(1, true, 2), row(2, false, 0), row(3, true, 1), row(4, true, 3)];
    expect(pinnedInOrder(rows).map((r) => r.id)).toEqual([3, 1, 4]);
  });

  it('moves one item to where another is', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(moveItem(items, 3, 1).map((i) => i.id)).toEqual([3, 1, 2]);
    expect(moveItem(items, 1, 3).map((i) => i.id)).toEqual([2, 3, 1]);
    expect(moveItem(items, 1, 99).map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('lists pinned first when no column is sorted', () => {
    expect(isPinnedFirst(PINNED_FIRST)).toBe(true);
    expect(isPinnedFirst({ field: 'title', order: 'ASC' })).toBe(false);
  });
});

describe('filter choices', () => {
  it('reads lists and plain arrays alike', () => {
    expect(toChoices({ rows: [{ id: 1, name: '新聞' }], total: 1 })).toEqual([{ id: 1, name: '新聞' }]);
    expect(toChoices([{ id: 2, name: '台北', slug: 'taipei' }])).toEqual([{ id: 2, name: '台北' }]);
    expect(toChoices(null)).toEqual([]);
  });
});

describe('failure toasts', () => {
  const apiError = (status: number, code: number, message: string, errors?: Record<string, string>) =>
    new ApiError(message, status, { code, msg: '', data: null, errors });

  it('has per-type words for publish, schedule, offline, cancel and delete', () => {
    expect(failureKey('post', 'schedule')).toBe('content.failed.post.schedule');
    expect(failureKey('epaper', 'delete')).toBe('content.failed.epaper.delete');
    expect(failureKey('page', 'pin')).toBe('content.failed.pin');
  });

  it('adds the specific reason, stays silent on 403, and says nothing more for a vague failure', () => {
    expect(failureReason(apiError(200, 3002, 'errors.3002'))).toBe('errors.3002');
    expect(failureReason(apiError(200, 1001, 'errors.1001', { date: '格式錯誤' }))).toBe('格式錯誤');
    expect(failureReason(apiError(403, 1009, ''))).toBeNull();
    expect(failureReason(apiError(500, 0, 'errors.generic'))).toBeUndefined();
    expect(failureReason(new Error('boom'))).toBeUndefined();
  });
});

describe('content through the dataProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends every call of a kind with its ?t=, and deletes by publishing with mode -1', async () => {
    const fetchImpl = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ code: 1, msg: '', data: { rows: [], total: 0 } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchImpl);
    await dataProvider.getList('epaper', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    await dataProvider.delete('page', { id: 7 });
    const calls = fetchImpl.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(calls[0][0]).toBe('/api/press/list?t=4');
    expect(calls[1]).toEqual(['/api/press/publish?t=3', { id: 7, mode: -1 }]);
  });

  it('refuses a write the resource has no action for, without calling the server', async () => {
    const fetchImpl = vi.fn();
    vi.stubGlobal('fetch', fetchImpl);
    await expect(dataProvider.delete('site', { id: 1 })).rejects.toThrow();
    await expect(dataProvider.create('file', { data: {} })).rejects.toThrow();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
