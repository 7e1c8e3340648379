/**
 * An uploaded theme's failed renders, kept for its owner: the version's last failure (theme_versions.render_error),
 * shown on the theme screen. Written at most once a minute per version by an instance, so a failing theme under
 * traffic costs the database next to nothing. The built-in theme's failures are only logged.
 */
import { eq } from 'drizzle-orm';
import type { ThemeRenderFailure } from '../../contract/themes';
import type { Db } from '../db/client';
import { themeVersions } from '../modules/tenancy/schema';
import type { LoadedTheme } from '../modules/themes/themeSource';

const NOTE_EVERY_MS = 60_000;
/** Versions noted lately, with when; bounded, oldest first out. */
const NOTED_MAX = 1000;
const noted = new Map<number, number>();

export async function noteThemeError(
  db: Db,
  theme: LoadedTheme,
  failure: Omit<ThemeRenderFailure, 'ts'>,
  now: number,
): Promise<void> {
  if (theme.versionId === 0) return;
  const last = noted.get(theme.versionId);
  if (last !== undefined && now - last < NOTE_EVERY_MS && now >= last) return;
  noted.delete(theme.versionId);
  noted.set(theme.versionId, now);
  if (noted.size > NOTED_MAX) noted.delete(noted.keys().next().value as number);
  const renderError: ThemeRenderFailure = {
    failure: failure.failure,
    message: failure.message.slice(0, 1000),
    path: failure.path.slice(0, 1000),
    ts: Math.floor(now / 1000),
  };
  await db.update(themeVersions).set({ renderError }).where(eq(themeVersions.id, theme.versionId));
}
