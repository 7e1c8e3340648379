/**
 * The lists' filter panel and its forms. The forms (./filterForms.tsx: react-hook-form, react-admin's inputs) load
 * after the list's first render, beside its first page's request: until then a keyword box's place is kept empty
 * and a form shows nothing.
 */
import { Box, Card, CardContent } from '@mui/material';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import type * as Forms from './filterForms';

const forms = () => import('./filterForms');
const LazyLiveForm = lazy(() => forms().then((m) => ({ default: m.FilterLiveForm })));
const LazyLiveSearch = lazy(() => forms().then((m) => ({ default: m.FilterLiveSearch })));

/** A filter panel's form: it applies its values to the list once they have stayed the same for the debounce. */
export function FilterLiveForm(props: ComponentProps<typeof Forms.FilterLiveForm>) {
  return (
    <Suspense fallback={null}>
      <LazyLiveForm {...props} />
    </Suspense>
  );
}

/** The height of a small text input with its dense margins (react-admin's TextInput), kept while it loads. */
const SEARCH_HEIGHT = 52;

/** The keyword filter of a filter panel (react-admin's FilterLiveSearch, on the form above). */
export function FilterLiveSearch(props: ComponentProps<typeof Forms.FilterLiveSearch>) {
  return (
    <Suspense fallback={<Box sx={{ height: SEARCH_HEIGHT }} />}>
      <LazyLiveSearch {...props} />
    </Suspense>
  );
}

/**
 * The one filter panel of the lists, at the left of the table on a wide screen (hidden on a phone): a keyword
 * search on `search` (its label an i18n key), if the list has one, and the list's own filters below it.
 */
export function FilterPanel({
  search,
  children,
  'data-testid': testId,
}: {
  search?: { source: string; label: string };
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Card
      sx={{
        order: -1,
        mr: 2,
        mt: 8,
        width: { md: 200, lg: 240 },
        flexShrink: 0,
        display: { xs: 'none', md: 'block' },
      }}
      data-testid={testId}
    >
      <CardContent>
        {search ? <FilterLiveSearch source={search.source} label={search.label} /> : null}
        {children}
      </CardContent>
    </Card>
  );
}
