/** The sign-in screens' toast (Toast.tsx): a message at the top, gone after 5 s or when closed. */
import { useEffect } from 'react';
import { useTranslate } from './authI18n';

export interface ToastState {
  message: string;
  severity: 'error' | 'success' | 'info';
  key: number;
}

const CLOSE =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

export default function ToastView({ toast, onClose }: { toast: ToastState | null; onClose: () => void }) {
  const translate = useTranslate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new toast (its key) gets its own 5 s
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, 5000);
    return () => clearTimeout(timer);
  }, [toast?.key]);
  if (!toast) return null;
  return (
    <div className="a-toast">
      <div className={`a-alert a-${toast.severity} a-strong`} role="alert">
        <span>{translate(toast.message, { _: toast.message })}</span>
        <button
          type="button"
          className="a-toggle"
          aria-label={translate('auth.closeMessage')}
          title={translate('auth.closeMessage')}
          onClick={onClose}
        >
          <svg className="a-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={CLOSE} fill="currentColor" />
          </svg>
        </button>
      </div>
    </div>
  );
}
