/**
 * `/api/site/*` for the current site's own settings: general settings, service status and the publish switch, the
 * sub-domain and a custom domain. Viewing needs setting.view, any change setting.edit.
 */
import { z } from 'zod';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { BindInput, PublishInput, SiteSave, SlugInput } from '../../../contract/settings';
import { action } from '../../http/action';
import * as settings from './service';

const perm = RESOURCE_PERMISSIONS.setting;
const none = z.strictObject({});

export const settingsActions = [
  action({
    path: 'site/profile',
    input: none,
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) => settings.getProfile(ctx.deps.db, ctx.site.id),
  }),
  action({
    path: 'site/save',
    input: SiteSave,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => settings.saveProfile(ctx.deps, ctx.site.id, input),
  }),
  action({
    path: 'site/status',
    input: none,
    access: 'site',
    permission: perm.list,
    handler: (_input, ctx) => settings.getStatus(ctx.deps, ctx.site.id),
  }),
  action({
    path: 'site/publish',
    input: PublishInput,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => settings.setPublished(ctx.deps, ctx.site.id, input.publish),
  }),
  action({
    path: 'site/check',
    input: SlugInput,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => settings.checkSlug(ctx.deps.db, ctx.site.id, input.slug),
  }),
  action({
    path: 'site/save_slug',
    input: SlugInput,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => settings.saveSlug(ctx.deps, ctx.site.id, input.slug),
  }),
  action({
    path: 'site/bind',
    input: BindInput,
    access: 'site',
    permission: perm.edit,
    handler: (input, ctx) => settings.bindDomain(ctx.deps, ctx.site.id, input),
  }),
  action({
    path: 'site/valid',
    input: none,
    access: 'site',
    permission: perm.edit,
    handler: (_input, ctx) => settings.verifyDomain(ctx.deps, ctx.site.id),
  }),
  action({
    path: 'site/unbind',
    input: none,
    access: 'site',
    permission: perm.edit,
    handler: (_input, ctx) => settings.unbindDomain(ctx.deps, ctx.site.id),
  }),
];
