/**
 * Entry point. The sign-in screens (/auth/*) and the admin are separate lazy chunks, so the sign-in page loads only
 * what it needs; moving between them is a full page load.
 */
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nProvider } from './i18n';
import { htmlLang, storedLocale } from './i18n/locale';

const AuthApp = lazy(() => import('./auth/AuthApp'));
const AdminApp = lazy(() => import('./AdminApp'));

export const isAuthPath = (path: string) => path === '/auth' || path.startsWith('/auth/');

async function start() {
  document.documentElement.lang = htmlLang[storedLocale()];
  const i18nProvider = await createI18nProvider();
  const App = isAuthPath(window.location.pathname) ? AuthApp : AdminApp;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Suspense fallback={null}>
      <App i18nProvider={i18nProvider} />
    </Suspense>,
  );
}

void start();
