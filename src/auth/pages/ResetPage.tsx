/** /auth/reset?v=<token>: a new password from the link in the reset mail. */
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { AuthCard } from '../AuthCard';
import { useTranslate } from '../authI18n';
import { NewPasswordFields } from '../formFields';
import { useNavigate, useSearchParams } from '../router';
import { useToast } from '../Toast';
import { Alert, Link } from '../ui';
import { useAuthForm, VerifiedSubmit } from '../useAuthForm';

export default function ResetPage() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetToken = params.get('v') ?? '';
  const auth = useAuthForm<{ password: string; confirm: string }>({ password: '', confirm: '' });
  const { form } = auth;

  const onSubmit = form.handleSubmit((values) =>
    auth.run(async () => {
      await call(authApi.reset, {
        password: values.password,
        token: auth.token ?? '',
        reset_token: resetToken,
      });
      toast('auth.reset.done', 'success');
      navigate('/auth/login', { replace: true });
    }),
  );

  return (
    <AuthCard title="auth.reset.title">
      {resetToken ? (
        <form noValidate onSubmit={onSubmit}>
          <NewPasswordFields control={form} label="auth.fields.newPassword" autoFocus />
          <VerifiedSubmit auth={auth} label="auth.reset.submit" />
        </form>
      ) : (
        <Alert severity="warning">{translate('auth.reset.missingToken')}</Alert>
      )}
      <Link to="/auth/forgot" className="a-after">
        {translate('auth.forgot.title')}
      </Link>
    </AuthCard>
  );
}
