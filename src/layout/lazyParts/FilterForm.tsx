/**
 * react-admin's toolbar filter form (ra-ui-materialui 5.15, list/filter/FilterForm.js), which every list's toolbar
 * imports but renders only for a list given `filters` (the customers', followers' and roles' lists; the others filter
 * in a side panel: src/components/lists.tsx): loaded when one renders, with react-hook-form and the inputs it needs.
 * vite.config.ts (lazyParts) puts this module in the original's place.
 */
import { type ComponentProps, lazy, Suspense } from 'react';

type Module = typeof import('../../../node_modules/ra-ui-materialui/dist/list/filter/FilterForm.js');

const original = () => import('../../../node_modules/ra-ui-materialui/dist/list/filter/FilterForm.js');
const Form = lazy(() => original().then((m) => ({ default: m.FilterForm })));
const Base = lazy(() => original().then((m) => ({ default: m.FilterFormBase })));

export const FilterForm = (props: ComponentProps<Module['FilterForm']>) => (
  <Suspense fallback={null}>
    <Form {...props} />
  </Suspense>
);

export const FilterFormBase = (props: ComponentProps<Module['FilterFormBase']>) => (
  <Suspense fallback={null}>
    <Base {...props} />
  </Suspense>
);

// The original's class names, which its module exports too (the styles stay with the form).
const PREFIX = 'RaFilterForm';
export const FilterFormClasses = {
  clearFix: `${PREFIX}-clearFix`,
  filterFormInput: `${PREFIX}-filterFormInput`,
};
