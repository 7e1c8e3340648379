/**
 * The site's settings (SPEC §2): /setting, /setting/general, /setting/domain and its two choices, each its own lazy
 * chunk. Viewing needs the setting view permission; the sub-domain and custom domain screens change things, so they
 * need the edit one.
 */
import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { Guarded } from '../../layout/PlanNeeded';

const SettingsOverview = lazy(() => import('./SettingsOverview'));
const GeneralSettings = lazy(() => import('./GeneralSettings'));
const DomainScreen = lazy(() => import('./DomainScreen'));
const SubdomainScreen = lazy(() => import('./SubdomainScreen'));
const CustomDomainScreen = lazy(() => import('./CustomDomainScreen'));
const SocialScreen = lazy(() => import('../share/SocialScreen'));

const guarded = (action: 'list' | 'edit', screen: ReactNode) => (
  <Guarded resource="setting" action={action}>
    {screen}
  </Guarded>
);

export const settingsRoutes = [
  <Route key="setting" path="/setting" element={guarded('list', <SettingsOverview />)} />,
  <Route key="setting-general" path="/setting/general" element={guarded('list', <GeneralSettings />)} />,
  <Route key="setting-domain" path="/setting/domain" element={guarded('list', <DomainScreen />)} />,
  <Route
    key="setting-domain-sub"
    path="/setting/domain/sub"
    element={guarded('edit', <SubdomainScreen />)}
  />,
  <Route
    key="setting-domain-custom"
    path="/setting/domain/custom"
    element={guarded('edit', <CustomDomainScreen />)}
  />,
  <Route key="setting-social" path="/setting/social" element={guarded('list', <SocialScreen />)} />,
];
