/** The sign-in screens' toast (Toast.tsx): a message at the top, gone after 5 s or when closed. */
import { Alert, Snackbar } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface ToastState {
  message: string;
  severity: 'error' | 'success' | 'info';
  key: number;
}

export default function ToastView({ toast, onClose }: { toast: ToastState | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Snackbar
      key={toast?.key}
      open={Boolean(toast)}
      autoHideDuration={5000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={toast?.severity ?? 'info'} variant="filled" onClose={onClose} role="alert">
        {toast ? translate(toast.message, { _: toast.message }) : ''}
      </Alert>
    </Snackbar>
  );
}
