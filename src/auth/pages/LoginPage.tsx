/** /auth/login: account, password, remember, bot check; back to `goback` once signed in. */
import { Box, Button, Checkbox, FormControlLabel, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { call } from '../../dataProvider/client';
import { email, required } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { AuthCard } from '../AuthCard';
import { Captcha, type CaptchaHandle } from '../Captcha';
import { FormField, PasswordField } from '../fields';
import { safeGoback } from '../session';
import { useSubmit } from '../useSubmit';

interface LoginForm {
  account: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const form = useForm<LoginForm>({ defaultValues: { account: '', password: '', remember: false } });
  useValidateAfterTyping(form);
  const captcha = useRef<CaptchaHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const { busy, run } = useSubmit(form.setError, captcha.current);

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      await call('member/login', { ...values, token });
      window.location.replace(safeGoback(params.get('goback')));
    }),
  );

  return (
    <AuthCard title="auth.login.title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormField
          control={form.control}
          name="account"
          label="auth.fields.email"
          type="email"
          autoComplete="username"
          validate={[required(), email()]}
          autoFocus
        />
        <PasswordField
          control={form.control}
          name="password"
          label="auth.fields.password"
          autoComplete="current-password"
          validate={[required()]}
        />
        <FormControlLabel
          control={<Checkbox {...form.register('remember')} />}
          label={translate('auth.fields.remember')}
        />
        <Captcha ref={captcha} onChange={setToken} />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy || !token}>
          {translate('auth.login.submit')}
        </Button>
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
