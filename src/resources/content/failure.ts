/**
 * The toast of a failed content action (SPEC §8): the per-type words (文章下架失敗, 頁面刪除失敗 …), followed by the
 * reason when the server gave a specific one (排程發佈時間不能是過去). Refusals (HTTP 403) stay silent.
 */
import type { ContentTypeName } from '../../../contract/contentConstants';
import { ApiError } from '../../dataProvider/client';

/** Actions whose failure words differ per content type. */
export type TypedAction = 'publish' | 'schedule' | 'offline' | 'cancel' | 'delete';
export type ContentAction = TypedAction | 'pin' | 'unpin' | 'sorter' | 'tag';

const typed = new Set<ContentAction>(['publish', 'schedule', 'offline', 'cancel', 'delete']);
const vague = new Set(['', 'errors.generic', 'errors.0']);

export function failureKey(type: ContentTypeName, action: ContentAction): string {
  return typed.has(action) ? `content.failed.${type}.${action}` : `content.failed.${action}`;
}

/**
 * Why it failed, as an i18n key or the server's text; `undefined` when there is nothing more specific to say, and
 * `null` when the failure must not be shown at all.
 */
export function failureReason(error: unknown): string | undefined | null {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 403) return null;
  const firstFieldError = Object.values(error.body.errors ?? {})[0];
  if (firstFieldError) return firstFieldError;
  return vague.has(error.message) ? undefined : error.message;
}
