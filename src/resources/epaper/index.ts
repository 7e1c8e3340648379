/** E-paper newsletters (/epaper): the list; writing happens in the writer (/edit/epaper/<id>). */
import MailIcon from '@mui/icons-material/MailOutline';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const epaper: ResourceProps = {
  name: 'epaper',
  list: lazy(() => import('../content/ContentList')),
  icon: MailIcon,
  recordRepresentation: 'title',
};

export default epaper;
