/**
 * The admin's store, persisted in localStorage: list filters per route and other preferences. It starts on the
 * locale the user chose (i18n/locale.ts), wherever it was chosen.
 */
import { localStorageStore, memoryStore } from 'ra-core';
import { storedLocale } from './i18n/locale';

export function createAppStore() {
  const store = localStorageStore('1', 'Admin');
  store.setItem('locale', storedLocale());
  return store;
}

/** The sign-in screens keep nothing but the locale. */
export const createAuthStore = () => memoryStore({ locale: storedLocale() });
