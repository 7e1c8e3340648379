/**
 * The /design form's pure rules: a theme's defaults, the values as the applied theme's settings take them, the
 * checks the browser can make before the server does (colour, number range), and the server's field errors by
 * setting id. No React here: tests/unit/design.test.ts imports it directly.
 */
import type { ThemeSetting, ThemeSettingValue, ThemeSettingValues } from '../../../contract/themes';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Each setting's default, by id. */
export function defaultsOf(settings: readonly ThemeSetting[]): ThemeSettingValues {
  return Object.fromEntries(settings.map((s) => [s.id, s.default]));
}

/** The values of these settings only, a missing or mistyped one falling back to its default. */
export function valuesFor(settings: readonly ThemeSetting[], values: ThemeSettingValues): ThemeSettingValues {
  const out: ThemeSettingValues = {};
  for (const s of settings) {
    const v = values[s.id];
    out[s.id] = typeof v === typeof s.default ? (v as ThemeSettingValue) : s.default;
  }
  return out;
}

/** What the browser can tell about a value before sending it: an i18n key with its arguments, or undefined. */
export function checkValue(
  setting: ThemeSetting,
  value: ThemeSettingValue,
): { key: string; args?: Record<string, unknown> } | undefined {
  if (setting.type === 'color' && !(typeof value === 'string' && HEX_COLOR.test(value)))
    return { key: 'design.badColor' };
  if (setting.type === 'number') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < setting.min || value > setting.max)
      return { key: 'design.outOfRange', args: { min: setting.min, max: setting.max } };
  }
  return undefined;
}

/** Whether every value may be sent (the live preview waits until it may). */
export const allValid = (settings: readonly ThemeSetting[], values: ThemeSettingValues): boolean =>
  settings.every((s) => checkValue(s, values[s.id] ?? s.default) === undefined);

/** A number input's text as a value: an integer, or the text itself (then refused by checkValue). */
export function numberFrom(text: string): number | string {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}

/** The server's field errors (`values.accent` or `accent`) by setting id. */
export function errorsById(errors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const id = key.startsWith('values.') ? key.slice('values.'.length) : key;
    if (!(id in out)) out[id] = message;
  }
  return out;
}

/** Whether two sets of values differ (the save button waits for a change). */
export const sameValues = (a: ThemeSettingValues, b: ThemeSettingValues): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
};
