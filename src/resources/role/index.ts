/**
 * The role resource (/role, /role/create, /role/:id): the list, and the role editor as a page for both adding and
 * editing. Each screen is its own chunk.
 */
import RoleIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const RoleEdit = lazy(() => import('./RoleEdit'));

const role: ResourceProps = {
  name: 'role',
  list: lazy(() => import('./RoleList')),
  create: RoleEdit,
  edit: RoleEdit,
  icon: RoleIcon,
  recordRepresentation: 'name',
};

export default role;
