/**
 * The lists' filters wait SPEC §9's input debounce (100 ms) after the last keystroke, not react-admin's 500 ms: the
 * filter panels' forms are these (import them, not react-admin's), and the toolbar filters (`<List filters>`) take
 * the same wait from the theme (src/theme.ts, RaFilterForm).
 */
import SearchIcon from '@mui/icons-material/Search';
import { Card, CardContent, InputAdornment } from '@mui/material';
import { FilterLiveForm as RaFilterLiveForm } from 'ra-core';
import type { ComponentProps, ReactNode } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { DELAY } from '../../contract/constants';

/** A filter panel's form: it applies its values to the list once they have stayed the same for the debounce. */
export function FilterLiveForm(props: ComponentProps<typeof RaFilterLiveForm>) {
  return <RaFilterLiveForm debounce={DELAY.inputDebounce} {...props} />;
}

/** The keyword filter of a filter panel (react-admin's FilterLiveSearch, on the form above). */
export function FilterLiveSearch({
  source = 'q',
  label,
  ...rest
}: Omit<TextInputProps, 'source'> & { source?: string }) {
  return (
    <FilterLiveForm>
      <TextInput
        resettable
        helperText={false}
        source={source}
        size="small"
        label={label ?? 'ra.action.search'}
        // As react-admin's: its resettable field puts the clear button beside this adornment.
        InputProps={{
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        }}
        {...rest}
      />
    </FilterLiveForm>
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
