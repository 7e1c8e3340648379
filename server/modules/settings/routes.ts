/**
 * `/api/site/*` for the current site's own settings (contract/api/settings.ts): general settings, service status and
 * the publish switch, the sub-domain and a custom domain. Viewing needs setting.view, any change setting.edit.
 */
import { settingsApi } from '../../../contract/api/settings';
import { action } from '../../http/action';
import * as settings from './service';

export const settingsActions = [
  action({
    ...settingsApi.profile,
    handler: (_input, ctx) => settings.getProfile(ctx.deps.db, ctx.site.id),
  }),
  action({
    ...settingsApi.save,
    handler: (input, ctx) => settings.saveProfile(ctx.deps, ctx.site.id, input),
  }),
  action({
    ...settingsApi.status,
    handler: (_input, ctx) => settings.getStatus(ctx.deps, ctx.site.id),
  }),
  action({
    ...settingsApi.publish,
    handler: (input, ctx) => settings.setPublished(ctx.deps, ctx.site.id, input.publish),
  }),
  action({
    ...settingsApi.check,
    handler: (input, ctx) => settings.checkSlug(ctx.deps.db, ctx.site.id, input.slug),
  }),
  action({
    ...settingsApi.saveSlug,
    handler: (input, ctx) => settings.saveSlug(ctx.deps, ctx.site.id, input.slug),
  }),
  action({
    ...settingsApi.bind,
    handler: (input, ctx) => settings.bindDomain(ctx.deps, ctx.site.id, input),
  }),
  action({
    ...settingsApi.valid,
    handler: (_input, ctx) => settings.verifyDomain(ctx.deps, ctx.site.id),
  }),
  action({
    ...settingsApi.unbind,
    handler: (_input, ctx) => settings.unbindDomain(ctx.deps, ctx.site.id),
  }),
];
