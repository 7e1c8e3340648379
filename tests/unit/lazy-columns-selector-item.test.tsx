// @vitest-environment jsdom
/**
 * react-admin's column chooser entry loaded when it first renders (src/layout/lazyParts/ColumnsSelectorItem.tsx):
 * once loaded it is react-admin's — the column's switch, on while the column shows.
 */
import { ResourceContextProvider } from 'ra-core';
import { act, createElement } from 'react';
import { AdminContext, testI18nProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ColumnsSelectorItem } from '../../src/layout/lazyParts/ColumnsSelectorItem';
import { reactRoot } from './reactRoot';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = reactRoot();

describe('the lazy column chooser entry', () => {
  it("is react-admin's switch for the column once loaded", async () => {
    act(() =>
      dom.root.render(
        createElement(
          AdminContext,
          { i18nProvider: testI18nProvider() },
          createElement(
            ResourceContextProvider,
            // Its children are passed as createElement's third argument.
            { value: 'posts' } as never,
            createElement(ColumnsSelectorItem, { source: 'title', label: 'Title' }),
          ),
        ),
      ),
    );
    await vi.waitFor(() => expect(dom.host.querySelector('input[type="checkbox"]')).not.toBeNull());
    expect(dom.host.textContent).toContain('Title');
    expect(dom.host.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
  });
});
