/**
 * 結構: where a page stands: its parent page (any but itself and its descendants; none: top level) and its page
 * category. The server refuses a tree deeper than three levels (3701) with its message.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGetList, useNotify, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { pageApi } from '../../../contract/api/pages';
import type { PageNode } from '../../../contract/pages';
import { call } from '../../dataProvider/client';
import { flatten, subtreeIds } from './usePageTree';

interface Props {
  page: PageNode;
  /** The whole tree (unfiltered), to pick a parent from. */
  tree: PageNode[];
  onClose: () => void;
}

export function StructureDialog({ page, tree, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [parent, setParent] = useState<number>(page.parent_id);
  const [category, setCategory] = useState<number>(page.category_id);
  const { data: categories = [] } = useGetList('page_category', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sort', order: 'ASC' },
  });
  const excluded = new Set(subtreeIds(page));
  const parents = flatten(tree).filter(({ node }) => !excluded.has(node.id));
  const untitled = translate('content.untitled');
  const save = useMutation({
    mutationFn: () => call(pageApi.save, { id: page.id, parent_id: parent, category_id: category }),
    onSuccess: async () => {
      notify('pageTree.structure.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['page'] });
      onClose();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate('pageTree.structure.title', { title: page.title.trim() || untitled })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={translate('pageTree.structure.parent')}
            value={parent}
            onChange={(e) => setParent(Number(e.target.value))}
            helperText={translate('pageTree.structure.parentHint')}
          >
            <MenuItem value={0}>{translate('pageTree.structure.top')}</MenuItem>
            {parents.map(({ node, depth }) => (
              <MenuItem key={node.id} value={node.id} sx={{ pl: 2 + depth * 2 }}>
                {node.title.trim() || untitled}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={translate('pageTree.structure.category')}
            value={category}
            onChange={(e) => setCategory(Number(e.target.value))}
          >
            <MenuItem value={0}>{translate('pageTree.structure.noCategory')}</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
