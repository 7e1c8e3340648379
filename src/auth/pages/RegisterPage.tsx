/**
 * /auth/register in three steps: the e-mail address (a 6-digit code is mailed), the code (resend after 10 s, then
 * every 120 s), then nickname and password. Registering signs the new account in.
 */
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { VerifyReply } from '../../../contract/auth';
import { NICKNAME_MAX } from '../../../contract/constants';
import { ApiError, call } from '../../dataProvider/client';
import { maxLength, required, verifyCode } from '../../validation';
import { AuthCard } from '../AuthCard';
import { EmailField, FormField, NewPasswordFields } from '../fields';
import { useAuthForm, VerifiedSubmit } from '../useAuthForm';

interface RegisterForm {
  email: string;
  code: string;
  nickname: string;
  password: string;
  confirm: string;
}

type Step = 'email' | 'code' | 'account';

/** Seconds left until `at` (ms since the epoch), ticking every second. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export default function RegisterPage() {
  const translate = useTranslate();
  const auth = useAuthForm<RegisterForm>({ email: '', code: '', nickname: '', password: '', confirm: '' });
  const { form, run, busy, token } = auth;
  const [step, setStep] = useState<Step>('email');
  const [verification, setVerification] = useState<VerifyReply | null>(null);
  const wait = useSecondsUntil(verification?.ts ?? 0);

  const sendCode = form.handleSubmit(({ email: address }) =>
    run(async () => {
      setVerification(await call<VerifyReply>('member/verify', { email: address, token }));
      setStep('code');
    }),
  );

  const resend = () =>
    run(async () => {
      try {
        setVerification(await call<VerifyReply>('verify/resend', { token: verification?.token }));
      } catch (err) {
        const ts = err instanceof ApiError ? (err.body.data as { ts?: number } | null)?.ts : undefined;
        if (ts && verification) setVerification({ ...verification, ts });
        throw err;
      }
    });

  const checkCode = form.handleSubmit(({ code }) =>
    run(async () => {
      await call('verify/verifying', { pincode: code, token: verification?.token });
      setStep('account');
    }),
  );

  const createAccount = form.handleSubmit((values) =>
    run(async () => {
      const ticket = await call<{ token: string }>('member/register', {
        email: values.email,
        nickname: values.nickname,
        password: values.password,
        verify_token: verification?.token,
        token,
      });
      await call('member/token_login', { password: values.password, token: ticket.token, remember: false });
      window.location.replace('/');
    }),
  );

  const changeEmail = () => {
    setVerification(null);
    setStep('email');
    form.resetField('code');
  };

  return (
    <AuthCard title="auth.register.title">
      {step === 'email' && (
        <Box component="form" noValidate onSubmit={sendCode}>
          <Typography color="text.secondary">{translate('auth.register.emailStep')}</Typography>
          <EmailField control={form.control} name="email" autoComplete="email" autoFocus />
          <VerifiedSubmit auth={auth} label="auth.register.sendCode" />
        </Box>
      )}
      {step === 'code' && (
        <Box component="form" noValidate onSubmit={checkCode}>
          <Typography color="text.secondary">
            {translate('auth.register.codeStep', { email: form.getValues('email') })}
          </Typography>
          <FormField
            control={form.control}
            name="code"
            label="auth.fields.code"
            autoComplete="one-time-code"
            validate={[required(), verifyCode()]}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            autoFocus
          />
          <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
            {translate('auth.register.verify')}
          </Button>
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
            <Button onClick={changeEmail}>{translate('auth.register.changeEmail')}</Button>
            <Button onClick={() => void resend()} disabled={busy || wait > 0} data-testid="resend">
              {wait > 0
                ? translate('auth.register.resendIn', { s: wait })
                : translate('auth.register.resend')}
            </Button>
          </Box>
        </Box>
      )}
      {step === 'account' && (
        <Box component="form" noValidate onSubmit={createAccount}>
          <Alert severity="success" sx={{ mb: 1 }}>
            {translate('auth.register.verified')}
          </Alert>
          <FormField
            control={form.control}
            name="nickname"
            label="auth.fields.nickname"
            autoComplete="nickname"
            validate={[required(), maxLength(NICKNAME_MAX)]}
            autoFocus
          />
          <NewPasswordFields control={form.control} />
          <VerifiedSubmit auth={auth} label="auth.register.submit" />
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        {translate('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to="/auth/login">
          {translate('auth.register.login')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
