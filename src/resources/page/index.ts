/** Static pages (/page): the page tree (PageTree); writing happens in the writer (/edit/page/<id>). */
import DescriptionIcon from '@mui/icons-material/Description';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const page: ResourceProps = {
  name: 'page',
  list: lazy(() => import('./PageTree')),
  icon: DescriptionIcon,
  recordRepresentation: 'title',
};

export default page;
