/** /design: the applied theme's design settings, its own lazy chunk, for those with design.style (and the plan's). */
import { lazy } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const DesignPage = lazy(() => import('./DesignPage'));

export const designRoutes = [
  <Route
    key="design"
    path="/design"
    element={
      <Guarded resource="design">
        <DesignPage />
      </Guarded>
    }
  />,
];
