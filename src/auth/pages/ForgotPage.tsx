/** /auth/forgot: the account's e-mail and a bot check; a reset link is mailed. */
import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { email, required } from '../../validation';
import { AuthCard } from '../AuthCard';
import { EmailField } from '../formFields';
import { RouterLink, useNavigate } from '../router';
import { useAuthForm, VerifiedSubmit } from '../useAuthForm';

export default function ForgotPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const auth = useAuthForm<{ account: string }>({ account: '' });
  const { form } = auth;

  const onSubmit = form.handleSubmit((values) =>
    auth.run(async () => {
      await call(authApi.forgot, { account: values.account, token: auth.token ?? '' });
      navigate('/auth/forgot/success');
    }),
  );

  return (
    <AuthCard title="auth.forgot.title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Typography color="text.secondary">{translate('auth.forgot.intro')}</Typography>
        <EmailField
          control={form}
          name="account"
          validate={[(v: unknown) => required()(v) && { message: 'validation.resetNeedsEmail' }, email()]}
          autoFocus
        />
        <VerifiedSubmit auth={auth} label="auth.forgot.submit" />
      </Box>
      <Link component={RouterLink} to="/auth/login" sx={{ display: 'inline-block', mt: 3 }}>
        {translate('auth.forgot.toLogin')}
      </Link>
    </AuthCard>
  );
}
