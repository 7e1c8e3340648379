import type { DeepStrings } from '../types';
import type zhTW from '../zh-TW/videos';

/** en words: the video library (/file/video), the video upload modal, the writer's video states. */
const videos: DeepStrings<typeof zhTW> = {
  videos: {
    tabs: { images: 'Images', videos: 'Videos' },
    upload: 'Upload video',
    search: 'Search video titles',
    empty: 'No videos yet',
    emptyHint: 'Uploaded videos appear here and can be placed in video blocks of your articles.',
    noMatch: 'No videos match',
    uploading: 'Video loading',
    missing: 'Video missing',
    failed: 'Upload failed',
    needsCover: 'Choose a cover for it in the video library first',
    duration: 'Length',
    size: 'File size',
    modal: {
      title: 'Upload video',
      choose: 'Choose a video file',
      hint: 'MP4, MOV, WebM or MKV; the limit per file depends on your plan. An interrupted upload resumes by itself.',
      preparing: 'Preparing…',
      progress: 'Uploading… %{percent}%',
      done: 'Upload complete',
      noCover: 'No cover could be taken from the video; choose one for it in the video library.',
      retry: 'Retry',
      close: 'Close',
      cancel: 'Cancel upload',
      notVideo: 'Only MP4, MOV, WebM or MKV videos can be uploaded',
    },
    edit: {
      title: 'Edit video',
      name: 'Title',
      content: 'Description',
      cover: 'Cover',
      replaceCover: 'Replace cover',
      save: 'Save',
      saved: 'Video saved',
      cancel: 'Cancel',
    },
    delete: {
      action: 'Delete',
      title: 'Delete the video "%{name}"?',
      body: 'The video is removed from the library and the storage; articles using it will show "Video missing". This cannot be undone.',
      confirm: 'Delete',
      done: 'Video deleted',
    },
  },
};

export default videos;
