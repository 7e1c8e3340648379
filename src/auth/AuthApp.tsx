/**
 * The sign-in screens (/auth/*): a small app of their own, without react-admin's UI, so the sign-in page stays light.
 * Signed-in visitors go on to /, except to /auth/logout and /auth/invite (an existing account accepts an invitation
 * without signing out first).
 */
import { Box, CssBaseline, ThemeProvider } from '@mui/material';
import { I18nContextProvider, type I18nProvider, StoreContextProvider } from 'ra-core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { NotFound } from '../components/NotFound';
import { useLiveI18nProvider } from '../i18n';
import { createAuthStore } from '../store';
import { theme } from '../theme';
import { AuthRouter, Routes, useLocation } from './router';
import { getSession } from './session';
import { ToastProvider } from './Toast';

/** Each screen by its exact path. */
const screens = {
  '/auth/login': lazy(() => import('./pages/LoginPage')),
  '/auth/register': lazy(() => import('./pages/RegisterPage')),
  '/auth/forgot': lazy(() => import('./pages/ForgotPage')),
  '/auth/forgot/success': lazy(() => import('./pages/ForgotSuccessPage')),
  '/auth/reset': lazy(() => import('./pages/ResetPage')),
  '/auth/invite': lazy(() => import('./pages/InvitePage')),
  '/auth/logout': lazy(() => import('./pages/LogoutPage')),
};

const OPEN_TO_SIGNED_IN = ['/auth/logout', '/auth/invite'];

/** Sends signed-in visitors to the admin; shows the screen to everyone else. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const open = OPEN_TO_SIGNED_IN.includes(pathname);
  const [ready, setReady] = useState(open);
  useEffect(() => {
    if (open) return;
    getSession()
      .then((session) => {
        if (session.isLogined) window.location.replace('/');
        else setReady(true);
      })
      .catch(() => setReady(true));
  }, [open]);
  return ready ? children : null;
}

const store = createAuthStore();

export default function AuthApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // Rendered with the built-in words at once; the served pack's words replace them when they arrive.
  const words = useLiveI18nProvider(i18nProvider);
  return (
    <StoreContextProvider value={store}>
      <I18nContextProvider value={words}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ToastProvider>
            <AuthRouter>
              <SignedOutOnly>
                <Suspense fallback={null}>
                  <Routes
                    routes={screens}
                    fallback={
                      <Box component="main">
                        <NotFound />
                      </Box>
                    }
                  />
                </Suspense>
              </SignedOutOnly>
            </AuthRouter>
          </ToastProvider>
        </ThemeProvider>
      </I18nContextProvider>
    </StoreContextProvider>
  );
}
