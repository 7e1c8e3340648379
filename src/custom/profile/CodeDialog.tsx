/**
 * The verification-code modal of an e-mail change (SPEC §4 Profile): the 6-digit code mailed to the new address,
 * confirmed through profileApi.save {token, verify}; resend after 10 s, then every 120 s. Without a
 * verification yet (the code was asked for in another visit), its button mails one first.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useForm } from 'react-hook-form';
import { profileApi } from '../../../contract/api/profile';
import type { VerifyReply } from '../../../contract/auth';
import type { SaveProfileReply } from '../../../contract/profile';
import { FormField } from '../../auth/fields';
import { ResendButton, resendCode } from '../../auth/verification';
import { ApiError, call } from '../../dataProvider/client';
import { required, verifyCode } from '../../validation';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';

interface Props {
  open: boolean;
  email: string;
  verification: VerifyReply | null;
  onVerification: (v: VerifyReply) => void;
  onClose: () => void;
  onVerified: (profile: SaveProfileReply) => void;
}

export function CodeDialog({ open, email, verification, onVerification, onClose, onVerified }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  useValidateAfterTyping(form);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'errors.generic';
      const fieldError = err instanceof ApiError ? err.body.errors?.verify : undefined;
      if (fieldError) form.setError('code', { type: 'server', message: fieldError });
      if (message) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      if (verification) await resendCode(verification, onVerification);
      else {
        const reply = await call(profileApi.save, { email });
        if (reply.verify) onVerification(reply.verify);
      }
    });

  const submit = form.handleSubmit(({ code }) =>
    run(async () => {
      try {
        const profile = await call(profileApi.save, {
          token: verification?.token,
          verify: code,
        });
        form.reset();
        onVerified(profile);
      } catch (err) {
        form.setValue('code', '');
        throw err;
      }
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="code-title"
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="code-title">{translate('profile.code.title')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate(verification ? 'profile.code.sent' : 'profile.code.notSent', { email })}
          </Typography>
          {verification ? (
            <FormField
              control={form.control}
              name="code"
              label="auth.fields.code"
              autoComplete="one-time-code"
              validate={[required(), verifyCode()]}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              autoFocus
            />
          ) : null}
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
          <ResendButton
            at={verification?.ts ?? 0}
            disabled={busy}
            onClick={() => void send()}
            label={verification ? 'auth.register.resend' : 'profile.code.send'}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={onClose} disabled={busy}>
              {translate('profile.code.later')}
            </Button>
            {verification ? (
              <Button type="submit" variant="contained" disabled={busy} data-testid="verify-code">
                {translate('profile.code.submit')}
              </Button>
            ) : null}
          </Box>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
