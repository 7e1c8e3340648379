/** /auth/forgot/success: the mail is on its way; back to sign-in after 5 s. */
import { useEffect, useState } from 'react';
import { DELAY } from '../../../contract/constants';
import { AuthCard } from '../AuthCard';
import { useTranslate } from '../authI18n';
import { useNavigate } from '../router';
import { Link } from '../ui';

export default function ForgotSuccessPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [left, setLeft] = useState(DELAY.forgotRedirect / 1000);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    const leave = setTimeout(() => navigate('/auth/login', { replace: true }), DELAY.forgotRedirect);
    return () => {
      clearInterval(timer);
      clearTimeout(leave);
    };
  }, [navigate]);
  return (
    <AuthCard title="auth.forgot.successTitle">
      <p className="a-body">{translate('auth.forgot.successBody', { s: Math.max(0, left) })}</p>
      <Link to="/auth/login" button>
        {translate('auth.forgot.toLogin')}
      </Link>
    </AuthCard>
  );
}
