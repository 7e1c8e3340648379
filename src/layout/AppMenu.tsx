/**
 * The side menu: the dashboard, then the groups — 內容管理 (articles, pages, e-papers and the entity resources placed
 * there), the shop and members groups when something is declared in them, 網站管理, 網站設定 and 個人 — then every
 * other registered resource. Entity resources take their group, order and icon from their declaration
 * (contract/entities), so a new one shows up without touching this file. An item the role cannot use is not shown;
 * one the role allows but the site's plan does not stays, with a lock, and opens the plan prompt (SPEC §8's
 * 尚未訂閱方案, or the missing feature and the cheapest plan that has it).
 * While the site is not published, an item at the end opens the 'publish your site now' modal; once it is, the item
 * leads to the site itself.
 */
import RoleIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import DesignIcon from '@mui/icons-material/BrushOutlined';
import PlanIcon from '@mui/icons-material/CreditCardOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import DomainIcon from '@mui/icons-material/Language';
import LockIcon from '@mui/icons-material/LockOutlined';
import MenuIcon from '@mui/icons-material/MenuOpen';
import ViewSiteIcon from '@mui/icons-material/OpenInNew';
import ThemeIcon from '@mui/icons-material/PaletteOutlined';
import ProfileIcon from '@mui/icons-material/PersonOutline';
import MediaIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PublishIcon from '@mui/icons-material/PublicOff';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import GeneralIcon from '@mui/icons-material/TuneOutlined';
import DefaultIcon from '@mui/icons-material/ViewList';
import SitesIcon from '@mui/icons-material/WebOutlined';
import SubscriptionIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { Box, ListSubheader } from '@mui/material';
import { useGetResourceLabel, useResourceDefinitions, useTranslate } from 'ra-core';
import { type ComponentType, createElement, type MouseEvent, type ReactNode } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router';
import type { MenuPlace } from '../../contract/entityBrief';
import type { ResourceAction } from '../../contract/permissions';
import { visuallyHidden } from '../components/visuallyHidden';
import { entityResource, featureOf } from '../entities/registry';
import { useUnreadCount } from '../resources/customer/api';
import { useShellPrompts } from './ShellDialogs';
import { useSessionQuery } from './session';
import { activePath, type ItemAccess, type ItemState, itemAccess, itemState } from './shellLogic';

type Group = MenuPlace['group'];

interface Entry {
  to: string;
  /** An i18n key, or the label itself for registered resources. */
  label: string;
  icon: ComponentType;
  /** What the item needs (contract/permissions.ts RESOURCE_PERMISSIONS). */
  resource: string;
  action?: ResourceAction;
  group: Group;
  /** Position inside the group (lower first). */
  order: number;
}

/** The groups in menu order, with their headings. */
const GROUPS: { group: Group; label: string }[] = [
  { group: 'content', label: 'app.menu.content' },
  { group: 'shop', label: 'shell.menu.shop' },
  { group: 'members', label: 'shell.menu.members' },
  { group: 'site', label: 'shell.menu.siteAdmin' },
  { group: 'settings', label: 'shell.menu.siteSettings' },
  { group: 'personal', label: 'shell.menu.personal' },
];

/** Registered resources that are not entities but have their place (entities say theirs in their declaration). */
const RESOURCE_PLACES: Record<string, Pick<MenuPlace, 'group' | 'order'>> = {
  follower: { group: 'members', order: 20 },
  customer: { group: 'members', order: 30 },
};

/** Screens of the site and of the user, each behind the permission of its resource. */
const SCREENS: Entry[] = [
  {
    to: '/subscription',
    label: 'shell.menu.subscription',
    icon: SubscriptionIcon,
    resource: 'subscription',
    group: 'members',
    order: 40,
  },
  { to: '/role', label: 'shell.menu.roles', icon: RoleIcon, resource: 'role', group: 'site', order: 20 },
  { to: '/site', label: 'shell.menu.sites', icon: SitesIcon, resource: 'site', group: 'site', order: 30 },
  {
    to: '/plan/current',
    label: 'shell.menu.plan',
    icon: PlanIcon,
    resource: 'plan',
    group: 'site',
    order: 40,
  },
  {
    to: '/setting',
    label: 'shell.menu.settings',
    icon: SettingsIcon,
    resource: 'setting',
    group: 'settings',
    order: 10,
  },
  {
    to: '/setting/general',
    label: 'shell.menu.general',
    icon: GeneralIcon,
    resource: 'setting',
    group: 'settings',
    order: 20,
  },
  {
    to: '/setting/menu',
    label: 'shell.menu.menus',
    icon: MenuIcon,
    resource: 'setting',
    group: 'settings',
    order: 30,
  },
  {
    to: '/page/home',
    label: 'shell.menu.home',
    icon: HomeIcon,
    resource: 'setting',
    group: 'settings',
    order: 40,
  },
  {
    to: '/setting/domain',
    label: 'shell.menu.domain',
    icon: DomainIcon,
    resource: 'setting',
    group: 'settings',
    order: 50,
  },
  {
    to: '/setting/theme',
    label: 'themes.menu',
    icon: ThemeIcon,
    resource: 'theme',
    group: 'settings',
    order: 44,
  },
  { to: '/design', label: 'design.menu', icon: DesignIcon, resource: 'design', group: 'settings', order: 46 },
  { to: '/file', label: 'shell.menu.media', icon: MediaIcon, resource: 'file', group: 'settings', order: 60 },
  {
    to: '/profile',
    label: 'shell.menu.profile',
    icon: ProfileIcon,
    resource: 'profile',
    group: 'personal',
    order: 10,
  },
];

/** Where a registered resource goes: its declared place, a known one, or none (listed at the end). */
const placeOf = (name: string) => entityResource(name)?.menu ?? RESOURCE_PLACES[name];

/** Resources that have a screen entry above are not listed again. */
const SCREEN_RESOURCES = new Set(SCREENS.map((e) => e.resource));

function GroupHeader({ label }: { label: string }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <ListSubheader component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.25, mt: 0.5 }}>
      {translate(label)}
    </ListSubheader>
  );
}

const currentSx = (active: boolean) => ({
  '&.RaMenuItemLink-active': { color: active ? 'text.primary' : 'text.secondary' },
  ...(active ? { bgcolor: 'action.selected', fontWeight: 500 } : {}),
});

/** The count of new customer messages beside their item (polled every minute); nothing while there are none. */
function UnreadBadge() {
  const translate = useTranslate();
  const count = useUnreadCount(true).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Box
      component="span"
      data-testid="customer-badge"
      data-count={count}
      sx={{
        ml: 'auto',
        px: 0.75,
        minWidth: 20,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: '0.75rem',
        lineHeight: '20px',
        textAlign: 'center',
      }}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <Box component="span" sx={visuallyHidden}>
        {translate('inbox.customers.badge', { smart_count: count })}
      </Box>
    </Box>
  );
}

/**
 * One item. react-admin marks every item whose path the location lies under; here only the current one (the longest
 * such path) looks and reads as current.
 */
function ShellItem({
  entry,
  state,
  active,
  onPlan,
  badge,
}: {
  entry: Entry;
  state: ItemState;
  active: boolean;
  onPlan: () => void;
  /** Shown after the label (the customer messages' count of new ones). */
  badge?: ReactNode;
}) {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  const label = translate(entry.label, { _: entry.label });
  const locked = state === 'plan';
  // On a plan without the feature it takes another plan; without any plan, a plan.
  const lockWords = translate(
    session?.site.current?.service ? 'shell.menu.needsUpgrade' : 'shell.menu.needsPlan',
  );
  return (
    <Menu.Item
      to={entry.to}
      state={{ _scrollToTop: true }}
      primaryText={locked ? `${label} (${lockWords})` : label}
      leftIcon={createElement(entry.icon)}
      aria-current={active ? 'page' : undefined}
      data-locked={locked || undefined}
      onClick={
        locked
          ? (e: MouseEvent) => {
              e.preventDefault();
              onPlan();
            }
          : undefined
      }
      sx={currentSx(active)}
    >
      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1 }}>
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {label}
        </Box>
        {locked ? (
          <LockIcon fontSize="inherit" titleAccess={lockWords} sx={{ color: 'text.disabled' }} />
        ) : null}
        {badge}
      </Box>
    </Menu.Item>
  );
}

/** The site's state at the end of the menu: a prompt to publish it, or the way to see it. */
function SiteStatusItem({ onPublish }: { onPublish: () => void }) {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  const site = session?.site.current;
  if (!site) return null;
  if (site.published) {
    return (
      <Menu.Item
        to={site.url}
        target="_blank"
        rel="noopener"
        primaryText={translate('shell.menu.viewSite')}
        leftIcon={<ViewSiteIcon />}
        onClick={(e: MouseEvent) => {
          // The public site is another host: leave the router out of it.
          e.preventDefault();
          window.open(site.url, '_blank', 'noopener');
        }}
      />
    );
  }
  // Only someone who may change the settings can publish; the others are not asked.
  if (itemState(session?.user, 'setting', 'edit') === 'hidden') return null;
  return (
    <Menu.Item
      to="/setting"
      primaryText={translate('shell.menu.unpublished')}
      leftIcon={<PublishIcon color="warning" />}
      data-testid="publish-prompt"
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        onPublish();
      }}
      sx={{ color: 'warning.dark' }}
    />
  );
}

function Section({ label, children }: { label?: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <>
      {label ? <GroupHeader label={label} /> : null}
      {children}
    </>
  );
}

export function AppMenu() {
  const resources = useResourceDefinitions();
  const getResourceLabel = useGetResourceLabel();
  const { data: session } = useSessionQuery();
  const { pathname } = useLocation();
  const openPrompt = useShellPrompts();

  const features = session?.site.current?.features ?? [];
  /** The role's say, and the plan's (an entity's declared feature included). */
  const accessOf = (entry: Entry): ItemAccess =>
    itemAccess(session?.user, features, entry.resource, entry.action, featureOf(entry.resource));
  const listed = Object.keys(resources).filter((name) => resources[name].hasList);
  const resourceEntry = (name: string): Entry => ({
    to: `/${name}`,
    label: getResourceLabel(name, 2),
    icon: resources[name].icon ?? DefaultIcon,
    resource: name,
    group: placeOf(name)?.group ?? 'content',
    order: placeOf(name)?.order ?? 0,
  });
  const placed = [...listed.filter((name) => placeOf(name)).map(resourceEntry), ...SCREENS];
  const others = listed.filter((name) => !placeOf(name) && !SCREEN_RESOURCES.has(name)).map(resourceEntry);
  const sections = [
    ...GROUPS.map(({ group, label }) => ({
      label: label as string | undefined,
      items: placed.filter((e) => e.group === group).sort((a, b) => a.order - b.order),
    })),
    { label: undefined, items: others },
  ].map((section) => ({
    label: section.label,
    items: section.items
      .map((entry) => ({ entry, ...accessOf(entry) }))
      .filter((item) => item.state !== 'hidden'),
  }));
  const current = activePath(pathname, ['/', ...sections.flatMap((s) => s.items.map((i) => i.entry.to))]);

  return (
    // Dense: every group fits a laptop screen without scrolling the menu.
    <Menu dense>
      <Menu.Item
        to="/"
        primaryText="app.menu.dashboard"
        leftIcon={<DashboardIcon />}
        aria-current={current === '/' ? 'page' : undefined}
        sx={currentSx(current === '/')}
      />
      {sections.map((section) => (
        <Section key={section.label ?? 'others'} label={section.label}>
          {section.items.map(({ entry, state, feature }) => (
            <ShellItem
              key={entry.to}
              entry={entry}
              state={state}
              active={current === entry.to}
              onPlan={() => openPrompt('plan', feature)}
              badge={entry.resource === 'customer' && state === 'open' ? <UnreadBadge /> : undefined}
            />
          ))}
        </Section>
      ))}
      <SiteStatusItem onPublish={() => openPrompt('publish')} />
    </Menu>
  );
}
