/**
 * Several pictures uploading at once, each with its own progress (the library's and the picker's upload button).
 * Each file goes through the one upload client (./upload.ts); refused files show their reason without being sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Code, codeMessageKey } from '../../contract/codes';
import type { UploadReply } from '../../contract/files';
import { checkImageFile, uploadFile } from './upload';

export interface UploadItem {
  key: string;
  name: string;
  /** 0–100. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  /** Why it failed: an i18n key or the server's text. */
  error?: string;
}

let counter = 0;

export function useUploads(onUploaded?: (reply: UploadReply) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const callback = useRef(onUploaded);
  callback.current = onUploaded;

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const update = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const add = useCallback(
    (files: File[]) => {
      // A new batch clears the finished rows; failures stay until dismissed.
      setItems((all) => all.filter((item) => item.status !== 'done'));
      for (const file of files) {
        const key = `u${++counter}`;
        const refused = checkImageFile(file);
        setItems((all) => [
          ...all,
          refused
            ? { key, name: file.name, progress: 0, status: 'failed', error: refused }
            : { key, name: file.name, progress: 0, status: 'uploading' },
        ]);
        if (refused) continue;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadFile(file, { onProgress: (progress) => update(key, { progress }), signal: controller.signal })
          .then((reply) => {
            update(key, { progress: 100, status: 'done' });
            callback.current?.(reply);
          })
          .catch((err: Error) => {
            if (err.name !== 'AbortError')
              update(key, { status: 'failed', error: err.message || codeMessageKey(Code.UPLOAD_FAILED) });
          })
          .finally(() => controllers.current.delete(key));
      }
    },
    [update],
  );

  const dismiss = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setItems((all) => all.filter((item) => item.key !== key));
  }, []);

  return { items, add, dismiss, busy: items.some((item) => item.status === 'uploading') };
}
