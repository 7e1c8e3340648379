/**
 * /role/create and /role/:id: the role editor, a page. The name and the permission tree; built-in roles, roles holding
 * a permission the viewer's own role lacks (the server refuses changing or deleting them), and everyone without
 * role.edit see it read-only. Saving answers with the server's field messages (此欄位重複 under the name);
 * deleting asks first and shows the server's refusal of a role still held by staff or offered by an open invitation (3008).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, CardContent, Chip, Stack, Typography } from '@mui/material';
import {
  Form,
  useCanAccess,
  useCreate,
  useGetOne,
  useNotify,
  useRequireAccess,
  useTranslate,
  useUpdate,
} from 'ra-core';
import { useEffect, useMemo, useState } from 'react';
import { LinkBase, Loading, SaveButton, TextInput, Title } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { Code } from '../../../contract/codes';
import { within } from '../../../contract/permissions';
import type { Role, RoleSave } from '../../../contract/roles';
import { ROLE_NAME_MAX } from '../../../contract/roles';
import { DeleteDialog } from '../../components/DeleteDialog';
import { FormCard, SaveBar } from '../../components/SaveBar';
import type { ApiError } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { compose, maxLength, required } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { PermissionTreeInput } from './PermissionTreeInput';

const BASE = '/role';
const validateName = compose(required(), maxLength(ROLE_NAME_MAX));

/** The id in the address: `create` (and 0) make a new role. */
const roleIdOf = (param: string | undefined): number =>
  param && /^\d{1,10}$/.test(param) ? Number(param) : 0;

function DeleteRole({ role, onDone }: { role: Role; onDone: () => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('ra.action.delete')}
      </Button>
      {open ? (
        // A role still held by staff (3008) is an expected refusal, so a warning.
        <DeleteDialog
          resource="role"
          record={role}
          name={role.name}
          title="roleScreens.deleteTitle"
          content="roleScreens.deleteBody"
          done="roleScreens.deleted"
          warnCode={Code.ROLE_IN_USE}
          refreshAfter={false}
          onClose={() => setOpen(false)}
          onDeleted={onDone}
        />
      ) : null}
    </>
  );
}

/**
 * Whether the viewer's own role holds every permission of `role`, so that they may change or delete it; taken as yes
 * until the session is read (the server decides anyway).
 */
function useWithinOwn(role?: Role): boolean {
  const { data: session } = useSessionQuery();
  const own = session?.user?.base_permissions;
  return !role || !own || within(role.permissions, own);
}

function RoleForm({ role, canSave, canDelete }: { role?: Role; canSave: boolean; canDelete: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const withinOwn = useWithinOwn(role);
  const readOnly = Boolean(role?.builtin) || !canSave || !withinOwn;
  const values = useMemo<RoleSave>(
    () => ({ id: role?.id ?? 0, name: role?.name ?? '', permissions: role?.permissions ?? [] }),
    [role],
  );

  const submit = async (form: FieldValues) => {
    const body = form as RoleSave;
    try {
      if (body.id === 0) await create('role', { data: body }, { returnPromise: true });
      else await update('role', { id: body.id, data: body, previousData: role }, { returnPromise: true });
      notify('roleScreens.saved', { type: 'success' });
      navigate(BASE);
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.message) notify(failure.message, { type: 'error' });
      return failure?.body?.errors;
    }
  };

  return (
    <Form
      defaultValues={values}
      onSubmit={submit}
      mode="onSubmit"
      reValidateMode="onSubmit"
      noValidate
      warnWhenUnsavedChanges
    >
      <ValidateAfterTyping />
      <CardContent>
        {role?.builtin ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="role-builtin-note">
            {translate('roleScreens.builtinNote')}
          </Alert>
        ) : readOnly ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="role-read-only-note">
            {translate(canSave ? 'roleScreens.beyondNote' : 'roleScreens.readOnlyNote')}
          </Alert>
        ) : null}
        <TextInput
          source="name"
          resource="role"
          validate={readOnly ? undefined : validateName}
          disabled={readOnly}
          fullWidth
          sx={{ maxWidth: 480 }}
        />
        <PermissionTreeInput disabled={readOnly} />
      </CardContent>
      <SaveBar>
        <Button component={LinkBase} to={BASE} startIcon={<ArrowBackIcon />} color="inherit">
          {translate('roleScreens.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {role && !role.builtin && canDelete && withinOwn ? (
          <DeleteRole role={role} onDone={() => navigate(BASE)} />
        ) : null}
        {readOnly ? null : <SaveButton />}
      </SaveBar>
    </Form>
  );
}

export default function RoleEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const id = roleIdOf(useParams().id);
  const { isPending: checking } = useRequireAccess({ resource: 'role', action: id ? 'list' : 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'role', action: id ? 'edit' : 'create' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'role', action: 'delete' });
  const { data: role, error } = useGetOne<Role>(
    'role',
    { id },
    { enabled: id > 0 && !checking, retry: false },
  );

  useEffect(() => {
    if (!error) return;
    notify('roleScreens.notFound', { type: 'error' });
    navigate(BASE);
  }, [error, notify, navigate]);

  const withinOwn = useWithinOwn(role);
  const heading =
    id === 0
      ? 'roleScreens.create'
      : role?.builtin || !canEdit || !withinOwn
        ? 'roleScreens.view'
        : 'roleScreens.edit';
  return (
    <Box sx={{ maxWidth: 960, mt: 2 }}>
      <Title title={translate(heading)} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2">
          {role ? role.name : translate(heading)}
        </Typography>
        {role ? (
          <Chip
            size="small"
            color={role.builtin ? 'primary' : 'default'}
            variant="outlined"
            label={translate(role.builtin ? 'roleScreens.builtin' : 'roleScreens.custom')}
          />
        ) : null}
        {role ? (
          <Typography variant="body2" color="text.secondary">
            {translate('roleScreens.staffCount', { smart_count: role.staff_count })}
          </Typography>
        ) : null}
      </Stack>
      <FormCard>
        {checking || (id > 0 && !role) ? (
          <Loading />
        ) : (
          <RoleForm key={id} role={role} canSave={canEdit} canDelete={canDelete} />
        )}
      </FormCard>
    </Box>
  );
}
