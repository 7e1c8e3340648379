/** Staff calls beyond the dataProvider: the invite dialog's options, open invitations, inviting. */
import { useQuery } from '@tanstack/react-query';
import { staffApi } from '../../../contract/api/staff';
import type { StaffInvite } from '../../../contract/staff';
import { call } from '../../dataProvider/client';

/** Query keys under the resource's name, so invalidating ['admin'] also refreshes react-admin's staff list. */
export const staffKeys = {
  all: ['admin'] as const,
  options: ['admin', 'options'] as const,
  invitations: ['admin', 'invitations'] as const,
};

export const useStaffOptions = (enabled = true) =>
  useQuery({ queryKey: staffKeys.options, queryFn: () => call(staffApi.options), enabled });

export const useInvitations = (enabled = true) =>
  useQuery({
    queryKey: staffKeys.invitations,
    queryFn: () => call(staffApi.invitations),
    enabled,
  });

export const inviteStaff = (body: StaffInvite) => call(staffApi.invite, body);

export const cancelInvitation = (email: string) => call(staffApi.cancel, { email });
