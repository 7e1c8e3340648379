/** A staff member's role as a chip: the owner and administrators stand out, other roles are outlined. */
import { Chip } from '@mui/material';
import { ROLE } from '../../../contract/permissions';
import type { RoleRef } from '../../../contract/staff';

const colors: Record<number, 'primary' | 'secondary'> = {
  [ROLE.OWNER]: 'primary',
  [ROLE.ADMIN]: 'secondary',
};

export function RoleChip({ role }: { role: RoleRef }) {
  const color = colors[role.id];
  return (
    <Chip
      size="small"
      label={role.name}
      color={color ?? 'default'}
      variant={color ? 'filled' : 'outlined'}
      data-testid="role-chip"
    />
  );
}
