/**
 * The sign-in screens (/auth/*): a small app of their own, without react-admin's UI, so the sign-in page stays light.
 * Signed-in visitors go on to /, except to /auth/logout and /auth/invite (an existing account accepts an invitation
 * without signing out first).
 */
import { Box, CssBaseline, ThemeProvider } from '@mui/material';
import { I18nContextProvider, type I18nProvider, StoreContextProvider } from 'ra-core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { NotFound } from '../components/NotFound';
import { useLiveI18nProvider } from '../i18n';
import { createAuthStore } from '../store';
import { theme } from '../theme';
import { getSession } from './session';
import { ToastProvider } from './Toast';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ForgotPage = lazy(() => import('./pages/ForgotPage'));
const ForgotSuccessPage = lazy(() => import('./pages/ForgotSuccessPage'));
const ResetPage = lazy(() => import('./pages/ResetPage'));
const InvitePage = lazy(() => import('./pages/InvitePage'));
const LogoutPage = lazy(() => import('./pages/LogoutPage'));

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
            <BrowserRouter>
              <SignedOutOnly>
                <Suspense fallback={null}>
                  <Routes>
                    <Route path="/auth/login" element={<LoginPage />} />
                    <Route path="/auth/register" element={<RegisterPage />} />
                    <Route path="/auth/forgot" element={<ForgotPage />} />
                    <Route path="/auth/forgot/success" element={<ForgotSuccessPage />} />
                    <Route path="/auth/reset" element={<ResetPage />} />
                    <Route path="/auth/invite" element={<InvitePage />} />
                    <Route path="/auth/logout" element={<LogoutPage />} />
                    <Route
                      path="*"
                      element={
                        <Box component="main">
                          <NotFound />
                        </Box>
                      }
                    />
                  </Routes>
                </Suspense>
              </SignedOutOnly>
            </BrowserRouter>
          </ToastProvider>
        </ThemeProvider>
      </I18nContextProvider>
    </StoreContextProvider>
  );
}
