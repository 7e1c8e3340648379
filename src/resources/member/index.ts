/** Members (/member, /member/:id): the site's readers — the list with filters, CSV and the add dialog, one member's page. */
import MemberIcon from '@mui/icons-material/PeopleAltOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const member: ResourceProps = {
  name: 'member',
  list: lazy(() => import('./MemberList')),
  edit: lazy(() => import('./MemberDetail')),
  icon: MemberIcon,
  recordRepresentation: 'email',
};

export default member;
