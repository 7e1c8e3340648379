/**
 * 分頁: a parent page's children are its tabs on the public site. Drag them into order (mouse, touch or keyboard)
 * and pick the one that opens first; saved at once with page/set_tab.
 */
import { arrayMove } from '@dnd-kit/sortable';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemText,
  Radio,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { pageApi } from '../../../contract/api/pages';
import type { PageNode, PageTabs } from '../../../contract/pages';
import { SortableList } from '../../components/SortableList';
import { SortableListItem } from '../../components/SortableListItem';
import { type SortWords, useSortAnnouncements } from '../../components/useSortAnnouncements';
import { call } from '../../dataProvider/client';

const WORDS: SortWords = { announce: 'pageTree.tabs.announce', param: 'title', hint: 'pageTree.tabs.hint' };

function TabsEditor({ page, initial, onClose }: { page: PageNode; initial: PageTabs; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const untitled = translate('content.untitled');
  const [ids, setIds] = useState(() => initial.tabs.map((t) => t.id));
  const [first, setFirst] = useState(initial.first || (initial.tabs[0]?.id ?? 0));
  const titles = new Map(initial.tabs.map((t) => [t.id, t.title.trim() || untitled]));
  const nameOf = (id: number) => titles.get(id) ?? String(id);
  const accessibility = useSortAnnouncements(ids, nameOf, WORDS);
  const save = useMutation({
    mutationFn: () => call(pageApi.setTab, { id: page.id, tabs: ids, first }),
    onSuccess: async () => {
      notify('pageTree.tabs.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['page'] });
      onClose();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('pageTree.tabs.hint')}
        </Typography>
        <SortableList
          ids={ids}
          onMove={(from, to) => setIds((now) => arrayMove(now, now.indexOf(from), now.indexOf(to)))}
          accessibility={accessibility}
        >
          <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {ids.map((id, i) => (
              <SortableListItem
                key={id}
                id={id}
                position={i + 1}
                testId="page-tab"
                handleLabel={translate('pageTree.tabs.handle', { title: nameOf(id) })}
              >
                <ListItemText primary={nameOf(id)} />
                <Radio
                  checked={first === id}
                  onChange={() => setFirst(id)}
                  value={id}
                  name="first-tab"
                  slotProps={{
                    input: { 'aria-label': translate('pageTree.tabs.first', { title: nameOf(id) }) },
                  }}
                />
              </SortableListItem>
            ))}
          </List>
        </SortableList>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </>
  );
}

export function TabsDialog({ page, onClose }: { page: PageNode; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['page', 'tabs', page.id],
    queryFn: () => call(pageApi.getTab, { id: page.id }),
    gcTime: 0,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate('pageTree.tabs.title', { title: page.title.trim() || translate('content.untitled') })}
      </DialogTitle>
      {data ? (
        <TabsEditor page={page} initial={data} onClose={onClose} />
      ) : (
        <DialogContent>
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}
