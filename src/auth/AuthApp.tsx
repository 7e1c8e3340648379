/**
 * The sign-in screens (/auth/*): a small app of their own, without react-admin's UI or MUI (plain elements and
 * auth.css), so the sign-in page stays light. Signed-in visitors go on to /, except to /auth/logout and /auth/invite
 * (an existing account accepts an invitation without signing out first).
 */
import './auth.css';
import type { I18nProvider } from 'ra-core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLiveI18nProvider } from '../i18n';
import { AuthI18n, useTranslate } from './authI18n';
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

/** The page for an unknown path (the admin's is components/NotFound.tsx). */
function NotFound() {
  const translate = useTranslate();
  return (
    <main className="a-notfound" data-testid="not-found">
      <p className="a-404">404</p>
      <h1>{translate('app.notFound.title')}</h1>
      <p className="a-note">{translate('app.notFound.body')}</p>
      <a className="a-btn a-btn-contained a-btn-inline" href="/">
        {translate('app.notFound.home')}
      </a>
    </main>
  );
}

export default function AuthApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // Rendered with the built-in words at once; the served pack's words replace them when they arrive.
  const words = useLiveI18nProvider(i18nProvider);
  return (
    <AuthI18n provider={words}>
      <ToastProvider>
        <AuthRouter>
          <SignedOutOnly>
            <Suspense fallback={null}>
              <Routes routes={screens} fallback={<NotFound />} />
            </Suspense>
          </SignedOutOnly>
        </AuthRouter>
      </ToastProvider>
    </AuthI18n>
  );
}
