/** /subscription: the readers' subscription plans editor, its own lazy chunk, for those who may edit reader plans. */
import { lazy } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const SubscriptionPage = lazy(() => import('./SubscriptionPage'));

export const subscriptionRoutes = [
  <Route
    key="subscription"
    path="/subscription"
    element={
      <Guarded resource="subscription">
        <SubscriptionPage />
      </Guarded>
    }
  />,
];
