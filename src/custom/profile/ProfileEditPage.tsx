/**
 * /profile/edit: avatar (cropped round, uploaded to element/upload/avatar, which every staff member may use),
 * nickname, interface language and e-mail. Only what changed is sent. A new e-mail waits for its code (the field keeps
 * the current address, the new one shows as pending) and the code modal opens; saving the profile while the current
 * e-mail is unverified answers 請先驗證電子信箱 and offers the modal. A new language switches the interface.
 */
import { Box, Button, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { Loading, Title, useNotify } from 'react-admin';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { profileApi } from '../../../contract/api/profile';
import type { VerifyReply } from '../../../contract/auth';
import { Code } from '../../../contract/codes';
import { LOCALE_NAMES, LOCALES, type Locale, NICKNAME_MAX } from '../../../contract/constants';
import type { Profile, SaveProfileInput } from '../../../contract/profile';
import type { SessionUser } from '../../../contract/session';
import { EmailField, FormField } from '../../auth/fields';
import { ImageUpload } from '../../components/ImageUpload';
import { FormCard, SaveBar } from '../../components/SaveBar';
import { ApiError, call } from '../../dataProvider/client';
import { htmlLang, storeLocale } from '../../i18n/locale';
import { maxLength, required } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { CodeDialog } from './CodeDialog';
import { PendingEmail } from './PendingEmail';
import { useSession } from './useSession';

interface Values {
  avatar: string;
  nickname: string;
  language: Locale;
  email: string;
}

const valuesOf = (u: Pick<Profile, 'avatar' | 'nickname' | 'email'> & { language: Locale }): Values => ({
  avatar: u.avatar,
  nickname: u.nickname,
  language: u.language,
  email: u.email,
});

function EditForm({ user, reload }: { user: SessionUser; reload: () => Promise<unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [, setLocale] = useLocaleState();
  const [saved, setSaved] = useState(() => valuesOf({ ...user, language: user.meta.language }));
  const [pending, setPending] = useState(user.pending_email);
  const form = useForm<Values>({ defaultValues: saved });
  useValidateAfterTyping(form);
  const [busy, setBusy] = useState(false);
  const [coding, setCoding] = useState(false);
  const [verification, setVerification] = useState<VerifyReply | null>(null);
  /** A saved language waits until the form is done: switching re-mounts every screen (react-admin's i18n). */
  const switchTo = useRef<Locale | null>(null);

  const applyLocale = () => {
    if (!switchTo.current) return;
    storeLocale(switchTo.current);
    setLocale(switchTo.current);
    switchTo.current = null;
  };

  /** The profile screen says 儲存成功 (it outlives the language switch, a toast raised here would not). */
  const done = () => {
    navigate('/profile', { state: { saved: Date.now() } });
    applyLocale();
  };

  const submit = form.handleSubmit(async (values) => {
    const body: SaveProfileInput = {};
    if (values.avatar !== saved.avatar) body.avatar = values.avatar;
    if (values.nickname.trim() !== saved.nickname) body.nickname = values.nickname;
    if (values.language !== saved.language) body.language = values.language;
    if (values.email.trim().toLowerCase() !== saved.email) body.email = values.email;
    setBusy(true);
    try {
      const reply = await call(profileApi.save, body);
      if (body.language) switchTo.current = reply.language;
      setSaved(valuesOf(reply));
      setPending(reply.pending_email);
      form.reset(valuesOf(reply));
      await reload();
      if (reply.verify) {
        setVerification(reply.verify);
        setCoding(true);
      } else done();
    } catch (err) {
      const error = err instanceof ApiError ? err : null;
      for (const [field, message] of Object.entries(error?.body.errors ?? {})) {
        form.setError(field as Path<Values>, { type: 'server', message });
      }
      if (error?.message !== '') notify(error?.message ?? 'errors.generic', { type: 'error' });
      if (error?.code === Code.EMAIL_NOT_VERIFIED) setCoding(true);
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormCard>
      <Box component="form" noValidate onSubmit={submit} data-testid="profile-form">
        <CardContent>
          <Controller
            control={form.control}
            name="avatar"
            render={({ field }) => (
              <ImageUpload
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                label={translate('profile.fields.avatar')}
                variant="avatar"
                kind="avatar"
                crop={{ aspect: 1, round: true, title: 'profile.edit.cropAvatar' }}
                testId="avatar-file"
              />
            )}
          />
          <FormField
            control={form.control}
            name="nickname"
            label="profile.fields.nickname"
            autoComplete="nickname"
            validate={[required(), maxLength(NICKNAME_MAX)]}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <TextField
                {...field}
                select
                fullWidth
                margin="dense"
                label={translate('profile.fields.language')}
                helperText=" "
                data-testid="language-select"
              >
                {LOCALES.map((l) => (
                  <MenuItem key={l} value={l} lang={htmlLang[l]}>
                    {LOCALE_NAMES[l]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <EmailField control={form.control} name="email" autoComplete="email" />
          {pending ? <PendingEmail email={pending} /> : null}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5 }}>
            {translate('profile.edit.emailHint')}
          </Typography>
        </CardContent>
        <SaveBar>
          <Button type="submit" variant="contained" disabled={busy} data-testid="profile-save">
            {translate('app.save')}
          </Button>
          <Button onClick={() => navigate('/profile')} disabled={busy}>
            {translate('app.cancel')}
          </Button>
        </SaveBar>
      </Box>
      <CodeDialog
        open={coding}
        email={pending ?? saved.email}
        verification={verification}
        onVerification={setVerification}
        onClose={() => {
          setCoding(false);
          applyLocale();
        }}
        onVerified={() => {
          setCoding(false);
          void reload().then(done);
        }}
      />
    </FormCard>
  );
}

export default function ProfileEditPage() {
  const translate = useTranslate();
  const { session, reload } = useSession();
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('profile.edit.title')} />
      {session?.user ? <EditForm user={session.user} reload={reload} /> : <Loading />}
    </Box>
  );
}
