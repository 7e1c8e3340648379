/**
 * /admin/:id: one staff member — account, role, when they joined. With staff.edit and setting.permission the role can
 * be changed (a radio group of the roles one may give: admin/options offers only those within one's own role); with
 * staff.delete the member can be removed after a confirmation. The own record and the owner's are read-only, and a
 * 管理員's without setting.admin (the server refuses them too: 3011, 403).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Avatar, Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import {
  Form,
  useCanAccess,
  useGetOne,
  useNotify,
  usePermissions,
  useRequireAccess,
  useTranslate,
  useUpdate,
} from 'ra-core';
import { useEffect } from 'react';
import { LinkBase, Loading, RadioButtonGroupInput, SaveButton, Title } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { StaffMember } from '../../../contract/entities/admin';
import { mayTouchRole, PERM } from '../../../contract/permissions';
import { DateTimeField } from '../../components/DateTimeField';
import { RemoveRecordButton } from '../../components/RemoveRecordButton';
import type { ApiError } from '../../dataProvider/client';
import type { EntityShowProps } from '../../entities/overrides';
import { initials } from '../../entities/view';
import { staffKeys, useStaffOptions } from './api';
import { RoleChip } from './RoleChip';

const BASE = '/admin';

function MemberForm({
  member,
  canEdit,
  canDelete,
}: {
  member: StaffMember;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate();
  const { permissions = [] } = usePermissions<string[]>();
  const locked = member.is_self || member.is_owner;
  // A 管理員 is changed or removed only with setting.admin; any role change needs setting.permission.
  const adminLocked = !mayTouchRole(new Set(permissions), member.roles);
  const mayChangeRoles = permissions.includes(PERM.settingPermission);
  const editable = canEdit && mayChangeRoles && !locked && !adminLocked;
  const removable = canDelete && !locked && !adminLocked;
  const { data: options } = useStaffOptions(editable);

  const submit = async (values: FieldValues) => {
    try {
      await update(
        'admin',
        { id: member.id, data: { roles: Number(values.roles) }, previousData: member },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('staff.detail.saved', { type: 'success' });
      return undefined;
    } catch (err) {
      const failure = err as ApiError;
      // 帳號角色儲存失敗。 (SPEC §8), with the server's reason; a refusal of access (403) stays silent as everywhere.
      if (failure?.status !== 403)
        notify('staff.detail.saveFailed', {
          type: 'error',
          messageArgs: { reason: failure?.message ? translate(failure.message, { _: failure.message }) : '' },
        });
      return failure?.body?.errors;
    }
  };

  const note = member.is_self
    ? 'staff.detail.self'
    : member.is_owner
      ? 'staff.detail.owner'
      : !canEdit
        ? 'staff.detail.readOnly'
        : adminLocked
          ? 'staff.detail.adminLocked'
          : !mayChangeRoles
            ? 'staff.detail.noRoleChange'
            : null;
  return (
    <Form defaultValues={{ roles: member.roles }} onSubmit={submit} noValidate warnWhenUnsavedChanges>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar src={member.avatar || undefined} alt="" sx={{ width: 64, height: 64, fontSize: '1.4rem' }}>
            {initials(member.nickname || member.email)}
          </Avatar>
          <Box>
            <Typography variant="h6" component="p" data-testid="staff-nickname">
              {member.nickname}
            </Typography>
            <Typography color="text.secondary" data-testid="staff-email">
              {member.email}
            </Typography>
          </Box>
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1.5, m: 0 }}>
          <Typography component="dt" color="text.secondary">
            {translate('resources.admin.fields.role')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <RoleChip role={member.role} />
          </Box>
          <Typography component="dt" color="text.secondary">
            {translate('resources.admin.fields.joined_at')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <DateTimeField record={member} source="joined_at" />
          </Box>
        </Box>
        {note ? (
          <Alert severity="info" sx={{ mt: 3 }} data-testid="staff-read-only">
            {translate(note)}
          </Alert>
        ) : null}
        {editable && options ? (
          <RadioButtonGroupInput
            source="roles"
            resource="admin"
            choices={options.roles}
            label="staff.detail.changeRole"
            sx={{ mt: 3 }}
            helperText={false}
          />
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button component={LinkBase} to={BASE} startIcon={<ArrowBackIcon />} color="inherit">
          {translate('staff.detail.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {removable ? (
          <RemoveRecordButton
            resource="admin"
            record={member}
            name={member.nickname || member.email}
            words="staff.detail"
            invalidate={staffKeys.options}
            backTo={BASE}
          />
        ) : null}
        {editable ? <SaveButton /> : null}
      </CardActions>
    </Form>
  );
}

/** The record page of the staff list (src/entities/overrides/admin.tsx `Show`). */
export default function StaffDetail({ id }: EntityShowProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { isPending: checking } = useRequireAccess({ resource: 'admin', action: 'list' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'admin', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'admin', action: 'delete' });
  const { data: member, error } = useGetOne<StaffMember>(
    'admin',
    { id },
    { enabled: !checking, retry: false },
  );

  useEffect(() => {
    if (!error) return;
    notify('staff.detail.notFound', { type: 'error' });
    navigate(BASE);
  }, [error, notify, navigate]);

  return (
    <Box sx={{ maxWidth: 720, mt: 2 }}>
      <Title title={translate('staff.detail.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('staff.detail.title')}
      </Typography>
      <Card>
        {member ? (
          <MemberForm
            key={`${member.id}-${member.roles}`}
            member={member}
            canEdit={canEdit}
            canDelete={canDelete}
          />
        ) : (
          <Loading />
        )}
      </Card>
    </Box>
  );
}
