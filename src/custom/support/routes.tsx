/** /support (issue 17): the platform operators' screen, its own lazy chunk; to others it is not found. */
import { lazy } from 'react';
import { Route } from 'react-router';

const SupportScreen = lazy(() => import('./SupportScreen'));

export const supportRoutes = [<Route key="support" path="/support" element={<SupportScreen />} />];
