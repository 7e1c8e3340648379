/** /design: the applied theme's design settings, its own lazy chunk, for those with design.style (and the plan's). */
import { lazy } from 'react';
import { AccessDenied, CanAccess, Loading } from 'react-admin';
import { Route } from 'react-router';

const DesignPage = lazy(() => import('./DesignPage'));

export const designRoutes = [
  <Route
    key="design"
    path="/design"
    element={
      <CanAccess resource="design" action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
        <DesignPage />
      </CanAccess>
    }
  />,
];
