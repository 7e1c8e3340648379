/**
 * The site's own plan (SPEC §2): /plan (the plans), /plan/current, /plan/{id} (a change, or paying for a plan) and
 * /service (the service status, behind the settings' view permission), each its own lazy chunk. The plan calls are the owner's: the screens say so to
 * anyone else. /plan/current and /plan/paid (the payment window's return) are static paths, ranked before /plan/:id.
 */
import { lazy } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const PlanListPage = lazy(() => import('./PlanListPage'));
const CurrentPlanPage = lazy(() => import('./CurrentPlanPage'));
const PlanChangePage = lazy(() => import('./PlanChangePage'));
const ServicePage = lazy(() => import('./ServicePage'));

export const planRoutes = [
  <Route key="plan" path="/plan" element={<PlanListPage />} />,
  <Route key="plan-current" path="/plan/current" element={<CurrentPlanPage />} />,
  <Route key="plan-id" path="/plan/:id" element={<PlanChangePage />} />,
  <Route
    key="service"
    path="/service"
    element={
      <Guarded resource="setting">
        <ServicePage />
      </Guarded>
    }
  />,
];
