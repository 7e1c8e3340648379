/**
 * /page: the site's static pages as a tree (page/list): indented rows that expand and collapse, a page category
 * filter, and for each page its status, whether it is in the public navigation (a switch), 結構 (parent and
 * category), 分頁 (its children's tab order, on a page that has children) and the content list's row menu (edit in
 * the writer, publish, view, delete). New pages are made in the writer.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Button,
  Card,
  CircularProgress,
  IconButton,
  MenuItem,
  Link as MuiLink,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { RecordContextProvider, useCanAccess, useGetList, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router';
import { pageApi } from '../../../contract/api/pages';
import type { ContentRow } from '../../../contract/content';
import type { PageNode } from '../../../contract/pages';
import { useSavedSwitch } from '../../components/useSavedSwitch';
import { call } from '../../dataProvider/client';
import { CreateContentButton } from '../content/CreateContentButton';
import { kindOf, writerPath } from '../content/kinds';
import { RowActions } from '../content/RowActions';
import { StatusChips } from '../content/StatusChips';
import { StructureDialog } from './StructureDialog';
import { TabsDialog } from './TabsDialog';
import { usePageTree } from './usePageTree';

const kind = kindOf('page');

type Opened = { dialog: 'structure' | 'tabs'; page: PageNode } | null;

interface RowProps {
  node: PageNode;
  depth: number;
  collapsed: Set<number>;
  toggle: (id: number) => void;
  open: (o: Opened) => void;
  canEdit: boolean;
}

function ActiveSwitch({ node, disabled }: { node: PageNode; disabled: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const active = useSavedSwitch(node.active, {
    mutationFn: (on: boolean) => call(pageApi.active, { id: node.id, active: on }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['page', 'tree'] }),
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Switch
      checked={active.checked}
      disabled={disabled || active.busy}
      onChange={active.onChange}
      slotProps={{
        input: {
          'aria-label': translate('pageTree.active', {
            title: node.title.trim() || translate('content.untitled'),
          }),
        },
      }}
    />
  );
}

function PageRows({ node, depth, collapsed, toggle, open, canEdit }: RowProps) {
  const translate = useTranslate();
  const title = node.title.trim() || translate('content.untitled');
  const hasChildren = node.children.length > 0;
  const isCollapsed = collapsed.has(node.id);
  // RowActions reads a content row: the fields it uses are these.
  const row = { id: node.id, title: node.title, status: node.status, to_top: false } as ContentRow;
  return (
    <>
      <TableRow hover data-testid="page-row" data-id={node.id} data-depth={depth}>
        <TableCell>
          <Stack direction="row" alignItems="center" sx={{ pl: depth * 3 }}>
            {hasChildren ? (
              <IconButton
                size="small"
                onClick={() => toggle(node.id)}
                aria-expanded={!isCollapsed}
                aria-label={translate(isCollapsed ? 'pageTree.expand' : 'pageTree.collapse', { title })}
              >
                {isCollapsed ? <ChevronRightIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
              </IconButton>
            ) : (
              <Box sx={{ width: 34 }} />
            )}
            <MuiLink component={Link} to={writerPath(kind, node.id)} underline="hover">
              {title}
            </MuiLink>
          </Stack>
        </TableCell>
        <TableCell>
          <StatusChips item={{ status: node.status }} />
        </TableCell>
        <TableCell>
          <ActiveSwitch node={node} disabled={!canEdit} />
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {canEdit && (
            <Button size="small" onClick={() => open({ dialog: 'structure', page: node })}>
              {translate('pageTree.structure.button')}
            </Button>
          )}
          {canEdit && hasChildren && (
            <Button size="small" onClick={() => open({ dialog: 'tabs', page: node })}>
              {translate('pageTree.tabs.button')}
            </Button>
          )}
          <Box sx={{ display: 'inline-block' }}>
            <RecordContextProvider value={row}>
              <RowActions kind={kind} />
            </RecordContextProvider>
          </Box>
        </TableCell>
      </TableRow>
      {!isCollapsed &&
        node.children.map((child) => (
          <PageRows
            key={child.id}
            node={child}
            depth={depth + 1}
            collapsed={collapsed}
            toggle={toggle}
            open={open}
            canEdit={canEdit}
          />
        ))}
    </>
  );
}

export default function PageTree() {
  const translate = useTranslate();
  const [category, setCategory] = useState<number | ''>('');
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [opened, setOpened] = useState<Opened>(null);
  const { data, isPending, error } = usePageTree(category);
  // The structure dialog picks a parent from the whole tree, whatever the filter.
  const { data: whole = [] } = usePageTree('');
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'page', action: 'edit' });
  const { data: categories = [] } = useGetList('page_category', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sort', order: 'ASC' },
  });
  const toggle = (id: number) =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('resources.page.name', { smart_count: 2 })} />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          select
          size="small"
          label={translate('pageTree.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('pageTree.allCategories')}</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <CreateContentButton kind={kind} variant="contained" />
      </Stack>
      <Card sx={{ overflowX: 'auto' }}>
        {isPending ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
          </Box>
        ) : error ? (
          <Typography sx={{ p: 3 }} color="error">
            {translate(error.message)}
          </Typography>
        ) : !data?.length ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {translate('pageTree.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-label={translate('pageTree.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('pageTree.columns.title')}</TableCell>
                <TableCell>{translate('pageTree.columns.status')}</TableCell>
                <TableCell>{translate('pageTree.columns.active')}</TableCell>
                <TableCell align="right">{translate('pageTree.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((node) => (
                <PageRows
                  key={node.id}
                  node={node}
                  depth={0}
                  collapsed={collapsed}
                  toggle={toggle}
                  open={setOpened}
                  canEdit={canEdit}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      {opened?.dialog === 'structure' && (
        <StructureDialog page={opened.page} tree={whole} onClose={() => setOpened(null)} />
      )}
      {opened?.dialog === 'tabs' && <TabsDialog page={opened.page} onClose={() => setOpened(null)} />}
    </Box>
  );
}
