import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import {
  Form,
  useCanAccess,
  useCreate,
  useGetIdentity,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'ra-core';
import { useEffect, useId, useMemo, useState } from 'react';
import { TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Author } from '../../../contract/authors';
import { Code } from '../../../contract/codes';
import { NAME_MAX } from '../../../contract/constants';
import { DialogFormActions } from '../../components/DialogFormActions';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import type { ApiError } from '../../dataProvider/client';
import { compose, maxLength, required } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { type AuthorFormValues, initials, isLinked, isOwn, toAuthorForm, toAuthorSave } from './authorLogic';

const AUTHOR_TITLE_MAX = 100;
const validateName = compose(required(), maxLength(NAME_MAX));
const validateTitle = compose(maxLength(AUTHOR_TITLE_MAX));

export interface AuthorDialogProps {
  /** 0: a new author. */
  id: number;
  onClose: () => void;
  onDelete: (author: Author) => void;
}

export function AuthorDialog({ id, onClose, onDelete }: AuthorDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const { data: record, error } = useGetOne<Author>('author', { id }, { enabled: id > 0, retry: false });

  useEffect(() => {
    if (!error) return;
    notify('authors.notFound', { type: 'error' });
    onClose();
  }, [error, notify, onClose]);

  const values = useMemo(
    () => (id === 0 ? toAuthorForm() : record ? toAuthorForm(record) : null),
    [id, record],
  );
  const linked = record ? isLinked(record) : false;
  const heading = linked ? 'authors.issue.title' : id === 0 ? 'authors.create' : 'authors.edit';

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      data-testid="author-dialog"
    >
      <DialogTitle id={titleId}>{translate(heading)}</DialogTitle>
      {record && linked ? (
        <AuthorIssue author={record} onClose={onClose} />
      ) : values ? (
        <AuthorForm
          key={`${id}-${record?.updated_at ?? ''}`}
          values={values}
          record={record}
          onClose={onClose}
          onDelete={onDelete}
        />
      ) : (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Why a linked author cannot be changed here, with the author as it is. */
function AuthorIssue({ author, onClose }: { author: Author; onClose: () => void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const own = isOwn(author, identity?.id);
  return (
    <>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar src={author.avatar || undefined} alt={author.name} sx={{ width: 56, height: 56 }}>
            {initials(author.name)}
          </Avatar>
          <Box>
            <Typography variant="subtitle1">{author.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {author.title || translate('authors.noTitle')}
            </Typography>
          </Box>
        </Stack>
        <Alert severity="info" data-testid="author-issue">
          {translate('authors.issue.body', { name: author.name })}
          {own ? <Box sx={{ mt: 1 }}>{translate('authors.issue.own')}</Box> : null}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('authors.issue.close')}
        </Button>
      </DialogActions>
    </>
  );
}

interface AuthorFormProps {
  values: AuthorFormValues;
  record?: Author;
  onClose: () => void;
  onDelete: (author: Author) => void;
}

function AuthorForm({ values, record, onClose, onDelete }: AuthorFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const { canAccess: canDelete } = useCanAccess({ resource: 'author', action: 'delete' });
  const { canAccess: canSave } = useCanAccess({ resource: 'author', action: values.id ? 'edit' : 'create' });
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (form: FieldValues) => {
    const body = toAuthorSave(form as AuthorFormValues);
    try {
      if (body.id === 0) await create('author', { data: body }, { returnPromise: true });
      else await update('author', { id: body.id, data: body, previousData: record }, { returnPromise: true });
      notify('authors.saved', { type: 'success' });
      refresh();
      onClose();
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.body?.code === Code.AUTHOR_LINKED) {
        setRefusal(failure.message);
        return undefined;
      }
      if (failure?.message) notify(failure.message, { type: 'error' });
      return failure?.body?.errors;
    }
  };

  return (
    <Form defaultValues={values} onSubmit={submit} mode="onSubmit" reValidateMode="onSubmit" noValidate>
      <ValidateAfterTyping />
      <DialogContent dividers>
        {refusal ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="author-refused">
            {translate(refusal, { _: refusal })}
          </Alert>
        ) : null}
        <ImageUploadInput
          source="avatar"
          label="resources.author.fields.avatar"
          variant="avatar"
          helperText={translate('authors.avatarHint')}
          testId="avatar-file"
        />
        <TextInput source="name" resource="author" validate={validateName} fullWidth sx={{ mt: 1 }} />
        <TextInput source="title" resource="author" validate={validateTitle} fullWidth />
      </DialogContent>
      <DialogFormActions
        onClose={onClose}
        onDelete={record && canDelete ? () => onDelete(record) : undefined}
        canSave={Boolean(canSave)}
      />
    </Form>
  );
}
