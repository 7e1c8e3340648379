/** The author resource (/author, /author/:id — id 0 adds one): the list with the add/edit modal over it. */
import AuthorIcon from '@mui/icons-material/PersonOutline';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const author: ResourceProps = {
  name: 'author',
  list: lazy(() => import('./AuthorList')),
  icon: AuthorIcon,
  recordRepresentation: 'name',
};

export default author;
