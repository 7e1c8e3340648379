/**
 * /auth/register in three steps: the e-mail address (a 6-digit code is mailed), the code (resend after 10 s, then
 * every 120 s), then nickname and password. Registering signs the new account in.
 */
import { useState } from 'react';
import { authApi } from '../../../contract/api/auth';
import type { VerifyReply } from '../../../contract/auth';
import { NICKNAME_MAX } from '../../../contract/constants';
import { call } from '../../dataProvider/client';
import { maxLength, required, verifyCode } from '../../validation';
import { AuthCard } from '../AuthCard';
import { useTranslate } from '../authI18n';
import { EmailField, FormField, NewPasswordFields } from '../formFields';
import { ResendButton } from '../ResendButton';
import { resendCode } from '../resend';
import { Alert, Button, Link, Note } from '../ui';
import { useAuthForm, VerifiedSubmit } from '../useAuthForm';

type RegisterForm = {
  email: string;
  code: string;
  nickname: string;
  password: string;
  confirm: string;
};

type Step = 'email' | 'code' | 'account';

export default function RegisterPage() {
  const translate = useTranslate();
  const auth = useAuthForm<RegisterForm>({ email: '', code: '', nickname: '', password: '', confirm: '' });
  const { form, run, busy, token } = auth;
  const [step, setStep] = useState<Step>('email');
  const [verification, setVerification] = useState<VerifyReply | null>(null);

  const sendCode = form.handleSubmit(({ email: address }) =>
    run(async () => {
      setVerification(await call(authApi.verify, { email: address, token: token ?? '' }));
      setStep('code');
    }),
  );

  const resend = () => run(async () => verification && resendCode(verification, setVerification));

  const checkCode = form.handleSubmit(({ code }) =>
    run(async () => {
      if (!verification) return;
      await call(authApi.verifying, { pincode: code, token: verification.token });
      setStep('account');
    }),
  );

  const createAccount = form.handleSubmit((values) =>
    run(async () => {
      if (!verification) return;
      const ticket = await call(authApi.register, {
        email: values.email,
        nickname: values.nickname,
        password: values.password,
        verify_token: verification.token,
        token: token ?? '',
      });
      await call(authApi.tokenLogin, { password: values.password, token: ticket.token, remember: false });
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
        <form noValidate onSubmit={sendCode}>
          <Note>{translate('auth.register.emailStep')}</Note>
          <EmailField control={form} name="email" autoComplete="email" autoFocus />
          <VerifiedSubmit auth={auth} label="auth.register.sendCode" />
        </form>
      )}
      {step === 'code' && (
        <form noValidate onSubmit={checkCode}>
          <Note>{translate('auth.register.codeStep', { email: form.getValues('email') })}</Note>
          <FormField
            control={form}
            name="code"
            label="auth.fields.code"
            autoComplete="one-time-code"
            validate={[required(), verifyCode()]}
            htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
            autoFocus
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('auth.register.verify')}
          </Button>
          <div className="a-row a-gap">
            <Button onClick={changeEmail}>{translate('auth.register.changeEmail')}</Button>
            <ResendButton at={verification?.ts ?? 0} disabled={busy} onClick={() => void resend()} />
          </div>
        </form>
      )}
      {step === 'account' && (
        <form noValidate onSubmit={createAccount}>
          <Alert severity="success">{translate('auth.register.verified')}</Alert>
          <FormField
            control={form}
            name="nickname"
            label="auth.fields.nickname"
            autoComplete="nickname"
            validate={[required(), maxLength(NICKNAME_MAX)]}
            autoFocus
          />
          <NewPasswordFields control={form} />
          <VerifiedSubmit auth={auth} label="auth.register.submit" />
        </form>
      )}
      <p className="a-small a-after">
        {translate('auth.register.haveAccount')}{' '}
        <Link to="/auth/login">{translate('auth.register.login')}</Link>
      </p>
    </AuthCard>
  );
}
