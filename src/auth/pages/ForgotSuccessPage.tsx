/** /auth/forgot/success: the mail is on its way; back to sign-in after 5 s. */
import { Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { DELAY } from '../../../contract/constants';
import { AuthCard } from '../AuthCard';
import { RouterLink, useNavigate } from '../router';

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
      <Typography sx={{ mb: 3 }}>{translate('auth.forgot.successBody', { s: Math.max(0, left) })}</Typography>
      <Button component={RouterLink} to="/auth/login" variant="contained">
        {translate('auth.forgot.toLogin')}
      </Button>
    </AuthCard>
  );
}
