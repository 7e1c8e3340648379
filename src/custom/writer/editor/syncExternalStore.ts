/**
 * use-sync-external-store's shim as TipTap's React hooks import it, without the shim: it stands in for
 * `useSyncExternalStore` where React has none (before 18), and React 19 has it. vite.config.ts (LIGHTER_PACKAGES)
 * puts this module in the place of the shim and of its selector helper for @tiptap/react: React's own hook, and the
 * helper built on it.
 */
export { useSyncExternalStore } from 'react';
export { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
