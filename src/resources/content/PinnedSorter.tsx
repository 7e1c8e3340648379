/**
 * The 'reorder pinned' mode of the article list: the pinned items as a sortable list (drag with a mouse or finger,
 * or with the keyboard: space picks up, arrows move, space drops), saved with `press/sorter`.
 */

import { Box, Button, Card, CardActions, CardContent, List, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { Loading } from 'react-admin';
import { PAGE_SIZE_MAX } from '../../../contract/constants';
import type { ContentRow } from '../../../contract/content';
import { SortableList } from '../../components/SortableList';
import { savePinOrder } from './api';
import type { ContentKind } from './kinds';
import { moveItem, pinnedInOrder } from './pinned';
import { SortableRow } from './SortableRow';
import { useContentNotify } from './useContentNotify';
import { useReorderAnnouncements } from './useReorderAnnouncements';

export function PinnedSorter({ kind, onDone }: { kind: ContentKind; onDone: () => void }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { done, failed } = useContentNotify(kind);
  const { data, isPending } = useGetList<ContentRow>(kind.resource, {
    filter: { to_top: true },
    pagination: { page: 1, perPage: PAGE_SIZE_MAX },
    sort: { field: 'updated_at', order: 'DESC' },
  });
  const [items, setItems] = useState<ContentRow[]>([]);
  useEffect(() => setItems(pinnedInOrder(data ?? [])), [data]);
  const accessibility = useReorderAnnouncements(items);
  const save = useMutation({
    mutationFn: () =>
      savePinOrder(
        kind,
        items.map((i) => i.id),
      ),
    onSuccess: async () => {
      done('sorter');
      await queryClient.invalidateQueries({ queryKey: [kind.resource] });
      onDone();
    },
    onError: (error) => failed('sorter', error),
  });

  if (isPending) return <Loading />;
  return (
    <Card sx={{ mt: 1 }} data-testid="pinned-sorter">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('content.reorder.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('content.reorder.hint')}
        </Typography>
        {items.length === 0 ? (
          <Typography>{translate('content.reorder.empty')}</Typography>
        ) : (
          <SortableList
            ids={items.map((i) => i.id)}
            onMove={(from, to) => setItems((list) => moveItem(list, from, to))}
            accessibility={accessibility}
          >
            <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {items.map((row, i) => (
                <SortableRow key={row.id} row={row} position={i + 1} />
              ))}
            </List>
          </SortableList>
        )}
      </CardContent>
      <CardActions>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onDone} disabled={save.isPending}>
          {translate('content.reorder.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => save.mutate()}
          disabled={save.isPending || items.length < 2}
        >
          {translate('content.reorder.save')}
        </Button>
      </CardActions>
    </Card>
  );
}
