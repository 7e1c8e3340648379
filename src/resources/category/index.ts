/** The category resource (/category): the reference every later resource copies. */
import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const category: ResourceProps = {
  name: 'category',
  list: lazy(() => import('./CategoryList')),
  create: lazy(() => import('./CategoryCreate')),
  edit: lazy(() => import('./CategoryEdit')),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};

export default category;
