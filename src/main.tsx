/**
 * Entry point. The sign-in screens (/auth/*) and the admin are separate lazy chunks, so the sign-in page loads only
 * what it needs; moving between them is a full page load.
 */
import './zodConfig';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nProvider } from './i18n';
import { htmlLang, storedLocale } from './i18n/locale';

// Two functions, not one expression: Vite would preload both apps' chunks for a `cond ? import(a) : import(b)`.
const loadAuthApp = () => import('./auth/AuthApp');
const loadAdminApp = () => import('./AdminApp');

export const isAuthPath = (path: string) => path === '/auth' || path.startsWith('/auth/');

async function start() {
  document.documentElement.lang = htmlLang[storedLocale()];
  const signIn = isAuthPath(window.location.pathname);
  // The app's code and its words load side by side.
  const app = signIn ? loadAuthApp() : loadAdminApp();
  const App = lazy(() => app);
  const i18nProvider = await createI18nProvider(signIn ? 'signIn' : 'admin');
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Suspense fallback={null}>
      <App i18nProvider={i18nProvider} />
    </Suspense>,
  );
}

void start();
