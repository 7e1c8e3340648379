/** The admin frame: react-admin's layout with the language switch and sign-out in the app bar. */
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal, UserMenu } from 'react-admin';
import { LanguageSwitch } from '../components/LanguageSwitch';

/** Signing out is its own screen (/auth/logout), a full page load away from the admin. */
function SignOutItem() {
  const translate = useTranslate();
  return (
    <MenuItem component="a" href="/auth/logout" data-testid="sign-out">
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.userMenu.logout')}</ListItemText>
    </MenuItem>
  );
}

function TopBar() {
  return (
    <AppBar
      color="primary"
      toolbar={
        <>
          <LanguageSwitch />
          <LoadingIndicator />
        </>
      }
      userMenu={
        <UserMenu>
          <SignOutItem />
        </UserMenu>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={TopBar}>{children}</Layout>;
}
