/** Toasts for the sign-in screens (the admin uses react-admin's notifications). Messages are i18n keys or text. */
import { Alert, Snackbar } from '@mui/material';
import { useTranslate } from 'ra-core';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

type Severity = 'error' | 'success' | 'info';
interface ToastState {
  message: string;
  severity: Severity;
  key: number;
}

const ToastContext = createContext<(message: string, severity?: Severity) => void>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((message: string, severity: Severity = 'error') => {
    if (message) setToast({ message, severity, key: Date.now() });
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Snackbar
        key={toast?.key}
        open={Boolean(toast)}
        autoHideDuration={5000}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity={toast?.severity ?? 'info'}
          variant="filled"
          onClose={() => setToast(null)}
          role="alert"
        >
          {toast ? translate(toast.message, { _: toast.message }) : ''}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
