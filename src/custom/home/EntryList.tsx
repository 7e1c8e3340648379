/**
 * The chosen articles or categories of the home settings: a form field holding `[{id, title}]`, shown as a sortable
 * list (drag with a mouse or finger, or with the keyboard: space picks up, arrows move, space drops) with a remove
 * button on each row.
 */
import { List, ListItemText, Typography } from '@mui/material';
import { useInput, useTranslate } from 'ra-core';
import { useCallback, useMemo } from 'react';
import { SortableList } from '../../components/SortableList';
import { SortableListItem } from '../../components/SortableListItem';
import { type SortWords, useSortAnnouncements } from '../../components/useSortAnnouncements';
import { moveItem } from '../../resources/content/pinned';
import type { Chosen } from './homeLogic';

const WORDS: SortWords = { announce: 'homeSettings.announce', param: 'title', hint: 'homeSettings.listHint' };

interface EntryListProps {
  source: 'articles' | 'categories';
  empty: string;
  canEdit: boolean;
}

export function EntryList({ source, empty, canEdit }: EntryListProps) {
  const translate = useTranslate();
  const { field } = useInput<Chosen[]>({ source });
  const items: Chosen[] = field.value ?? [];
  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const titleOf = useCallback(
    (id: number) => items.find((i) => i.id === id)?.title.trim() || translate('content.untitled'),
    [items, translate],
  );
  const accessibility = useSortAnnouncements(ids, titleOf, WORDS);

  if (!items.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }} data-testid={`${source}-empty`}>
        {translate(empty)}
      </Typography>
    );
  }
  return (
    <SortableList
      ids={ids}
      onMove={(from, to) => field.onChange(moveItem(items, from, to))}
      accessibility={accessibility}
    >
      <List
        disablePadding
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        data-testid={`${source}-list`}
      >
        {items.map((entry, i) => {
          const title = entry.title.trim() || translate('content.untitled');
          return (
            <SortableListItem
              key={entry.id}
              id={entry.id}
              position={i + 1}
              disabled={!canEdit}
              testId="home-entry"
              handleLabel={translate('homeSettings.handle', { title })}
              removeLabel={translate('homeSettings.remove', { title })}
              onRemove={() => field.onChange(items.filter((e) => e.id !== entry.id))}
            >
              <ListItemText primary={title} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            </SortableListItem>
          );
        })}
      </List>
    </SortableList>
  );
}
