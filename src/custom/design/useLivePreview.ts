/**
 * The live preview's address: ~500 ms after the values stop changing, design/preview signs a link to the home page
 * wearing them; an answer that a newer change has overtaken is dropped.
 */
import { useEffect, useState } from 'react';
import { designApi } from '../../../contract/api/themes';
import type { ThemeSettingValues } from '../../../contract/themes';
import { call } from '../../dataProvider/client';

export const PREVIEW_DEBOUNCE_MS = 500;

export function useLivePreview(values: ThemeSettingValues | null, ready: boolean) {
  const [url, setUrl] = useState('');
  const [pending, setPending] = useState(false);
  const key = values ? JSON.stringify(values) : '';
  useEffect(() => {
    if (!ready || !key) return;
    const controller = new AbortController();
    setPending(true);
    const timer = setTimeout(() => {
      call(
        designApi.preview,
        { values: JSON.parse(key) as ThemeSettingValues },
        { signal: controller.signal },
      )
        .then((reply) => {
          if (!controller.signal.aborted) setUrl(reply.url);
        })
        .catch(() => {
          // A failed preview keeps the last one; saving reports the errors.
        })
        .finally(() => {
          if (!controller.signal.aborted) setPending(false);
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, ready]);
  return { url, pending };
}
