/** /auth/forgot: the account's e-mail and a bot check; a reset link is mailed. */
import { Box, Button, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { call } from '../../dataProvider/client';
import { email, required } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { AuthCard } from '../AuthCard';
import { Captcha, type CaptchaHandle } from '../Captcha';
import { FormField } from '../fields';
import { useSubmit } from '../useSubmit';

export default function ForgotPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const form = useForm<{ account: string }>({ defaultValues: { account: '' } });
  useValidateAfterTyping(form);
  const captcha = useRef<CaptchaHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  const { busy, run } = useSubmit(form.setError, captcha.current);

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      await call('member/forgot', { account: values.account, token });
      navigate('/auth/forgot/success');
    }),
  );

  return (
    <AuthCard title="auth.forgot.title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Typography color="text.secondary">{translate('auth.forgot.intro')}</Typography>
        <FormField
          control={form.control}
          name="account"
          label="auth.fields.email"
          type="email"
          autoComplete="username"
          validate={[(v) => required()(v) && { message: 'validation.resetNeedsEmail' }, email()]}
          autoFocus
        />
        <Captcha ref={captcha} onChange={setToken} />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy || !token}>
          {translate('auth.forgot.submit')}
        </Button>
      </Box>
      <Link component={RouterLink} to="/auth/login" sx={{ display: 'inline-block', mt: 3 }}>
        {translate('auth.forgot.toLogin')}
      </Link>
    </AuthCard>
  );
}
