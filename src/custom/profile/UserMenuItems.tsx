/** The user menu's (top right) way to the profile and the account settings. */
import AccountIcon from '@mui/icons-material/ManageAccounts';
import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate, useUserMenu } from 'ra-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
