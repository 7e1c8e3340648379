// @vitest-environment jsdom
/**
 * react-admin's bulk actions toolbar loaded with the first selection (src/layout/lazyParts/BulkActionsToolbar.tsx):
 * nothing (and no buttons) while no row has been selected, react-admin's toolbar once one is, and kept (collapsed,
 * as react-admin's collapses) when the selection is cleared.
 */
import { ListContextProvider, type ListControllerResult } from 'ra-core';
import { act, createElement } from 'react';
import { AdminContext, testI18nProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { BulkActionsToolbar } from '../../src/layout/lazyParts/BulkActionsToolbar';
import { reactRoot } from './reactRoot';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = reactRoot();

function render(selectedIds: number[]) {
  const list = {
    selectedIds,
    onUnselectItems: () => undefined,
    data: [{ id: 1 }, { id: 2 }],
    total: 2,
    resource: 'posts',
  } as unknown as ListControllerResult;
  act(() =>
    dom.root.render(
      createElement(
        AdminContext,
        { i18nProvider: testI18nProvider() },
        createElement(
          ListContextProvider,
          // Its children are passed as createElement's third argument.
          { value: list } as never,
          createElement(BulkActionsToolbar, null, createElement('button', { type: 'button' }, 'bulk')),
        ),
      ),
    ),
  );
}

const toolbar = () => dom.host.querySelector('[data-test="bulk-actions-toolbar"]');

describe('the lazy bulk actions toolbar', () => {
  it('renders nothing until a row is selected', () => {
    render([]);
    expect(dom.host.textContent).toBe('');
  });

  it("is react-admin's once one is, and stays collapsed after", async () => {
    render([1]);
    await vi.waitFor(() => expect(toolbar()).not.toBeNull());
    expect(toolbar()?.className).not.toContain('RaBulkActionsToolbar-collapsed');
    expect(dom.host.textContent).toContain('bulk');
    render([]);
    expect(toolbar()?.className).toContain('RaBulkActionsToolbar-collapsed');
  });
});
