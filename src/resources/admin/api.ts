/** Staff calls beyond the dataProvider: the invite dialog's options, open invitations, inviting, the CSV export. */
import { useQuery } from '@tanstack/react-query';
import { staffApi } from '../../../contract/api/staff';
import { Code, codeMessageKey } from '../../../contract/codes';
import type { Envelope } from '../../../contract/envelope';
import type { StaffInvite } from '../../../contract/staff';
import { ApiError, call, urlFor } from '../../dataProvider/client';
import { storedLocale } from '../../i18n/locale';

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

/** Downloads staffApi.export: the one call answering a file; a refusal still comes as an envelope. */
export async function downloadStaffCsv(): Promise<void> {
  const response = await fetch(urlFor(staffApi.export.path), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'accept-language': storedLocale() },
    body: '{}',
  }).catch(() => {
    throw new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null });
  });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    const body = envelope ?? { code: Code.FAIL, msg: '', data: null };
    const message = response.status === 403 ? '' : (codeMessageKey(body.code) ?? 'errors.generic');
    throw new ApiError(message, response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'staff.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
