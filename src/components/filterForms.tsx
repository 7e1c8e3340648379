/**
 * The lists' filters wait SPEC §9's input debounce (100 ms) after the last keystroke, not react-admin's 500 ms: the
 * filter panels' forms are these (import them through ./lists.tsx, which loads them after the list's first render,
 * not react-admin's), and the toolbar filters (`<List filters>`) take the same wait from the theme (src/theme.ts,
 * RaFilterForm).
 */
import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment } from '@mui/material';
import { FilterLiveForm as RaFilterLiveForm } from 'ra-core';
import type { ComponentProps } from 'react';
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
