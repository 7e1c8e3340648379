/** /setting/theme: the theme list, its own lazy chunk, for anyone holding a theme permission (and the plan's). */
import { lazy } from 'react';
import { AccessDenied, CanAccess, Loading } from 'react-admin';
import { Route } from 'react-router';

const ThemeListPage = lazy(() => import('./ThemeListPage'));

export const themeRoutes = [
  <Route
    key="setting-theme"
    path="/setting/theme"
    element={
      <CanAccess resource="theme" action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
        <ThemeListPage />
      </CanAccess>
    }
  />,
];
