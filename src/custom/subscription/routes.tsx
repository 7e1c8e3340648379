/** /subscription: the readers' subscription plans editor, its own lazy chunk, for those who may edit reader plans. */
import { lazy } from 'react';
import { AccessDenied, CanAccess, Loading } from 'react-admin';
import { Route } from 'react-router';

const SubscriptionPage = lazy(() => import('./SubscriptionPage'));

export const subscriptionRoutes = [
  <Route
    key="subscription"
    path="/subscription"
    element={
      <CanAccess resource="subscription" action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
        <SubscriptionPage />
      </CanAccess>
    }
  />,
];
