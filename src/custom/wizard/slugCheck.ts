/**
 * Whether a sub-domain is free, asked as the user types (SPEC §5: 輸入的網址重複 for a taken one). Today's
 * `site/check` is a call of the current site's settings (setting.edit): a user without a site, or without that
 * permission there, gets no answer — 'unknown' — and `site/init` still refuses a taken slug (3012) on submit.
 * A user-level check is under way elsewhere; it replaces the call here, and only here.
 */
import { settingsApi } from '../../../contract/api/settings';
import { Code } from '../../../contract/codes';
import { ApiError, call } from '../../dataProvider/client';

export type SlugAnswer = 'free' | 'taken' | 'unknown';

export async function checkSlug(slug: string, signal?: AbortSignal): Promise<SlugAnswer> {
  try {
    await call(settingsApi.check, { slug }, { signal });
    return 'free';
  } catch (err) {
    return err instanceof ApiError && err.code === Code.SLUG_TAKEN ? 'taken' : 'unknown';
  }
}
