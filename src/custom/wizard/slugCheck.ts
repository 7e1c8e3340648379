/**
 * Whether a sub-domain is free for a new site, asked as the user types (SPEC §5: 輸入的網址重複 for a taken one), by
 * `site/check_new` (any signed-in user). A call that fails says 'unknown': `site/init` still refuses a taken slug
 * (3012) on submit.
 */
import { settingsApi } from '../../../contract/api/settings';
import { Code } from '../../../contract/codes';
import { ApiError, call } from '../../dataProvider/client';

export type SlugAnswer = 'free' | 'taken' | 'unknown';

export async function checkSlug(slug: string, signal?: AbortSignal): Promise<SlugAnswer> {
  try {
    await call(settingsApi.checkNew, { slug }, { signal });
    return 'free';
  } catch (err) {
    return err instanceof ApiError && err.code === Code.SLUG_TAKEN ? 'taken' : 'unknown';
  }
}
