/** Toasts for content actions: success words, and the per-type failure words with the reason. */
import { useNotify, useTranslate } from 'ra-core';
import { useCallback } from 'react';
import { type ContentAction, failureKey, failureReason } from './failure';
import type { ContentKind } from './kinds';

export function useContentNotify(kind: ContentKind) {
  const notify = useNotify();
  const translate = useTranslate();

  const failed = useCallback(
    (action: ContentAction, error: unknown) => {
      const reason = failureReason(error);
      if (reason === null) return;
      const words = translate(failureKey(kind.type, action));
      const message = reason
        ? translate('content.failed.withReason', { action: words, reason: translate(reason, { _: reason }) })
        : words;
      notify(message, { type: 'error' });
    },
    [kind.type, notify, translate],
  );

  const done = useCallback(
    (key: string, args?: Record<string, unknown>) =>
      notify(`content.done.${key}`, { type: 'success', messageArgs: args }),
    [notify],
  );

  return { done, failed };
}
