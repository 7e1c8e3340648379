/** /setting/menu: the menu editor, its own lazy chunk, for those who may view the site's settings. */
import { lazy } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const MenuScreen = lazy(() => import('./MenuScreen'));

export const menuRoutes = [
  <Route
    key="setting-menu"
    path="/setting/menu"
    element={
      <Guarded resource="setting">
        <MenuScreen />
      </Guarded>
    }
  />,
];
