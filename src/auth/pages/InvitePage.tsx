/**
 * /auth/invite?v=<token>: joining a site by invitation. The account (the invited e-mail) and the role are shown
 * read-only; a new account sets a nickname and a password (with its confirmation and show/hide toggles), an existing
 * one gives its own password. Joining signs the browser in and opens the admin (on a browser where someone else is
 * signed in, it leads to /auth/login with the account filled in). An unknown, used or expired link says so.
 */
import { useEffect, useId, useState } from 'react';
import { staffApi } from '../../../contract/api/staff';
import { Code } from '../../../contract/codes';
import { NICKNAME_MAX } from '../../../contract/constants';
import type { InviteTokenReply } from '../../../contract/staff';
import { ApiError, call } from '../../dataProvider/client';
import { maxLength, required } from '../../validation';
import { AuthCard } from '../AuthCard';
import { useTranslate } from '../authI18n';
import { FieldFrame, FormField, NewPasswordFields, PasswordField } from '../formFields';
import { useNavigate, useSearchParams } from '../router';
import { useToast } from '../Toast';
import { Alert, Button, Link, Note, Spinner } from '../ui';
import { useAuthForm } from '../useAuthForm';

type JoinForm = {
  nickname: string;
  password: string;
  confirm: string;
};

type Meta =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; invite: InviteTokenReply };

/** What the link offers, asked once per token. */
function useInvite(token: string): Meta {
  const [meta, setMeta] = useState<Meta>({ state: 'loading' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    call(staffApi.inviteToken, { token })
      .then((invite) => live && setMeta({ state: 'ready', invite }))
      .catch((err) => {
        const message =
          err instanceof ApiError && err.code === Code.INVITE_INVALID ? 'staff.join.invalid' : err?.message;
        if (live) setMeta({ state: 'failed', message: message || 'errors.generic' });
      });
    return () => {
      live = false;
    };
  }, [token]);
  return meta;
}

/** A filled, read-only text field, as MUI's TextField draws one. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} filled>
      <input id={id} value={value} readOnly />
    </FieldFrame>
  );
}

function JoinFormView({ token, invite }: { token: string; invite: InviteTokenReply }) {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const auth = useAuthForm<JoinForm>({ nickname: invite.name, password: '', confirm: '' });
  const { form } = auth;

  const onSubmit = form.handleSubmit((values) =>
    auth.run(async () => {
      const joined = await call(staffApi.join, {
        v: token,
        password: values.password,
        ...(invite.exists ? {} : { nickname: values.nickname }),
      });
      // Joining signed this browser in (unless someone else was signed in on it): on to the admin.
      if (joined.signed_in) {
        window.location.replace('/');
        return;
      }
      toast(translate('staff.join.done', { site: invite.site }), 'success');
      navigate(`/auth/login?account=${encodeURIComponent(joined.account)}`, { replace: true });
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Note>{translate('staff.join.intro', { site: invite.site })}</Note>
      <ReadOnlyField label={translate('staff.join.account')} value={invite.account} />
      <ReadOnlyField label={translate('staff.join.role')} value={invite.roles.name} />
      {invite.exists ? (
        <>
          <Alert severity="info">{translate('staff.join.exists')}</Alert>
          <PasswordField
            control={form}
            name="password"
            label="staff.join.accountPassword"
            autoComplete="current-password"
            validate={[required()]}
            autoFocus
          />
        </>
      ) : (
        <>
          <FormField
            control={form}
            name="nickname"
            label="auth.fields.nickname"
            autoComplete="nickname"
            validate={[required(), maxLength(NICKNAME_MAX)]}
            autoFocus
          />
          <NewPasswordFields control={form} />
        </>
      )}
      <Button type="submit" variant="contained" disabled={auth.busy}>
        {translate('staff.join.submit')}
      </Button>
    </form>
  );
}

export default function InvitePage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('v') ?? '';
  const meta = useInvite(token);

  return (
    <AuthCard title="staff.join.title">
      {!token ? (
        <Alert severity="warning">{translate('staff.join.missing')}</Alert>
      ) : meta.state === 'loading' ? (
        <div className="a-center a-pad">
          <Spinner label={translate('app.loading')} />
        </div>
      ) : meta.state === 'failed' ? (
        <Alert severity="warning" testId="invite-invalid">
          {translate(meta.message)}
        </Alert>
      ) : (
        <JoinFormView token={token} invite={meta.invite} />
      )}
      <Link to="/auth/login" className="a-after">
        {translate('staff.join.toLogin')}
      </Link>
    </AuthCard>
  );
}
