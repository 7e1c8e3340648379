/**
 * Every address under /file: tabs for the two libraries, the pictures (FileLibrary, fileRoutes.ts) and the videos at
 * /file/video (VideoLibrary), under the line of the site's stored uploads against its plan (UploadUsage). Each library is its own component, so moving between them never mixes their hooks.
 */
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import FileLibrary from './FileLibrary';
import { LIBRARY_PATH } from './fileRoutes';
import { UploadUsageLine } from './UploadUsage';

const VideoLibrary = lazy(() => import('./VideoLibrary'));

export const VIDEO_LIBRARY_PATH = `${LIBRARY_PATH}/video`;

/** /file/video (and /file/video/): the video library. */
export const isVideoLibrary = (rest: string | undefined) => /^video\/?$/.test(rest ?? '');

export default function FileScreens() {
  const translate = useTranslate();
  const videos = isVideoLibrary(useParams()['*']);
  return (
    <Box>
      <Tabs
        value={videos ? 1 : 0}
        sx={{ mt: 1 }}
        aria-label={translate('resources.file.name', { smart_count: 2 })}
      >
        <Tab label={translate('videos.tabs.images')} component={Link} to={LIBRARY_PATH} />
        <Tab label={translate('videos.tabs.videos')} component={Link} to={VIDEO_LIBRARY_PATH} />
      </Tabs>
      <UploadUsageLine />
      {videos ? (
        <Suspense fallback={null}>
          <VideoLibrary />
        </Suspense>
      ) : (
        <FileLibrary />
      )}
    </Box>
  );
}
