// @vitest-environment jsdom
/**
 * A list's keyword filter asks again SPEC §9's input debounce (100 ms) after the last keystroke, not react-admin's
 * 500 ms: in a filter panel (src/components/filterForms.tsx) and in the list's toolbar (src/theme.ts).
 */
import { act, createElement } from 'react';
import { AdminContext, type DataProvider, List, SearchInput, testI18nProvider } from 'react-admin';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELAY } from '../../contract/constants';
import { FilterLiveSearch } from '../../src/components/filterForms';
import { theme } from '../../src/theme';

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
const queries: { q?: string }[] = [];

const dataProvider = {
  getList: async (_resource: string, params: { filter: { q?: string } }) => {
    queries.push(params.filter);
    // One record: an empty list would show its empty page instead of its toolbar.
    return { data: [{ id: 1 }], total: 1 };
  },
} as unknown as DataProvider;

/** Types `value` into the input as a person would (React reads the native setter's value). */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const searched = (word: string) => queries.some((filter) => filter.q === word);

const keywordInput = () => host.querySelector<HTMLInputElement>('input[name="q"]') as HTMLInputElement;

/** A list of `things` with a keyword filter where `where` says, in the admin's theme. */
async function mount(where: 'panel' | 'toolbar') {
  const keyword =
    where === 'panel'
      ? { aside: createElement(FilterLiveSearch, { source: 'q' }) }
      : { filters: [createElement(SearchInput, { key: 'q', source: 'q', alwaysOn: true })] };
  await act(async () => {
    root.render(
      createElement(
        AdminContext,
        { dataProvider, i18nProvider: testI18nProvider(), theme },
        createElement(
          List,
          {
            resource: 'things',
            disableSyncWithLocation: true,
            storeKey: false,
            ...keyword,
          },
          createElement('span'),
        ),
      ),
    );
    await vi.advanceTimersByTimeAsync(50);
  });
  const input = keywordInput();
  expect(input).not.toBeNull();
  expect(queries.length).toBeGreaterThan(0);
  return input;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  queries.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe.each(['panel', 'toolbar'] as const)('a keyword filter in the list %s', (where) => {
  it('asks the list again 100 ms after the last keystroke', async () => {
    const input = await mount(where);
    await act(async () => {
      type(input, 'abc');
      await vi.advanceTimersByTimeAsync(DELAY.inputDebounce - 20);
    });
    expect(searched('abc')).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(searched('abc')).toBe(true);
  });

  it('waits for the last keystroke: typing on starts the wait again', async () => {
    const input = await mount(where);
    await act(async () => {
      type(input, 'ab');
      await vi.advanceTimersByTimeAsync(DELAY.inputDebounce - 40);
    });
    await act(async () => {
      type(keywordInput(), 'abcd');
      await vi.advanceTimersByTimeAsync(DELAY.inputDebounce - 20);
    });
    expect(searched('ab')).toBe(false);
    expect(searched('abcd')).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(searched('ab')).toBe(false);
    expect(searched('abcd')).toBe(true);
  });
});
