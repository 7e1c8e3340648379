/**
 * /setting/password: the current password, a new one (SPEC §5: the password rule, not the current one) and its
 * confirmation, through `member/change`. A wrong current password (2008) and a recent one (2007) show under their
 * fields and as a toast. The other sessions of the account end.
 */
import { Box, Button, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useForm } from 'react-hook-form';
import { authApi } from '../../../contract/api/auth';
import { Code } from '../../../contract/codes';
import { NewPasswordFields, PasswordField } from '../../auth/fields';
import { FormCard, SaveBar } from '../../components/SaveBar';
import { ApiError, call } from '../../dataProvider/client';
import { required } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';

interface Values {
  current: string;
  password: string;
  confirm: string;
}

export default function PasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useForm<Values>({ defaultValues: { current: '', password: '', confirm: '' } });
  useValidateAfterTyping(form);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await call(authApi.change, { current: values.current, new: values.password });
      form.reset();
      notify('profile.password.done', { type: 'success' });
    } catch (err) {
      const error = err instanceof ApiError ? err : null;
      const errors = error?.body.errors ?? {};
      // The API names the new password `new`; the form calls it `password`.
      if (errors.current) form.setError('current', { type: 'server', message: errors.current });
      if (errors.new) form.setError('password', { type: 'server', message: errors.new });
      const message = error?.message ?? 'errors.generic';
      if (error?.code === Code.CURRENT_PASSWORD_WRONG)
        form.setError('current', { type: 'server', message: translate(message) });
      if (error?.code === Code.PASSWORD_REUSED)
        form.setError('password', { type: 'server', message: translate(message) });
      if (message) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={translate('profile.password.title')} />
      <FormCard>
        <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
          <CardContent>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {translate('profile.account.passwordHint')}
            </Typography>
            <PasswordField
              control={form.control}
              name="current"
              label="profile.password.current"
              autoComplete="current-password"
              validate={[required()]}
              autoFocus
            />
            <NewPasswordFields control={form.control} label="profile.password.new" differentFrom="current" />
          </CardContent>
          <SaveBar>
            <Button type="submit" variant="contained" disabled={busy} data-testid="password-save">
              {translate('profile.password.submit')}
            </Button>
          </SaveBar>
        </Box>
      </FormCard>
    </Box>
  );
}
