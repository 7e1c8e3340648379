/** The packing slip's route (/orders/:id/slip), outside the frame: <CustomRoutes noLayout>{orderRoutes}</CustomRoutes>. */
import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { LaterWords } from '../../i18n/LaterWords';

const OrderSlip = lazy(() => import('./OrderSlip'));

export const orderRoutes = [
  <Route
    key="order-slip"
    path="/orders/:id/slip"
    element={
      <Suspense fallback={null}>
        <LaterWords>
          <OrderSlip />
        </LaterWords>
      </Suspense>
    }
  />,
];
