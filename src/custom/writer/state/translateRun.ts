/**
 * Machine translation of the writer's item into a new language, with progress: the translate call (up to 120 s; the
 * server answers TRANSLATE_RUNNING when its translation outlasts one call, and a new call waits for the same one, so
 * nothing is made twice) while press/translate_progress is asked how many batches are done.
 */
import { Code } from '../../../../contract/codes';
import type { ContentTypeName } from '../../../../contract/contentConstants';
import { ApiError } from '../../../dataProvider/client';
import { api } from '../api';

export interface TranslateProgressView {
  done: number;
  total: number;
}

const POLL_MS = 700;

export async function translateWithProgress(
  type: ContentTypeName,
  id: number,
  lang: number,
  from: number,
  onProgress: (p: TranslateProgressView) => void,
): Promise<{ id: number; lang_id: number }> {
  let finished = false;
  const poll = async () => {
    while (!finished) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (finished) return;
      try {
        const p = await api.translateProgress(type, id, lang);
        if (!finished && p.total > 0) onProgress({ done: p.done, total: p.total });
      } catch {
        // Progress is only shown: the translate call reports what went wrong.
      }
    }
  };
  onProgress({ done: 0, total: 0 });
  void poll();
  try {
    for (;;) {
      try {
        return await api.translate(type, id, true, lang, from);
      } catch (error) {
        if (error instanceof ApiError && error.code === Code.TRANSLATE_RUNNING) continue;
        throw error;
      }
    }
  } finally {
    finished = true;
  }
}
