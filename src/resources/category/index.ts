/**
 * The category resource (/category, /category/:id — id 0 adds one). Categories are labels: the list and the label
 * edit modal are shared with tags (resources/label), and the dataProvider maps both onto `label/*`.
 */
import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const category: ResourceProps = {
  name: 'category',
  list: lazy(() => import('./CategoryList')),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};

export default category;
