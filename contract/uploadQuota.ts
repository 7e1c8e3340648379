/**
 * The plan's upload total (issues 18, 28): everything a site stores of its own — library pictures, its favicon, staff
 * avatars, videos (an unfinished video counts by its declared size) and its uploaded themes (every version kept, by
 * its files' uncompressed bytes) — stays within its plan's `upload_mb`. The built-in theme is the platform's and does
 * not count. Plain constants: the media library imports them.
 */

/** The total of a site whose plan gives none (`plans.upload_mb` 0: STARTER, or no plan yet). */
export const UPLOAD_DEFAULT_MB = 50;

export const MB = 1024 * 1024;

/** A site's upload total in MB from its plan's `upload_mb`. */
export const uploadQuotaMb = (uploadMb: number | undefined) =>
  uploadMb && uploadMb > 0 ? uploadMb : UPLOAD_DEFAULT_MB;

/** MB shown to people: one decimal under 10 MB, whole numbers above. */
export const shownMb = (bytes: number) => {
  const mb = bytes / MB;
  return mb < 10 ? String(Math.round(mb * 10) / 10) : String(Math.round(mb));
};
