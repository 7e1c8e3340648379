/**
 * The publish flow's routes (SPEC §2), each screen its own lazy chunk: setting, success and tags under /press/:id,
 * /page/:id and /epaper/:id, and the e-paper's send screen.
 */
import { lazy } from 'react';
import { Route } from 'react-router';
import type { ContentResource } from '../../resources/content/kinds';

const PublishSetting = lazy(() => import('./PublishSetting'));
const PublishSuccess = lazy(() => import('./PublishSuccess'));
const PublishTags = lazy(() => import('./PublishTags'));
const EpaperSend = lazy(() => import('./EpaperSend'));

const resources: ContentResource[] = ['press', 'page', 'epaper'];

export const publishRoutes = [
  ...resources.flatMap((r) => [
    <Route
      key={`${r}-setting`}
      path={`/${r}/:id/publish/setting`}
      element={<PublishSetting resource={r} />}
    />,
    <Route
      key={`${r}-success`}
      path={`/${r}/:id/publish/success`}
      element={<PublishSuccess resource={r} />}
    />,
    <Route key={`${r}-tags`} path={`/${r}/:id/publish/tags`} element={<PublishTags resource={r} />} />,
  ]),
  <Route key="epaper-send" path="/epaper/:id/send" element={<EpaperSend />} />,
];
