/** The tag resource (/tag, /tag/:id — id 0 adds one): the list with the label edit modal over it. */
import TagIcon from '@mui/icons-material/LocalOfferOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const tag: ResourceProps = {
  name: 'tag',
  list: lazy(() => import('./TagList')),
  icon: TagIcon,
  recordRepresentation: 'name',
};

export default tag;
