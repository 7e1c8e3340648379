/** The followers resource (/follower): the list with its filters, CSV export and bulk removal. */
import FollowerIcon from '@mui/icons-material/RssFeedOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const follower: ResourceProps = {
  name: 'follower',
  list: lazy(() => import('./FollowerList')),
  icon: FollowerIcon,
  recordRepresentation: 'email',
};

export default follower;
