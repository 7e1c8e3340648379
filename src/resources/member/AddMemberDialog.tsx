/** 新增會員: staff adds one member by hand (e-mail, name, intro, tags, note), within the plan's member limit. */
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRedirect, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { EMAIL_MAX } from '../../../contract/constants';
import { member } from '../../../contract/entities/member';
import { MEMBER_INTRO_MAX, MEMBER_NAME_MAX, MEMBER_NOTE_MAX } from '../../../contract/members';
import { FormDialog } from '../../components/FormDialog';
import { type ApiError, call } from '../../dataProvider/client';
import { failureMessage, memberKeys, useMemberRoom } from './api';
import { TagsInput } from './TagsInput';

export function AddMemberDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { data: room } = useMemberRoom();
  const [values, setValues] = useState({ email: '', name: '', intro: '', note: '' });
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const full = room ? room.used >= room.limit : false;
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const fieldError = (k: string) => (errors[k] ? translate(errors[k]) : undefined);

  const submit = async () => {
    setBusy(true);
    setFailure('');
    setErrors({});
    try {
      const added = await call(member.api.save, { id: 0, ...values, tags });
      notify('members.added', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      onClose();
      redirect(`/member/${added.id}`);
    } catch (err) {
      const e = err as ApiError;
      if (e.body?.errors) setErrors(e.body.errors as Record<string, string>);
      else setFailure(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog titleId={titleId} onClose={onClose} testId="member-add-dialog">
      <DialogTitle id={titleId}>{translate('members.addDialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {room ? (
            <Alert severity={full ? 'warning' : 'info'}>
              {full ? <strong>{translate('errors.3300', { limit: room.limit })} </strong> : null}
              {translate('members.addDialog.limitHint', room)}
            </Alert>
          ) : null}
          {failure ? <Alert severity="error">{translate(failure, { _: failure })}</Alert> : null}
          <TextField
            label={translate('resources.member.fields.email')}
            value={values.email}
            onChange={set('email')}
            required
            type="email"
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX, 'data-testid': 'member-add-email' } }}
            error={Boolean(errors.email)}
            helperText={fieldError('email')}
          />
          <TextField
            label={translate('resources.member.fields.name')}
            value={values.name}
            onChange={set('name')}
            slotProps={{ htmlInput: { maxLength: MEMBER_NAME_MAX } }}
            error={Boolean(errors.name)}
            helperText={fieldError('name')}
          />
          <TextField
            label={translate('resources.member.fields.intro')}
            value={values.intro}
            onChange={set('intro')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MEMBER_INTRO_MAX } }}
          />
          <TagsInput label={translate('resources.member.fields.tags')} value={tags} onChange={setTags} />
          <TextField
            label={translate('resources.member.fields.note')}
            value={values.note}
            onChange={set('note')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MEMBER_NOTE_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy || full || values.email.trim() === ''}>
          {translate('members.addDialog.submit')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
