/** /setting/menu: the menu editor, its own lazy chunk, for those who may view the site's settings. */
import { lazy } from 'react';
import { AccessDenied, CanAccess, Loading } from 'react-admin';
import { Route } from 'react-router';

const MenuScreen = lazy(() => import('./MenuScreen'));

export const menuRoutes = [
  <Route
    key="setting-menu"
    path="/setting/menu"
    element={
      <CanAccess resource="setting" action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
        <MenuScreen />
      </CanAccess>
    }
  />,
];
