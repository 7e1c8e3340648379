/** /auth/reset?v=<token>: a new password from the link in the reset mail. */
import { Alert, Box, Button, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../dataProvider/client';
import { password, passwordEquals, required } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { AuthCard } from '../AuthCard';
import { Captcha, type CaptchaHandle } from '../Captcha';
import { PasswordField } from '../fields';
import { useToast } from '../Toast';
import { useSubmit } from '../useSubmit';

export default function ResetPage() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetToken = params.get('v') ?? '';
  const form = useForm<{ password: string; confirm: string }>({
    defaultValues: { password: '', confirm: '' },
  });
  useValidateAfterTyping(form);
  const captcha = useRef<CaptchaHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const { busy, run } = useSubmit(form.setError, captcha.current);

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      await call('member/reset', { password: values.password, token, reset_token: resetToken });
      toast('auth.reset.done', 'success');
      navigate('/auth/login', { replace: true });
    }),
  );

  return (
    <AuthCard title="auth.reset.title">
      {resetToken ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <PasswordField
            control={form.control}
            name="password"
            label="auth.fields.newPassword"
            autoComplete="new-password"
            validate={[required(), password()]}
            autoFocus
          />
          <PasswordField
            control={form.control}
            name="confirm"
            label="auth.fields.passwordConfirm"
            autoComplete="new-password"
            validate={[required(), passwordEquals('password')]}
          />
          <Captcha ref={captcha} onChange={setToken} />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={busy || !token}>
            {translate('auth.reset.submit')}
          </Button>
        </Box>
      ) : (
        <Alert severity="warning">{translate('auth.reset.missingToken')}</Alert>
      )}
      <Link component={RouterLink} to="/auth/forgot" sx={{ display: 'inline-block', mt: 3 }}>
        {translate('auth.forgot.title')}
      </Link>
    </AuthCard>
  );
}
