/** /auth/forgot: the account's e-mail and a bot check; a reset link is mailed. */
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { email, required } from '../../validation';
import { AuthCard } from '../AuthCard';
import { useTranslate } from '../authI18n';
import { EmailField } from '../formFields';
import { useNavigate } from '../router';
import { Link, Note } from '../ui';
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
      <form noValidate onSubmit={onSubmit}>
        <Note>{translate('auth.forgot.intro')}</Note>
        <EmailField
          control={form}
          name="account"
          validate={[(v: unknown) => required()(v) && { message: 'validation.resetNeedsEmail' }, email()]}
          autoFocus
        />
        <VerifiedSubmit auth={auth} label="auth.forgot.submit" />
      </form>
      <Link to="/auth/login" className="a-after">
        {translate('auth.forgot.toLogin')}
      </Link>
    </AuthCard>
  );
}
