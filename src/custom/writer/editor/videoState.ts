/**
 * What a video block's video is now (video/get): usable, still uploading (影片載入中), or gone (影片遺失: its file is
 * missing from the storage, the video was deleted, or its upload was refused). Asked once per block and id.
 */
import { useEffect, useState } from 'react';
import { videoApi } from '../../../../contract/api/videos';
import { ApiError, call } from '../../../dataProvider/client';

export type VideoBlockState = 'ready' | 'uploading' | 'missing';

export function useVideoState(id: number | null | undefined): VideoBlockState {
  const [state, setState] = useState<VideoBlockState>('ready');
  useEffect(() => {
    if (!id) return;
    let live = true;
    call(videoApi.get, { id })
      .then((v) => {
        if (!live) return;
        setState(
          v.status === 'uploading' ? 'uploading' : v.status === 'error' || v.missing ? 'missing' : 'ready',
        );
      })
      .catch((e) => {
        // Deleted (404): missing. Anything else (offline, no permission) says nothing about the video.
        if (live && e instanceof ApiError && e.status === 404) setState('missing');
      });
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
