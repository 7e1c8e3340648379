/**
 * The media library resource (/file and its sub-routes, see fileRoutes.ts): one lazy screen takes every address
 * under /file and shows the library, with a picture's preview over it.
 */
import FileIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const file: ResourceProps = {
  name: 'file',
  list: lazy(() => import('./FileScreens')),
  icon: FileIcon,
  recordRepresentation: 'name',
};

export default file;
