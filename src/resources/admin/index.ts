/** The staff resource (/admin, /admin/:id): the list with the invite dialog, and one member's page. */
import StaffIcon from '@mui/icons-material/GroupsOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const admin: ResourceProps = {
  name: 'admin',
  list: lazy(() => import('./StaffList')),
  edit: lazy(() => import('./StaffDetail')),
  icon: StaffIcon,
  recordRepresentation: 'nickname',
};

export default admin;
