/**
 * Themes (SPEC §3 Theme, §7 theme/*): a theme is a zip of Liquid templates, assets and a `theme.json` manifest. The
 * built-in default theme (themes/default in the repository) has id 0 and no database row; uploaded ones belong to a
 * site, and uploading a theme of the same name again adds a version. docs/themes.md is the theme author's guide.
 */
import { z } from 'zod';
import { f } from './fields';
import { PATTERNS } from './patterns';

/** The built-in theme's id. */
export const DEFAULT_THEME_ID = 0;

/** Upload bounds (SPEC §8: theme zip 20 MB), checked before anything is stored. */
export const THEME_ZIP_MAX_BYTES = 20 * 1024 * 1024;
/** All files uncompressed together, and one file: a zip bomb is refused before it is inflated past these. */
export const THEME_UNZIPPED_MAX_BYTES = 50 * 1024 * 1024;
export const THEME_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const THEME_FILES_MAX = 500;
export const THEME_PATH_MAX = 200;
/**
 * Versions kept per theme: a new upload beyond it deletes the oldest, never the version that was in use when it came
 * (kept besides, so a roll-back survives). Kept versions count against the plan's upload space (files/quota.ts).
 */
export const THEME_VERSIONS_KEPT = 10;

/** Templates every theme has (under templates/); the others fall back as docs/themes.md says. */
export const THEME_REQUIRED_TEMPLATES = ['layout', 'index', 'post', 'page', 'list', '404'] as const;
/** Templates a theme may add: category, tag and author fall back to list, coming_soon to the built-in page. */
export const THEME_OPTIONAL_TEMPLATES = ['category', 'tag', 'author', 'coming_soon'] as const;

/** File types a theme may hold, by extension: templates, data, styles, client scripts, pictures, fonts, text. */
export const THEME_FILE_TYPES = [
  'liquid',
  'json',
  'css',
  'js',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'ico',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'txt',
  'md',
] as const;

export const THEME_NAME_MAX = 50;
export const THEME_VERSION_MAX = 20;
export const THEME_SETTINGS_MAX = 40;
export const THEME_SETTING_TEXT_MAX = 200;

/** A word of the manifest: one string, or one per interface language (zh-TW, en, ja). */
const Words = z.union([
  z.string().max(200),
  z.strictObject({
    'zh-TW': z.string().max(200).optional(),
    en: z.string().max(200).optional(),
    ja: z.string().max(200).optional(),
  }),
]);
export type ThemeWords = z.infer<typeof Words>;

const settingId = z.string().max(40).regex(PATTERNS.themeSettingId.re);
const SettingBase = { id: settingId, label: Words };

/** A design setting a theme declares: edited on /design, given to templates as `settings.<id>`. */
export const ThemeSetting = z.discriminatedUnion('type', [
  z.strictObject({
    ...SettingBase,
    type: z.literal('color'),
    default: z.string().max(7).regex(PATTERNS.themeColour.re),
  }),
  z.strictObject({
    ...SettingBase,
    type: z.literal('select'),
    options: z
      .array(z.strictObject({ value: z.string().max(40), label: Words }))
      .min(1)
      .max(20),
    default: z.string().max(40),
  }),
  z.strictObject({ ...SettingBase, type: z.literal('checkbox'), default: z.boolean() }),
  z.strictObject({
    ...SettingBase,
    type: z.literal('number'),
    min: z.number().int(),
    max: z.number().int(),
    default: z.number().int(),
  }),
  z.strictObject({
    ...SettingBase,
    type: z.literal('text'),
    default: z.string().max(THEME_SETTING_TEXT_MAX),
  }),
]);
export type ThemeSetting = z.infer<typeof ThemeSetting>;

/** theme.json. */
export const ThemeManifest = z.strictObject({
  name: z.string().trim().min(1).max(THEME_NAME_MAX),
  version: z.string().max(THEME_VERSION_MAX).regex(PATTERNS.themeVersion.re),
  author: z.string().max(100).optional(),
  description: Words.optional(),
  /** A picture inside the theme (e.g. assets/cover.png) shown in the theme list. */
  cover: z.string().max(THEME_PATH_MAX).optional(),
  settings: z.array(ThemeSetting).max(THEME_SETTINGS_MAX).default([]),
});
export type ThemeManifest = z.infer<typeof ThemeManifest>;

/** A design setting's value. */
export type ThemeSettingValue = string | number | boolean;
export type ThemeSettingValues = Record<string, ThemeSettingValue>;

/** A theme as the list shows it. */
export const ThemeSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** Picture address ('' when the theme has none). */
  cover: z.string(),
  /** Who uploaded it ('' for the built-in theme). */
  owner: z.string(),
  /** The version in use. */
  version: z.string(),
  /** Its upload number (0 for the built-in theme). */
  seq: z.number(),
  /** Last change, epoch seconds. */
  last_ts: z.number(),
  /** The theme the site wears. */
  applied: z.boolean(),
  builtin: z.boolean(),
});
export type ThemeSummary = z.infer<typeof ThemeSummary>;

export const ThemeVersion = z.object({
  seq: z.number(),
  version: z.string(),
  /** Epoch seconds. */
  created_ts: z.number(),
  uploaded_by: z.string(),
  /** Uncompressed bytes. */
  size: z.number(),
  /** The theme's chosen version: the one the site shows while this theme is applied (and only then in use). */
  enabled: z.boolean(),
});
export type ThemeVersion = z.infer<typeof ThemeVersion>;

/**
 * A theme version's last failed page render: a template error (liquidjs's message) or a limit of the renderer
 * (docs/security.md: time, output, memory). `path` is the address that failed; `ts` epoch seconds.
 */
/** A page's render time budget (its template and the layout) and output cap: docs/security.md, renderLimits.ts. */
export const RENDER_TIME_LIMIT_MS = 2000;
export const RENDER_OUTPUT_LIMIT_CHARS = 5 * 1024 * 1024;

export const ThemeRenderFailure = z.object({
  failure: z.enum(['template', 'time', 'output', 'memory']),
  message: z.string(),
  path: z.string(),
  ts: z.number(),
});
export type ThemeRenderFailure = z.infer<typeof ThemeRenderFailure>;

export const ThemeDetail = ThemeSummary.extend({
  description: z.string(),
  /** Newest first. */
  versions: z.array(ThemeVersion),
  /** The site's home page in this theme (a signed link that expires), before applying it. */
  preview_url: z.string(),
  /** The version in use's last failed page render, or null. */
  render_error: ThemeRenderFailure.nullable(),
});
export type ThemeDetail = z.infer<typeof ThemeDetail>;

export const ThemeIdInput = z.strictObject({ id: f.uint() });
/** `version` is a version's upload number (ThemeVersion.seq); download's latest by default. */
export const ThemeVersionInput = z.strictObject({ id: f.uint(), version: f.uint() });
export const ThemeDownloadInput = z.strictObject({ id: f.uint(), version: f.uint().optional() });
export const ThemeDownloadReply = z.object({ url: z.string() });

/** What an upload answers (SPEC §7 element/upload: success, path, message), with the theme and version made. */
export const ThemeUploadReply = z.object({
  success: z.boolean(),
  path: z.string(),
  message: z.string(),
  id: z.number(),
  seq: z.number(),
  version: z.string(),
});
export type ThemeUploadReply = z.infer<typeof ThemeUploadReply>;

/** /design: the applied theme's settings and the site's values (the theme's defaults where none is saved). */
export const DesignSettings = z.object({
  theme: z.object({ id: z.number(), name: z.string(), version: z.string() }),
  settings: z.array(ThemeSetting),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type DesignSettings = z.infer<typeof DesignSettings>;

/** Values checked against the applied theme's settings on the server (unknown ids, wrong types: 該欄位格式錯誤). */
export const DesignSave = z.strictObject({
  values: z.record(settingId, z.union([z.string().max(THEME_SETTING_TEXT_MAX), z.number(), z.boolean()])),
});
export type DesignSave = z.input<typeof DesignSave>;
export const DesignPreviewReply = z.object({ url: z.string() });
