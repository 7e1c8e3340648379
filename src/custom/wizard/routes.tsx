/**
 * The new-site wizard (/init) and the payment window's way back (/plan/paid): both full screen, outside the admin
 * frame — the wizard serves users without any site too, and the window page only tells its opener and closes.
 */

import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { PAYMENT_RETURN_PATH } from '../../../contract/plans';

const WizardPage = lazy(() => import('./WizardPage'));
const PaidPage = lazy(() => import('../billing/PaidPage'));

export const wizardRoutes = [
  <Route
    key="init"
    path="/init"
    element={
      <Suspense fallback={null}>
        <WizardPage />
      </Suspense>
    }
  />,
  <Route
    key="plan-paid"
    path={PAYMENT_RETURN_PATH}
    element={
      <Suspense fallback={null}>
        <PaidPage />
      </Suspense>
    }
  />,
];
