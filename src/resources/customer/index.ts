/** The customer messages resource (/customer, /customer/:id): the list, and one message with its thread. */
import CustomerIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const customer: ResourceProps = {
  name: 'customer',
  list: lazy(() => import('./CustomerList')),
  // At /customer/:id, as SPEC §2 names it: the record page shows the message and answers it.
  edit: lazy(() => import('./CustomerShow')),
  icon: CustomerIcon,
  recordRepresentation: 'title',
};

export default customer;
