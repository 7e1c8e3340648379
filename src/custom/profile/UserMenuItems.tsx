/** The user menu's (top right) way to the profile and the account settings. */
import AccountIcon from '@mui/icons-material/ManageAccounts';
import PersonIcon from '@mui/icons-material/Person';
import SupportIcon from '@mui/icons-material/SupportAgent';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate, useUserMenu } from 'ra-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionQuery } from '../../layout/session';

function LinkItem({
  to,
  icon,
  label,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  testId: string;
}) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={menu?.onClose} data-testid={testId}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

export const ProfileMenuItem = () => (
  <LinkItem
    to="/profile"
    icon={<PersonIcon fontSize="small" />}
    label="profile.menu.profile"
    testId="menu-profile"
  />
);

export const AccountMenuItem = () => (
  <LinkItem
    to="/setting/account"
    icon={<AccountIcon fontSize="small" />}
    label="profile.menu.account"
    testId="menu-account"
  />
);

/** Platform operators' way to /support (issue 17); nobody else sees it. */
export function SupportMenuItem() {
  const { data: session } = useSessionQuery();
  if (!session?.user?.platform_admin) return null;
  return (
    <LinkItem
      to="/support"
      icon={<SupportIcon fontSize="small" />}
      label="support.menu"
      testId="menu-support"
    />
  );
}
