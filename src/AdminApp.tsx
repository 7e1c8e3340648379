/**
 * The admin: react-admin over the envelope API. Entity resources come from their declarations (src/entities), the
 * others are declared in resources/<name>/index.ts; every screen loads lazily. Custom pages join as custom routes. The sign-in screens are a separate app (auth/AuthApp).
 */
import { CssBaseline } from '@mui/material';
import { CoreAdminUI } from 'ra-core';
import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CustomRoutes,
  Error as ErrorPage,
  type I18nProvider,
  Resource,
} from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router';
import { authProvider } from './auth/authProvider';
import { NotFound } from './components/NotFound';
import { designRoutes } from './custom/design/routes';
import { homeRoutes } from './custom/home/routes';
import { menuRoutes } from './custom/menus/routes';
import { planRoutes } from './custom/plan/routes';
import { profileRoutes } from './custom/profile/routes';
import { publishRoutes } from './custom/publish/routes';
import { settingsRoutes } from './custom/settings/routes';
import { subscriptionRoutes } from './custom/subscription/routes';
import { supportRoutes } from './custom/support/routes';
import { themeRoutes } from './custom/themes/routes';
import { wizardRoutes } from './custom/wizard/routes';
import { dataProvider } from './dataProvider';
import { entityResourceProps } from './entities/resources';
import { useLiveI18nProvider } from './i18n';
import { LaterWords } from './i18n/LaterWords';
import { AppLayout } from './layout/AppLayout';
import { planGated } from './layout/PlanNeeded';
import { QuietNotification } from './layout/QuietNotification';
import { SessionLoading } from './layout/SessionLoading';
import customer from './resources/customer';
import file from './resources/file';
import follower from './resources/follower';
import label from './resources/label';
import { orderRoutes } from './resources/orders/routes';
import role from './resources/role';
import site from './resources/site';
import { createAppStore } from './store';
import { theme } from './theme';

const Dashboard = lazy(() => import('./custom/dashboard'));
/** The writer (/edit/:type/:id): full screen with its own top bar, and its own chunk (TipTap, pinyin). */
const Writer = lazy(() => import('./custom/writer'));

const RaLogin = lazy(() => import('./layout/RaLogin'));
const Login = () => (
  <Suspense fallback={null}>
    <RaLogin />
  </Suspense>
);

/**
 * react-admin's <Admin> as it puts itself together (AdminContext, then AdminUI's CssBaseline, CoreAdminUI and the
 * notification), except that its sign-in page at /login loads when opened: AdminUI imports it, and with it a
 * react-admin form, for every screen. It also leaves out <Admin>'s default (English) i18nProvider, never used here.
 */
function Admin({
  i18nProvider,
  children,
  ...ui
}: { i18nProvider: I18nProvider; children: ReactNode } & Pick<
  ComponentProps<typeof CoreAdminUI>,
  'dashboard' | 'catchAll' | 'layout' | 'loading'
>) {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loginPage={Login}
          requireAuth
          disableTelemetry
          title="React Admin"
          {...ui}
        >
          {children}
        </CoreAdminUI>
        <QuietNotification />
      </CssBaseline>
    </AdminContext>
  );
}

/** Any in-app move to /auth/* leaves the admin for the sign-in screens. */
function ToAuthScreens() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return null;
}

const store = createAppStore();

/** Every resource, in menu order; a screen the site's plan lacks explains itself when opened directly. */
const RESOURCES = [...entityResourceProps, label, file, role, site, follower, customer].map(planGated);

function Root({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // A newer served language pack re-renders the words in place (src/i18n/langPack.ts).
  const words = useLiveI18nProvider(i18nProvider);
  return (
    <Admin
      i18nProvider={words}
      layout={AppLayout}
      dashboard={Dashboard}
      catchAll={NotFound}
      loading={SessionLoading}
    >
      {RESOURCES.map((props) => (
        <Resource key={props.name} {...props} />
      ))}
      <CustomRoutes>{publishRoutes}</CustomRoutes>
      <CustomRoutes>{menuRoutes}</CustomRoutes>
      <CustomRoutes>{homeRoutes}</CustomRoutes>
      <CustomRoutes>{profileRoutes}</CustomRoutes>
      <CustomRoutes>{settingsRoutes}</CustomRoutes>
      <CustomRoutes>{planRoutes}</CustomRoutes>
      <CustomRoutes>{subscriptionRoutes}</CustomRoutes>
      <CustomRoutes>{themeRoutes}</CustomRoutes>
      <CustomRoutes>{designRoutes}</CustomRoutes>
      <CustomRoutes>{supportRoutes}</CustomRoutes>
      <CustomRoutes noLayout>{wizardRoutes}</CustomRoutes>
      <CustomRoutes noLayout>{orderRoutes}</CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/auth/*" element={<ToAuthScreens />} />
        <Route
          path="/edit/:type/:id"
          element={
            <Suspense fallback={null}>
              <LaterWords>
                <Writer />
              </LaterWords>
            </Suspense>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * A data router, so that screens can hold a navigation until the user answers (the writer's unsaved changes,
 * react-admin's warnWhenUnsavedChanges): useBlocker needs one.
 */
export default function AdminApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  const router = useMemo(
    () => createBrowserRouter([{ path: '*', element: <Root i18nProvider={i18nProvider} /> }]),
    [i18nProvider],
  );
  return <RouterProvider router={router} />;
}
