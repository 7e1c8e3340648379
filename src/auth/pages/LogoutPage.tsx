/** /auth/logout: ends the session on the server, then to the sign-in page. */
import { useEffect } from 'react';
import { authApi } from '../../../contract/api/auth';
import { call } from '../../dataProvider/client';
import { useTranslate } from '../authI18n';
import { forgetSession } from '../session';
import { Spinner } from '../ui';

export default function LogoutPage() {
  const translate = useTranslate();
  useEffect(() => {
    void call(authApi.logout)
      .catch(() => undefined)
      .finally(() => {
        forgetSession();
        window.location.replace('/auth/login');
      });
  }, []);
  return (
    <main className="a-center">
      <Spinner />
      <h1 className="a-body">{translate('auth.logout.title')}</h1>
    </main>
  );
}
