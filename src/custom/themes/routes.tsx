/** /setting/theme: the theme list, its own lazy chunk, for anyone holding a theme permission (and the plan's). */
import { lazy } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const ThemeListPage = lazy(() => import('./ThemeListPage'));

export const themeRoutes = [
  <Route
    key="setting-theme"
    path="/setting/theme"
    element={
      <Guarded resource="theme">
        <ThemeListPage />
      </Guarded>
    }
  />,
];
