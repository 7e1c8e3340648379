/** Registration's resend button: disabled with the seconds left until `at` (resend.ts). */
import { useTranslate } from './authI18n';
import { useSecondsUntil } from './resend';
import { Button } from './ui';

export function ResendButton({
  at,
  disabled,
  onClick,
}: {
  at: number;
  disabled?: boolean;
  onClick: () => void;
}) {
  const translate = useTranslate();
  const wait = useSecondsUntil(at);
  return (
    <Button onClick={onClick} disabled={disabled || wait > 0} data-testid="resend">
      {wait > 0 ? translate('auth.register.resendIn', { s: wait }) : translate('auth.register.resend')}
    </Button>
  );
}
