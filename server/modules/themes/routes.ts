/** Theme and design actions (contract/api/themes.ts): thin bindings of the services to the catalogue. */
import { designApi, themeApi } from '../../../contract/api/themes';
import { action } from '../../http/action';
import { SHORT_LINK_MINUTES, signToken } from '../../shared/tokens';
import { getDesign, previewDesign, saveDesign } from './design';
import { THEME_DOWNLOAD_PREFIX } from './download';
import * as themes from './service';
import { uploadTheme } from './upload';

export const themeActions = [
  action({ ...themeApi.list, handler: (_input, ctx) => themes.listThemes(ctx.deps, ctx.site.id) }),
  action({ ...themeApi.collection, handler: (_input, ctx) => themes.collection(ctx.deps, ctx.site.id) }),
  action({
    ...themeApi.get,
    handler: (input, ctx) => themes.getTheme(ctx.deps, ctx.site.id, input.id, ctx.lang),
  }),
  action({
    ...themeApi.apply,
    handler: (input, ctx) => themes.applyTheme(ctx.deps, ctx.site.id, input.id),
  }),
  action({
    ...themeApi.enable,
    handler: (input, ctx) => themes.enableVersion(ctx.deps, ctx.site.id, input.id, input.version, ctx.lang),
  }),
  action({
    ...themeApi.download,
    handler: async (input, { deps, site }) => {
      const version = await themes.versionIdOf(deps, site.id, input.id, input.version);
      const token = signToken(
        deps.secret,
        { k: 'download', site: site.id, theme: input.id, version },
        SHORT_LINK_MINUTES * 60_000,
        deps.now(),
      );
      return { url: `${THEME_DOWNLOAD_PREFIX}${token}` };
    },
  }),
  action({
    ...themeApi.delete,
    handler: (input, ctx) => themes.deleteTheme(ctx.deps, ctx.site.id, input.id),
  }),
  // One handler at both addresses: the settings screen's and the editor's upload of SPEC §7.
  ...[themeApi.upload, themeApi.uploadElement].map((endpoint) =>
    action({
      ...endpoint,
      handler: (input, ctx) => uploadTheme(ctx.deps, ctx.site.id, ctx.user.id, input.file, ctx.lang),
    }),
  ),
];

export const designActions = [
  action({ ...designApi.get, handler: (_input, ctx) => getDesign(ctx.deps, ctx.site.id) }),
  action({
    ...designApi.save,
    handler: (input, ctx) => saveDesign(ctx.deps, ctx.site.id, input.values),
  }),
  action({
    ...designApi.preview,
    handler: (input, ctx) => previewDesign(ctx.deps, ctx.site.id, input.values),
  }),
];
