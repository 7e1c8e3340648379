/** Follower calls beyond the dataProvider: the CSV export of the list's current filters, and bulk removal. */
import { followerApi } from '../../../contract/api/followers';
import { Code, codeMessageKey } from '../../../contract/codes';
import type { Envelope } from '../../../contract/envelope';
import type { Filter } from '../../../contract/list';
import { ApiError, call, urlFor } from '../../dataProvider/client';
import { storedLocale } from '../../i18n/locale';

export const removeFollowers = (ids: number[]) => call(followerApi.remove, { ids });

/** Downloads followerApi.export for the list's filters and sort; a refusal still comes as an envelope. */
export async function downloadFollowersCsv(
  filters: Filter[],
  sort?: { col: string; order: 'asc' | 'desc' },
): Promise<void> {
  const response = await fetch(urlFor(followerApi.export.path), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'accept-language': storedLocale() },
    body: JSON.stringify({ query: { filters, ...(sort ? { sort } : {}) } }),
  }).catch(() => {
    throw new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null });
  });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    const body = envelope ?? { code: Code.FAIL, msg: '', data: null };
    const message = response.status === 403 ? '' : (codeMessageKey(body.code) ?? 'errors.generic');
    throw new ApiError(message, response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'followers.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
