/**
 * The front end's display languages: a form field holding content language ids in order (the first is the
 * default), shown as a sortable list (drag with a mouse or finger, or with the keyboard: space picks up, arrows move,
 * space drops) with a remove button per row, and a select to add one of the others.
 */
import { arrayMove } from '@dnd-kit/sortable';
import {
  Box,
  Button,
  Chip,
  FormHelperText,
  List,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useInput, useTranslate, ValidationError } from 'ra-core';
import { useEffect, useState } from 'react';
import { CONTENT_LANGUAGES } from '../../../contract/constants';
import { SortableList } from '../../components/SortableList';
import { SortableListItem } from '../../components/SortableListItem';
import { type SortWords, useSortAnnouncements } from '../../components/useSortAnnouncements';
import { compose, countMin } from '../../validation';

const labelOf = (id: number) => CONTENT_LANGUAGES.find((l) => l.id === id)?.label ?? String(id);
const validate = compose(countMin(1));
const WORDS: SortWords = {
  announce: 'settings.general.announce',
  param: 'label',
  hint: 'settings.general.languagesHint',
};

export function DisplayLanguagesInput({ source, disabled }: { source: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<number[]>({ source, validate });
  const ids: number[] = field.value ?? [];
  const others = CONTENT_LANGUAGES.filter((l) => !ids.includes(l.id));
  const [adding, setAdding] = useState<number | ''>('');
  // The chosen language to add is always one not in the list yet.
  useEffect(() => {
    if (adding !== '' && ids.includes(adding)) setAdding('');
  }, [ids, adding]);
  const accessibility = useSortAnnouncements(ids, labelOf, WORDS);
  const change = (next: number[]) => {
    field.onChange(next);
    field.onBlur();
  };
  const error = fieldState.error?.message;

  return (
    <Box data-testid="display-languages">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('settings.general.languagesHint')}
      </Typography>
      {ids.length ? (
        <SortableList
          ids={ids}
          onMove={(from, to) => change(arrayMove(ids, ids.indexOf(from), ids.indexOf(to)))}
          accessibility={accessibility}
        >
          <List
            disablePadding
            sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}
          >
            {ids.map((id, i) => {
              const label = labelOf(id);
              return (
                <SortableListItem
                  key={id}
                  id={id}
                  position={i + 1}
                  disabled={disabled}
                  testId="display-language"
                  handleLabel={translate('settings.general.handle', { label })}
                  removeLabel={translate('settings.general.remove', { label })}
                  onRemove={() => change(ids.filter((x) => x !== id))}
                >
                  <ListItemText primary={label} />
                  {i === 0 ? (
                    <Chip
                      size="small"
                      color="primary"
                      variant="outlined"
                      label={translate('settings.general.default')}
                    />
                  ) : null}
                </SortableListItem>
              );
            })}
          </List>
        </SortableList>
      ) : null}
      {error ? (
        <FormHelperText error>
          <ValidationError error={error} />
        </FormHelperText>
      ) : null}
      {disabled ? null : (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
          {others.length ? (
            <>
              <TextField
                select
                size="small"
                label={translate('settings.general.addLanguage')}
                value={adding}
                onChange={(e) => setAdding(Number(e.target.value))}
                sx={{ minWidth: 200 }}
              >
                {others.map((l) => (
                  <MenuItem key={l.id} value={l.id} lang={l.iso}>
                    {l.label}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={adding === ''}
                onClick={() => {
                  if (adding !== '') change([...ids, adding]);
                  setAdding('');
                }}
              >
                {translate('settings.general.add')}
              </Button>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('settings.general.allAdded')}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
