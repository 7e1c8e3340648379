/** /support (issue 17): the platform operators' screen, its own lazy chunk; others see nothing there. */
import { lazy } from 'react';
import { Route } from 'react-router';

const SupportScreen = lazy(() => import('./SupportScreen'));

export const supportRoutes = [<Route key="support" path="/support" element={<SupportScreen />} />];
