/**
 * The admin: react-admin over the envelope API. Each resource is declared in resources/<name>/index.ts and its
 * screens load lazily; custom pages join as custom routes. The sign-in screens are a separate app (auth/AuthApp).
 */
import { lazy, Suspense, useEffect } from 'react';
import { Admin, CustomRoutes, type I18nProvider, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { authProvider } from './auth/authProvider';
import { NotFound } from './components/NotFound';
import { publishRoutes } from './custom/publish/routes';
import { dataProvider } from './dataProvider';
import { AppLayout } from './layout/AppLayout';
import author from './resources/author';
import category from './resources/category';
import epaper from './resources/epaper';
import label from './resources/label';
import page from './resources/page';
import press from './resources/press';
import tag from './resources/tag';
import { createAppStore } from './store';
import { theme } from './theme';

const Dashboard = lazy(() => import('./Dashboard'));
/** The writer (/edit/:type/:id): full screen with its own top bar, and its own chunk (TipTap, pinyin). */
const Writer = lazy(() => import('./custom/writer'));

/** Any in-app move to /auth/* leaves the admin for the sign-in screens. */
function ToAuthScreens() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return null;
}

const store = createAppStore();

export default function AdminApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <BrowserRouter>
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
        layout={AppLayout}
        dashboard={Dashboard}
        catchAll={NotFound}
        requireAuth
        disableTelemetry
      >
        <Resource {...press} />
        <Resource {...page} />
        <Resource {...epaper} />
        <Resource {...category} />
        <Resource {...tag} />
        <Resource {...author} />
        <Resource {...label} />
        <CustomRoutes>{publishRoutes}</CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/auth/*" element={<ToAuthScreens />} />
          <Route
            path="/edit/:type/:id"
            element={
              <Suspense fallback={null}>
                <Writer />
              </Suspense>
            }
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
