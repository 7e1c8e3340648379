/**
 * The add dialog: invite someone by e-mail with a nickname and one role (the built-in 管理員, 編輯, 電商人員 and the
 * site's own roles). The plan's seats are asked first: at the limit the dialog says 帳號已達上限 instead of inviting;
 * the server's refusals (a race to the last seat, an address already on the staff) land where they belong.
 */
import SendIcon from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useNotify, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { RadioButtonGroupInput, SaveButton, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Code } from '../../../contract/codes';
import { EMAIL_MAX, NICKNAME_MAX } from '../../../contract/constants';
import { ROLE } from '../../../contract/permissions';
import { INVITE_TTL_S, type StaffInvite, type StaffOptions } from '../../../contract/staff';
import { FormDialog } from '../../components/FormDialog';
import type { ApiError } from '../../dataProvider/client';
import { compose, email, maxLength, required } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { inviteStaff, staffKeys, useStaffOptions } from './api';

const validateEmail = compose(required(), email(), maxLength(EMAIL_MAX));
const validateNickname = compose(required(), maxLength(NICKNAME_MAX));
const validateRole = compose(required());

function LimitReached({ limit }: { limit: number }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" data-testid="staff-limit">
      <strong>{translate('errors.3009')}</strong>
      <Box>{translate('staff.dialog.limitHint', { limit })}</Box>
    </Alert>
  );
}

function InviteForm({ options, onClose }: { options: StaffOptions; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [full, setFull] = useState(options.used >= options.limit);
  const defaultRole = options.roles.some((r) => r.id === ROLE.EDITOR) ? ROLE.EDITOR : options.roles[0]?.id;

  const submit = async (values: FieldValues) => {
    const body = values as StaffInvite;
    try {
      const sent = await inviteStaff({
        email: body.email,
        nickname: body.nickname,
        roles: Number(body.roles),
      });
      notify('staff.dialog.sent', { type: 'success', messageArgs: { email: sent.email } });
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      onClose();
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.body?.code === Code.STAFF_LIMIT) {
        setFull(true);
        void queryClient.invalidateQueries({ queryKey: staffKeys.options });
        return undefined;
      }
      if (failure?.body?.code === Code.ALREADY_STAFF) return { email: failure.message };
      if (failure?.message) notify(failure.message, { type: 'error' });
      return failure?.body?.errors;
    }
  };

  return (
    <Form
      defaultValues={{ email: '', nickname: '', roles: defaultRole }}
      onSubmit={submit}
      mode="onSubmit"
      reValidateMode="onSubmit"
      noValidate
    >
      <ValidateAfterTyping />
      <DialogContent dividers>
        {full ? (
          <LimitReached limit={options.limit} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('staff.dialog.intro', { days: INVITE_TTL_S / 86400 })}
          </Typography>
        )}
        <TextInput
          source="email"
          resource="admin"
          type="email"
          validate={validateEmail}
          disabled={full}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
        <TextInput source="nickname" resource="admin" validate={validateNickname} disabled={full} fullWidth />
        <RadioButtonGroupInput
          source="roles"
          resource="admin"
          choices={options.roles}
          validate={validateRole}
          disabled={full}
          row
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <SaveButton label="staff.dialog.submit" icon={<SendIcon />} alwaysEnable={!full} disabled={full} />
      </DialogActions>
    </Form>
  );
}

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  // Seats are asked afresh on opening: the list's count may be older than another admin's invitation.
  const { data: options, error, isFetchedAfterMount } = useStaffOptions();
  return (
    <FormDialog titleId={titleId} onClose={onClose} maxWidth="xs" testId="invite-dialog">
      <DialogTitle id={titleId}>{translate('staff.dialog.title')}</DialogTitle>
      {options && isFetchedAfterMount ? (
        <InviteForm options={options} onClose={onClose} />
      ) : (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          {error ? (
            <Alert severity="error">{translate((error as ApiError).message || 'errors.generic')}</Alert>
          ) : (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          )}
        </DialogContent>
      )}
    </FormDialog>
  );
}
