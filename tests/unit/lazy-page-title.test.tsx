// @vitest-environment jsdom
/**
 * react-admin's page title with its editor loaded on use (src/layout/lazyParts/PageTitleConfigurable.tsx) renders
 * what react-admin's renders: a title, a translated key, a default title, and a title set in the preferences.
 */
import { memoryStore } from 'ra-core';
import { act, createElement, type ReactNode } from 'react';
import { AdminContext, PageTitleConfigurable as Original, testI18nProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { PageTitleConfigurable } from '../../src/layout/lazyParts/PageTitleConfigurable';
import { reactRoot } from './reactRoot';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = reactRoot();

const i18nProvider = testI18nProvider({ messages: { app: { title: '文章' } } });

function html(title: ReactNode, store = memoryStore()): string {
  act(() => dom.root.render(createElement(AdminContext, { i18nProvider, store }, title)));
  return dom.host.innerHTML;
}

const cases: [string, Record<string, unknown>][] = [
  ['a plain title', { title: '首頁' }],
  ['a message key', { title: 'app.title' }],
  ['a default title', { defaultTitle: '預設' }],
  ['an element title with a class', { title: createElement('em', null, '強調'), className: 'c' }],
];

describe('the page title', () => {
  it.each(cases)('%s, as react-admin renders it', (_name, props) => {
    const expected = html(createElement(Original, props as never));
    act(() => dom.root.render(null));
    expect(html(createElement(PageTitleConfigurable, props as never))).toBe(expected);
  });

  it('a title set in the preferences, as react-admin renders it', () => {
    const withTitle = () => memoryStore({ 'preferences.page': 'app.title' });
    const expected = html(
      createElement(Original, { title: '首頁', preferenceKey: 'page' } as never),
      withTitle(),
    );
    expect(expected).toContain('文章');
    act(() => dom.root.render(null));
    expect(
      html(
        createElement(PageTitleConfigurable, { title: '首頁', preferenceKey: 'page' } as never),
        withTitle(),
      ),
    ).toBe(expected);
  });
});
