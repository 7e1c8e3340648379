/**
 * The current site's own settings (SPEC §2 Settings, §7 Site): general settings, the service status and publish
 * switch, the sub-domain and a custom domain. Viewing needs setting.view, any change setting.edit.
 */
import { EmptyInput } from '../auth';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { RESOURCE_PERMISSIONS } from '../permissions';
import {
  BindInput,
  PublishInput,
  SiteProfile,
  SiteSave,
  SiteStatus,
  SlugCheckReply,
  SlugInput,
} from '../settings';

const perm = RESOURCE_PERMISSIONS.setting;

export const settingsApi = {
  profile: endpoint({
    path: 'site/profile',
    input: EmptyInput,
    output: SiteProfile,
    access: 'site',
    permission: perm.list,
    summary: "The site's general settings",
  }),
  save: endpoint({
    path: 'site/save',
    input: SiteSave,
    output: SiteProfile,
    access: 'site',
    permission: perm.edit,
    summary: "Saves the site's general settings",
  }),
  status: endpoint({
    path: 'site/status',
    input: EmptyInput,
    output: SiteStatus,
    access: 'site',
    permission: perm.list,
    summary: "The site's plan, publish switch, sub-domain and custom domain",
  }),
  publish: endpoint({
    path: 'site/publish',
    input: PublishInput,
    output: SiteStatus,
    access: 'site',
    permission: perm.edit,
    // A publish (SPEC §9: 120 s).
    timeout: TIMEOUT.long,
    summary: 'Turns the public site on or off',
  }),
  check: endpoint({
    path: 'site/check',
    input: SlugInput,
    output: SlugCheckReply,
    access: 'site',
    permission: perm.edit,
    summary: 'Whether a sub-domain is free for this site (3012 when taken)',
  }),
  checkNew: endpoint({
    path: 'site/check_new',
    input: SlugInput,
    output: SlugCheckReply,
    access: 'user',
    summary: 'Whether a sub-domain is free for a new site (the wizard; 3012 when taken)',
  }),
  saveSlug: endpoint({
    path: 'site/save_slug',
    input: SlugInput,
    output: SiteStatus,
    access: 'site',
    permission: perm.edit,
    summary: 'Moves the site to another sub-domain',
  }),
  bind: endpoint({
    path: 'site/bind',
    input: BindInput,
    output: SiteStatus,
    access: 'site',
    permission: perm.edit,
    summary: 'Binds a custom domain, to be verified by its CNAME record',
  }),
  valid: endpoint({
    path: 'site/valid',
    input: EmptyInput,
    output: SiteStatus,
    access: 'site',
    permission: perm.edit,
    timeout: TIMEOUT.domainValid,
    summary: "Verifies the bound domain's CNAME record (13000 when it does not point at the platform)",
  }),
  unbind: endpoint({
    path: 'site/unbind',
    input: EmptyInput,
    output: SiteStatus,
    access: 'site',
    permission: perm.edit,
    summary: 'Removes the custom domain',
  }),
};
