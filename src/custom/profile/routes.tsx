/** The user's own profile and account (SPEC §2): /profile, /profile/edit, /setting/account, /setting/password. */
import { lazy } from 'react';
import { Route } from 'react-router';

const ProfilePage = lazy(() => import('./ProfilePage'));
const ProfileEditPage = lazy(() => import('./ProfileEditPage'));
const AccountPage = lazy(() => import('./AccountPage'));
const PasswordPage = lazy(() => import('./PasswordPage'));

export const profileRoutes = [
  <Route key="profile" path="/profile" element={<ProfilePage />} />,
  <Route key="profile-edit" path="/profile/edit" element={<ProfileEditPage />} />,
  <Route key="setting-account" path="/setting/account" element={<AccountPage />} />,
  <Route key="setting-password" path="/setting/password" element={<PasswordPage />} />,
];
