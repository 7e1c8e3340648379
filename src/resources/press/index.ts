/** Articles (/press): the list; writing happens in the writer (/edit/post/<id>), publishing in src/custom/publish. */
import ArticleIcon from '@mui/icons-material/Article';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const press: ResourceProps = {
  name: 'press',
  list: lazy(() => import('../content/ContentList')),
  icon: ArticleIcon,
  recordRepresentation: 'title',
};

export default press;
