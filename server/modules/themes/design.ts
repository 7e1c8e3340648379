/**
 * /design: the applied theme's settings (theme.json `settings`) and the site's values, kept per theme id in
 * sites.theme_settings ('0' the built-in theme). A value in force is the site's saved one when it still fits its
 * setting, else the setting's default; the renderer reads the same column the same way.
 */
import { eq } from 'drizzle-orm';
import { PATTERNS } from '../../../contract/patterns';
import {
  DEFAULT_THEME_ID,
  type DesignSettings,
  THEME_SETTING_TEXT_MAX,
  type ThemeManifest,
  type ThemeSetting,
  type ThemeSettingValue,
  type ThemeSettingValues,
} from '../../../contract/themes';
import type { Deps } from '../../deps';
import { FieldError } from '../../http/errors';
import { SHORT_LINK_MINUTES, signToken } from '../../shared/tokens';
import { bumpRender } from '../tenancy/invalidate';
import { sites, themes, themeVersions } from '../tenancy/schema';
import { siteById, siteUrl } from '../tenancy/sites';
import { builtinTheme } from './builtin';

/** Whether a value fits its setting (type, option, bounds, pattern, length). */
export function fits(setting: ThemeSetting, value: ThemeSettingValue): boolean {
  switch (setting.type) {
    case 'color':
      return typeof value === 'string' && value.length === 7 && PATTERNS.themeColour.re.test(value);
    case 'select':
      return typeof value === 'string' && setting.options.some((o) => o.value === value);
    case 'checkbox':
      return typeof value === 'boolean';
    case 'number':
      return Number.isInteger(value) && (value as number) >= setting.min && (value as number) <= setting.max;
    case 'text':
      return typeof value === 'string' && value.length <= THEME_SETTING_TEXT_MAX;
  }
}

/** The values in force: each setting's default, or the stored value where it fits. */
export function valuesOf(
  settings: ThemeSetting[],
  stored: ThemeSettingValues | undefined,
): ThemeSettingValues {
  const values: ThemeSettingValues = {};
  for (const s of settings) {
    const v = stored?.[s.id];
    values[s.id] = v !== undefined && fits(s, v) ? v : s.default;
  }
  return values;
}

interface Applied {
  id: number;
  manifest: ThemeManifest;
  stored: ThemeSettingValues | undefined;
}

/** The theme the site wears (its version in use) and the site's values for it. */
async function applied(deps: Deps, siteId: number): Promise<Applied> {
  const [row] = await deps.db
    .select({ themeId: sites.themeId, settings: sites.themeSettings, manifest: themeVersions.manifest })
    .from(sites)
    .leftJoin(themes, eq(themes.id, sites.themeId))
    .leftJoin(themeVersions, eq(themeVersions.id, themes.activeVersionId))
    .where(eq(sites.id, siteId));
  const id = row?.themeId && row.manifest ? row.themeId : DEFAULT_THEME_ID;
  const manifest =
    id === DEFAULT_THEME_ID ? (await builtinTheme()).manifest : (row.manifest as ThemeManifest);
  return { id, manifest, stored: row?.settings?.[String(id)] };
}

const settingsReply = (a: Applied): DesignSettings => ({
  theme: { id: a.id, name: a.manifest.name, version: a.manifest.version },
  settings: a.manifest.settings,
  values: valuesOf(a.manifest.settings, a.stored),
});

export async function getDesign(deps: Deps, siteId: number): Promise<DesignSettings> {
  return settingsReply(await applied(deps, siteId));
}

/** Each given value checked against its setting: an unknown id or a value that does not fit is a field error. */
function checked(settings: ThemeSetting[], values: ThemeSettingValues): ThemeSettingValues {
  const errors: FieldError['fields'] = {};
  for (const [id, value] of Object.entries(values)) {
    const setting = settings.find((s) => s.id === id);
    if (!setting) errors[`values.${id}`] = { message: 'validation.unknownField' };
    else if (!fits(setting, value)) errors[`values.${id}`] = { message: 'validation.format' };
  }
  if (Object.keys(errors).length) throw new FieldError(errors);
  return values;
}

export async function saveDesign(
  deps: Deps,
  siteId: number,
  values: ThemeSettingValues,
): Promise<DesignSettings> {
  const a = await applied(deps, siteId);
  const given = checked(a.manifest.settings, values);
  const stored = { ...valuesOf(a.manifest.settings, a.stored), ...given };
  await deps.db.transaction(async (tx) => {
    const [site] = await tx
      .select({ settings: sites.themeSettings })
      .from(sites)
      .where(eq(sites.id, siteId))
      .for('update');
    await tx
      .update(sites)
      .set({ themeSettings: { ...site.settings, [String(a.id)]: stored } })
      .where(eq(sites.id, siteId));
    await bumpRender(tx, siteId);
  });
  return settingsReply({ ...a, stored });
}

/**
 * A short-lived link to the home page wearing unsaved values: the token carries the values in force that differ
 * from the theme's defaults (saved ones overridden by the given ones), so that it stays short.
 */
export async function previewDesign(
  deps: Deps,
  siteId: number,
  values: ThemeSettingValues,
): Promise<{ url: string }> {
  const a = await applied(deps, siteId);
  const inForce = { ...valuesOf(a.manifest.settings, a.stored), ...checked(a.manifest.settings, values) };
  const changed = Object.fromEntries(
    a.manifest.settings.filter((s) => inForce[s.id] !== s.default).map((s) => [s.id, inForce[s.id]]),
  );
  const site = await siteById(deps.db, siteId);
  const token = signToken(
    deps.secret,
    { k: 'design', site: siteId, values: changed },
    SHORT_LINK_MINUTES * 60_000,
    deps.now(),
  );
  return { url: `${site ? siteUrl(site, deps.config) : ''}/?design_preview=${token}` };
}
