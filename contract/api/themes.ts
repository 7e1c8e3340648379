/**
 * Themes and design (SPEC §7 theme/*, element/upload/theme; /setting/theme and /design). Theme calls need a theme
 * permission and the plan's theme feature; design calls `design.style` and the design feature (contract/plans.ts).
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { fileField } from '../files';
import { RESOURCE_PERMISSIONS } from '../permissions';
import {
  DesignPreviewReply,
  DesignSave,
  DesignSettings,
  THEME_ZIP_MAX_BYTES,
  ThemeDetail,
  ThemeDownloadInput,
  ThemeDownloadReply,
  ThemeIdInput,
  ThemeSummary,
  ThemeUploadReply,
  ThemeVersionInput,
} from '../themes';

const perm = RESOURCE_PERMISSIONS.theme;
const design = RESOURCE_PERMISSIONS.design;
const Upload = z.strictObject({ file: fileField() });

const upload = {
  input: Upload,
  output: ThemeUploadReply,
  access: 'site',
  permission: perm.create,
  multipart: true,
  fileMaxBytes: THEME_ZIP_MAX_BYTES,
  timeout: TIMEOUT.upload,
  summary:
    'Uploads a theme zip (20 MB at most), checked file by file; a theme of the same name gets a new version',
} as const;

export const themeApi = {
  list: endpoint({
    path: 'theme/list',
    input: EmptyInput,
    output: z.array(ThemeSummary),
    access: 'site',
    permission: perm.list,
    summary: "The built-in theme and the site's uploaded themes, the applied one marked",
  }),
  collection: endpoint({
    path: 'theme/collection',
    input: EmptyInput,
    output: z.array(ThemeSummary),
    access: 'site',
    permission: perm.list,
    summary: 'The themes the platform ships, which any site may apply',
  }),
  get: endpoint({
    path: 'theme/get',
    input: ThemeIdInput,
    output: ThemeDetail,
    access: 'site',
    permission: perm.list,
    summary: 'One theme with its version history and a preview link',
  }),
  apply: endpoint({
    path: 'theme/apply',
    input: ThemeIdInput,
    output: ThemeSummary,
    access: 'site',
    permission: perm.edit,
    summary: 'Dresses the site in a theme (its enabled version)',
  }),
  enable: endpoint({
    path: 'theme/enable',
    input: ThemeVersionInput,
    output: ThemeDetail,
    access: 'site',
    permission: perm.edit,
    summary: "Makes one of a theme's versions the one in use (a roll back, or forward again)",
  }),
  download: endpoint({
    path: 'theme/download',
    input: ThemeDownloadInput,
    output: ThemeDownloadReply,
    access: 'site',
    permission: perm.edit,
    summary: 'A short-lived link to a version of a theme as a zip (the version in use by default)',
  }),
  delete: endpoint({
    path: 'theme/delete',
    input: ThemeIdInput,
    output: z.object({ id: z.number() }),
    access: 'site',
    permission: perm.delete,
    summary: 'Deletes an uploaded theme and its versions (never the applied one nor the built-in one)',
  }),
  upload: endpoint({ path: 'theme/upload', ...upload }),
  uploadElement: endpoint({ path: 'element/upload/theme', ...upload }),
};

export const designApi = {
  get: endpoint({
    path: 'design/get',
    input: EmptyInput,
    output: DesignSettings,
    access: 'site',
    permission: design.list,
    summary: "The applied theme's design settings and the site's values",
  }),
  save: endpoint({
    path: 'design/save',
    input: DesignSave,
    output: DesignSettings,
    access: 'site',
    permission: design.edit,
    summary: "Saves the site's values of the applied theme's design settings",
  }),
  preview: endpoint({
    path: 'design/preview',
    input: DesignSave,
    output: DesignPreviewReply,
    access: 'site',
    permission: design.edit,
    summary: 'A short-lived link to the home page with unsaved design values, for the live preview',
  }),
};
