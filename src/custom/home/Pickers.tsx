/**
 * Choosing what the home page shows: published articles found by keyword (the article list's own search), and the
 * site's categories. A choice is added at the end of its list; one already chosen is not added twice, and a toast
 * says so (SPEC §5). An article option shows its agenda excerpt (SPEC §9, 100 characters) under its title.
 */
import CheckIcon from '@mui/icons-material/Check';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetList, useInput, useNotify, useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { contentApi } from '../../../contract/api/content';
import { DELAY, PAGE_SIZE_MAX } from '../../../contract/constants';
import type { label } from '../../../contract/entities/label';
import type { EntityRecord } from '../../../contract/entity';
import { call } from '../../dataProvider/client';
import { addEntry, articleSearch, type Chosen } from './homeLogic';

/** The list field of `source` and a way to add to it. */
function useChosen(source: 'articles' | 'categories') {
  const notify = useNotify();
  const { field } = useInput<Chosen[]>({ source });
  const chosen: Chosen[] = field.value ?? [];
  const choose = (entry: Chosen) => {
    const { list, duplicate } = addEntry(chosen, entry);
    if (duplicate)
      notify('homeSettings.alreadyChosen', { type: 'warning', messageArgs: { title: entry.title } });
    else field.onChange(list);
  };
  return { chosen, choose };
}

/** An option: a choice, with the article's 100-character agenda excerpt to tell like titles apart. */
type Option = Chosen & { agenda?: string };

interface PickerProps {
  label: string;
  options: Option[];
  chosen: Chosen[];
  loading: boolean;
  noOptionsText: string;
  inputValue: string;
  onInputChange: (value: string) => void;
  onChoose: (entry: Chosen) => void;
  testId: string;
  /** Options are already filtered by the server. */
  remote?: boolean;
}

function Picker(props: PickerProps) {
  const translate = useTranslate();
  const ids = new Set(props.chosen.map((c) => c.id));
  return (
    <Autocomplete<Option>
      options={props.options}
      value={null}
      inputValue={props.inputValue}
      onInputChange={(_e, value, reason) => props.onInputChange(reason === 'reset' ? '' : value)}
      onChange={(_e, option) => {
        if (option) props.onChoose({ id: option.id, title: option.title });
      }}
      getOptionLabel={(o) => o.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={props.remote ? (x) => x : undefined}
      loading={props.loading}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate(props.noOptionsText)}
      blurOnSelect
      renderOption={({ key, ...rest }, option) => (
        <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
          <Box sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {option.title}
            {option.agenda ? (
              <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem', color: 'text.secondary' }}>
                {option.agenda}
              </Box>
            ) : null}
          </Box>
          {ids.has(option.id) ? <CheckIcon fontSize="small" color="success" /> : null}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={translate(props.label)} size="small" data-testid={props.testId} />
      )}
      sx={{ mb: 1.5, maxWidth: 480 }}
    />
  );
}

/** The keyword, once the user has paused typing for a moment. */
function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DELAY.inputDebounce * 3);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function ArticlePicker() {
  const { chosen, choose } = useChosen('articles');
  const [input, setInput] = useState('');
  const keyword = useSettled(input.trim());
  const { data, isFetching } = useQuery({
    queryKey: ['home-articles', keyword],
    queryFn: ({ signal }) => {
      const { query, body } = articleSearch(keyword);
      return call(contentApi.list, body, { signal, query });
    },
    enabled: keyword !== '',
    staleTime: 30_000,
    retry: false,
  });
  const options = keyword
    ? (data?.rows ?? []).map((r) => ({ id: r.id, title: r.title, agenda: r.agenda }))
    : [];
  return (
    <Picker
      label="homeSettings.searchArticles"
      options={options}
      chosen={chosen}
      loading={isFetching}
      noOptionsText={input.trim() ? 'homeSettings.noOptions' : 'homeSettings.typeToSearch'}
      inputValue={input}
      onInputChange={setInput}
      onChoose={choose}
      testId="article-picker"
      remote
    />
  );
}

export function CategoryPicker() {
  const { chosen, choose } = useChosen('categories');
  const [input, setInput] = useState('');
  const { data, isPending } = useGetList<EntityRecord<typeof label>>('category', {
    pagination: { page: 1, perPage: PAGE_SIZE_MAX },
    sort: { field: 'name', order: 'ASC' },
  });
  const options = (data ?? []).map((c) => ({ id: c.id, title: c.name }));
  return (
    <Picker
      label="homeSettings.chooseCategory"
      options={options}
      chosen={chosen}
      loading={isPending}
      noOptionsText="homeSettings.noOptions"
      inputValue={input}
      onInputChange={setInput}
      onChoose={choose}
      testId="category-picker"
    />
  );
}
