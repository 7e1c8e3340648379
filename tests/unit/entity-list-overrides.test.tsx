// @vitest-environment jsdom
/**
 * The generated list's extension points for a list whose records are written elsewhere (src/entities/overrides.ts),
 * as the article list uses them: its own order (`sort`, none sent), rows leading to `rowPath` with no generated
 * edit or delete, its own filter panel, and a mode (`modes`, switched by the toolbar through `useListMode`) that takes
 * the table's place, hiding the filter panel and the pagination, until it is done.
 */
import { act, Suspense } from 'react';
import { AdminContext, type AuthProvider, type DataProvider, testI18nProvider } from 'react-admin';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EntityList } from '../../src/entities/EntityList';
import { type EntityOverrides, useListMode } from '../../src/entities/overrides';
import { theme } from '../../src/theme';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
const sorts: { field: string; order: string }[] = [];

const row = { id: 7, title: '置頂甲', status: 1, author: [], category: null, publish_ts: null, lang_id: 1 };
const dataProvider = {
  getList: async (_resource: string, params: { sort: { field: string; order: string } }) => {
    sorts.push(params.sort);
    return { data: [row], total: 1 };
  },
} as unknown as DataProvider;
const authProvider = {
  checkAuth: async () => {},
  checkError: async () => {},
  login: async () => {},
  logout: async () => {},
  canAccess: async () => true,
} as unknown as AuthProvider;

function Reorder() {
  const { mode, setMode } = useListMode();
  return mode ? null : (
    <button type="button" onClick={() => setMode('reorder')}>
      reorder
    </button>
  );
}

const overrides: EntityOverrides = {
  sort: { field: '', order: 'DESC' },
  rowPath: (id) => `/edit/post/${id}`,
  Filters: () => <div data-testid="own-filters" />,
  Actions: Reorder,
  modes: {
    reorder: ({ onDone }) => (
      <button type="button" data-testid="sorter" onClick={onDone}>
        done
      </button>
    ),
  },
};

const q = (selector: string) => host.querySelector(selector);
const button = (text: string) =>
  [...host.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  sorts.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

it('lists in its own order, leads rows elsewhere, and swaps the table for a mode until it is done', async () => {
  await act(async () => {
    root.render(
      <MemoryRouter>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={testI18nProvider()}
          theme={theme}
        >
          <Suspense fallback={null}>
            <EntityList resource="press" overrides={overrides} embedded />
          </Suspense>
        </AdminContext>
      </MemoryRouter>,
    );
    await settle();
  });
  // The declaration loads, then the list.
  for (let i = 0; i < 60 && !host.textContent?.includes('置頂甲'); i++) await act(settle);
  expect(host.textContent).toContain('置頂甲');
  expect(sorts[0]).toEqual({ field: '', order: 'DESC' });
  // No generated edit or delete of a row, nor an add button: the records are written elsewhere.
  expect(q('tbody [aria-label="ra.action.edit"]')).toBeNull();
  expect(q('tbody [aria-label="ra.action.delete"]')).toBeNull();
  expect(q('a[href$="/press/0"]')).toBeNull();
  expect(q('[data-testid="own-filters"]')).not.toBeNull();
  expect(q('.column-row-actions')).not.toBeNull();

  await act(async () => button('reorder').click());
  expect(q('[data-testid="sorter"]')).not.toBeNull();
  expect(q('table')).toBeNull();
  expect(q('[data-testid="own-filters"]')).toBeNull();

  await act(async () => button('done').click());
  expect(q('[data-testid="sorter"]')).toBeNull();
  expect(q('table')).not.toBeNull();
  expect(q('[data-testid="own-filters"]')).not.toBeNull();
});
