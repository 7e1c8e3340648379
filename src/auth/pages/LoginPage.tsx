/** /auth/login: account, password, remember, bot check; back to `goback` once signed in. */
import { Box, Checkbox, FormControlLabel, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { adoptAccountLocale } from '../../i18n/locale';
import { required } from '../../validation';
import { AuthCard } from '../AuthCard';
import { EmailField, PasswordField } from '../formFields';
import { RouterLink, useSearchParams } from '../router';
import { refreshSession, safeGoback } from '../session';
import { useAuthForm, VerifiedSubmit } from '../useAuthForm';

type LoginForm = {
  account: string;
  password: string;
  remember: boolean;
};

export default function LoginPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  // `account` comes from the invite page once someone has joined.
  const auth = useAuthForm<LoginForm>({
    account: params.get('account') ?? '',
    password: '',
    remember: false,
  });
  const { form } = auth;

  const onSubmit = form.handleSubmit((values) =>
    auth.run(async () => {
      await call(authApi.login, { ...values, token: auth.token ?? '' });
      // Signed in already: a failed session read only leaves the device's language as it is.
      const session = await refreshSession().catch(() => null);
      if (session?.user) adoptAccountLocale(session.user.meta.language);
      window.location.replace(safeGoback(params.get('goback'), window.location.origin));
    }),
  );

  return (
    <AuthCard title="auth.login.title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <EmailField control={form} name="account" autoFocus />
        <PasswordField
          control={form}
          name="password"
          label="auth.fields.password"
          autoComplete="current-password"
          validate={[required()]}
        />
        <FormControlLabel
          control={<Checkbox {...form.register('remember')} />}
          label={translate('auth.fields.remember')}
        />
        <VerifiedSubmit auth={auth} label="auth.login.submit" />
      </Box>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/auth/forgot">
          {translate('auth.login.forgot')}
        </Link>
        <Typography variant="body2">
          {translate('auth.login.noAccount')}{' '}
          <Link component={RouterLink} to="/auth/register">
            {translate('auth.login.register')}
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
