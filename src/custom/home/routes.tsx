/**
 * /page/home: the home settings, its own lazy chunk, for those who may view the site's settings. The path is more
 * specific than the page resource's /page/*, so the router picks it whatever the declaration order.
 */
import { lazy } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const HomeScreen = lazy(() => import('./HomeScreen'));

export const homeRoutes = [
  <Route
    key="page-home"
    path="/page/home"
    element={
      <Guarded resource="setting">
        <HomeScreen />
      </Guarded>
    }
  />,
];
