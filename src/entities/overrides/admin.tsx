/**
 * Staff on the generated list (contract/entities/admin.ts): the nickname with the avatar (and 你 on one's own row),
 * the role as a chip; the seats used of the plan's limit and 邀請人員 with its dialog in the toolbar; the open
 * invitations under the list; one's own and the owner's rows locked; and the record page with the role change and the
 * removal (resources/admin/StaffDetail.tsx) at /admin/:id, which the rows open.
 */
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Avatar, Chip, Stack } from '@mui/material';
import { useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-admin';
import type { StaffMember } from '../../../contract/entities/admin';
import { LimitCounter } from '../../components/LimitCounter';
import { useStaffOptions } from '../../resources/admin/api';
import { PendingInvitations } from '../../resources/admin/PendingInvitations';
import { RoleChip } from '../../resources/admin/RoleChip';
import type { EntityOverrides } from '../overrides';
import { initials } from '../view';

// The invitation form (and its rules) loads when it opens.
const InviteDialog = lazy(() =>
  import('../../resources/admin/InviteDialog').then((m) => ({ default: m.InviteDialog })),
);

function NicknameCell() {
  const translate = useTranslate();
  const record = useRecordContext<StaffMember>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar src={record.avatar || undefined} alt="" sx={{ width: 32, height: 32, fontSize: '0.9rem' }}>
        {initials(record.nickname || record.email)}
      </Avatar>
      <span>{record.nickname}</span>
      {record.is_self ? <Chip size="small" variant="outlined" label={translate('staff.you')} /> : null}
    </Stack>
  );
}

function RoleCell() {
  const record = useRecordContext<StaffMember>();
  return record ? <RoleChip role={record.role} /> : null;
}

/** The seats used of the plan's limit, and the invitation (staff.edit, as `member/invite` needs). */
function StaffActions() {
  const { canAccess: canInvite = false } = useCanAccess({ resource: 'admin', action: 'create' });
  const [inviting, setInviting] = useState(false);
  const seats = useStaffOptions().data;
  return (
    <>
      <LimitCounter usage={seats} message="staff.seats" testId="staff-seats" />
      {canInvite ? (
        <Button label="staff.invite" variant="contained" onClick={() => setInviting(true)}>
          <PersonAddIcon />
        </Button>
      ) : null}
      {inviting ? (
        <Suspense fallback={null}>
          <InviteDialog onClose={() => setInviting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function Invitations() {
  const { canAccess: canCancel = false } = useCanAccess({ resource: 'admin', action: 'edit' });
  return <PendingInvitations canCancel={canCancel} />;
}

const admin: EntityOverrides = {
  cells: { nickname: NicknameCell, role: RoleCell },
  Actions: StaffActions,
  Below: Invitations,
  perPage: 25,
  // Nobody changes their own record, and the owner keeps the site (the server refuses them too: 3011, 403).
  locked: (record) =>
    record.is_self ? 'staff.detail.self' : record.is_owner ? 'staff.detail.owner' : undefined,
  Show: lazy(() => import('../../resources/admin/StaffDetail')),
};

export default admin;
