/**
 * Toasts for the sign-in screens (the admin uses react-admin's notifications). Messages are i18n keys or text, shown
 * by ToastView.tsx.
 */
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import ToastView, { type ToastState } from './ToastView';

type Severity = ToastState['severity'];

const ToastContext = createContext<(message: string, severity?: Severity) => void>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((message: string, severity: Severity = 'error') => {
    if (!message) return;
    setToast({ message, severity, key: Date.now() });
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastView toast={toast} onClose={() => setToast(null)} />
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
