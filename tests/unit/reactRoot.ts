/**
 * A React root on a fresh element of the document for each test of the file, unmounted and removed after it: the
 * set-up of the unit tests that render a component and read its HTML.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

export function reactRoot(): { readonly host: HTMLElement; readonly root: Root } {
  let host: HTMLElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });
  return {
    get host() {
      return host as HTMLElement;
    },
    get root() {
      return root as Root;
    },
  };
}
