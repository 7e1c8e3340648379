/**
 * The user's own sites (/site, /site/:id): the list with role, plan and the current one, and a site's detail with
 * 'switch to this site'. Each screen is its own chunk. New sites come from the wizard (/init, a later issue).
 */
import SitesIcon from '@mui/icons-material/WebOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const site: ResourceProps = {
  name: 'site',
  list: lazy(() => import('./SiteList')),
  // The detail sits at /site/:id, react-admin's edit route; it shows the site and switches to it, nothing more.
  edit: lazy(() => import('./SiteDetail')),
  icon: SitesIcon,
  recordRepresentation: 'name',
};

export default site;
