/**
 * The label resource (/label, /label/:id): tags and categories in tabs. It has no list of its own, so the menu leads
 * to /tag and /category; its one route renders the tab screen, which loads lazily.
 */
import LabelIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router';

const LabelScreen = lazy(() => import('./LabelScreen'));

const label: ResourceProps = {
  name: 'label',
  icon: LabelIcon,
  children: <Route path="/*" element={<LabelScreen />} />,
};

export default label;
