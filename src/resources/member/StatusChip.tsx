/** A member's status (free, paid, lapsed) as a chip: the list's cell and the record page's standing. */
import { Chip } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MemberStatus } from '../../../contract/memberConstants';

const STATUS_COLOR = { free: 'default', paid: 'success', lapsed: 'warning' } as const;

export function StatusChip({ status }: { status: MemberStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'free' ? 'outlined' : 'filled'}
      label={translate(`members.status.${status}`)}
      data-testid={`member-status-${status}`}
    />
  );
}
