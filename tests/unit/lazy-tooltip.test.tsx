// @vitest-environment jsdom
/**
 * MUI's Tooltip put off until after the first render (src/layout/lazyParts/Tooltip.tsx): until the real one has
 * loaded, its child renders as the real Tooltip renders it closed (same DOM: the title as the accessible name, or as
 * the title attribute with describeChild, the Tooltip's other props on the child); then it is the real one.
 */
import RealTooltip from '@mui/material/Tooltip';
import { act, createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import Tooltip from '../../src/layout/lazyParts/Tooltip';
import { reactRoot } from './reactRoot';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = reactRoot();

const button = (label?: string) =>
  createElement(
    'button',
    { type: 'button', className: 'own', ...(label ? { 'aria-label': label } : {}) },
    'B',
  );

const cases: [string, Record<string, unknown>, ReactElement | string][] = [
  ['a string title names the child', { title: '儲存' }, button()],
  ["the child's own name stays", { title: '儲存' }, button('自己的')],
  ['describeChild gives a title attribute', { title: '說明', describeChild: true }, button()],
  ['an element title names nothing', { title: createElement('b', null, '粗') }, button()],
  [
    'other props go to the child',
    { title: 'x', className: 'more', 'data-x': '1', placement: 'top' },
    button(),
  ],
  ['a text child is wrapped in a span', { title: 'x' }, 'text'],
];

function html(component: unknown, props: Record<string, unknown>, child: ReactElement | string): string {
  act(() => dom.root.render(createElement(component as never, props, child)));
  // Outside production the real one marks its child for a check of its own.
  return dom.host.innerHTML.replace(' data-mui-internal-clone-element="true"', '');
}

describe('the lazy Tooltip before the real one has loaded', () => {
  it.each(cases)('%s, as the real one renders it closed', (_name, props, child) => {
    const real = html(RealTooltip, props, child);
    act(() => dom.root.render(null));
    expect(html(Tooltip, props, child)).toBe(real);
  });
});

describe('the lazy Tooltip once loaded', () => {
  it('is the real one: hovering its child opens it', async () => {
    await act(async () => {
      dom.root.render(createElement(Tooltip, { title: '提示', enterDelay: 0 } as never, button()));
    });
    await expect.poll(() => dom.host.querySelector('button')?.getAttribute('aria-label')).toBe('提示');
    // The real Tooltip listens for mouseover on its child.
    await expect
      .poll(async () => {
        await act(async () => {
          dom.host.querySelector('button')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        });
        return document.querySelector('[role="tooltip"]')?.textContent;
      })
      .toBe('提示');
  });
});
