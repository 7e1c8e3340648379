/**
 * /auth/invite?v=<token>: joining a site by invitation. The route exists now; joining itself comes with staff
 * management (issue 4), so this page only says so.
 */
import { Alert, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../AuthCard';

export default function InvitePage() {
  const translate = useTranslate();
  return (
    <AuthCard title="auth.invite.title">
      <Alert severity="info">{translate('auth.invite.body')}</Alert>
      <Link component={RouterLink} to="/auth/login" sx={{ display: 'inline-block', mt: 3 }}>
        {translate('auth.forgot.toLogin')}
      </Link>
    </AuthCard>
  );
}
