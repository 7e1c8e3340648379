/**
 * Toasts for the sign-in screens (the admin uses react-admin's notifications). Messages are i18n keys or text. The
 * toast itself (ToastView.tsx, MUI's Snackbar and Alert) loads with the first message.
 */
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import type { ToastState } from './ToastView';

const ToastView = lazy(() => import('./ToastView'));

type Severity = ToastState['severity'];

const ToastContext = createContext<(message: string, severity?: Severity) => void>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [shown, setShown] = useState(false);
  const show = useCallback((message: string, severity: Severity = 'error') => {
    if (!message) return;
    setToast({ message, severity, key: Date.now() });
    setShown(true);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastView toast={toast} onClose={() => setToast(null)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
