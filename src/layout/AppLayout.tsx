/**
 * The admin frame: react-admin's layout with the language switch and sign-out in the app bar, behind the shell's guard
 * (layout/ShellGuard.tsx).
 */
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { AccountMenuItem, ProfileMenuItem, SupportMenuItem } from '../custom/profile/UserMenuItems';
import { useSaveLanguage } from '../custom/profile/useSaveLanguage';
import { SupportBanner } from '../custom/support/SupportBanner';
import { LaterWords } from '../i18n/LaterWords';
import { AppMenu } from './AppMenu';
import { DocumentTitle } from './DocumentTitle';
import { ShellGuard } from './ShellGuard';
import { UnpaidBanner } from './UnpaidBanner';

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
  const saveLanguage = useSaveLanguage();
  // The menu button shows the user's name: its accessible name starts with that name, then says what it opens
  // (axe label-content-name-mismatch).
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const menuName = identity?.fullName && `${identity.fullName} · ${translate('ra.auth.user_menu')}`;
  return (
    <AppBar
      color="primary"
      toolbar={
        <>
          <LanguageSwitch onChosen={saveLanguage} />
          {/* Its spinner, while data loads, is a named progress bar. */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
      userMenu={
        <UserMenu label={menuName || undefined}>
          <ProfileMenuItem />
          <AccountMenuItem />
          <SupportMenuItem />
          <SignOutItem />
        </UserMenu>
      }
    >
      {/* The screen's title (react-admin's <Title>) is the page's one h1. */}
      <TitlePortal component="h1" sx={{ '&:empty': { visibility: 'hidden' } }} />
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    // Users with nothing to do here, or without a site, never see the frame (SPEC §6).
    <ShellGuard>
      {/* The page is as wide as the window (react-admin's default is as wide as its widest table): a wide list
          scrolls inside its own box. */}
      <Layout appBar={TopBar} menu={AppMenu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
        <DocumentTitle />
        <SupportBanner />
        <UnpaidBanner />
        <LaterWords>{children}</LaterWords>
      </Layout>
    </ShellGuard>
  );
}
