/** /auth/login: account, password, remember, bot check; back to `goback` once signed in. */
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { adoptAccountLocale } from '../../i18n/locale';
import { required } from '../../validation';
import { AuthCard } from '../AuthCard';
import { useTranslate } from '../authI18n';
import { EmailField, PasswordField } from '../formFields';
import { useSearchParams } from '../router';
import { refreshSession, safeGoback } from '../session';
import { Link } from '../ui';
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
      <form noValidate onSubmit={onSubmit}>
        <EmailField control={form} name="account" autoFocus />
        <PasswordField
          control={form}
          name="password"
          label="auth.fields.password"
          autoComplete="current-password"
          validate={[required()]}
        />
        <label className="a-check">
          <input type="checkbox" {...form.register('remember')} />
          {translate('auth.fields.remember')}
        </label>
        <VerifiedSubmit auth={auth} label="auth.login.submit" />
      </form>
      <div className="a-row a-after">
        <Link to="/auth/forgot">{translate('auth.login.forgot')}</Link>
        <p className="a-small">
          {translate('auth.login.noAccount')}{' '}
          <Link to="/auth/register">{translate('auth.login.register')}</Link>
        </p>
      </div>
    </AuthCard>
  );
}
