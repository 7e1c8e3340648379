/**
 * /setting/menu: the site's main and secondary menus, one tab each. Items are added, edited, nested, sorted and
 * deleted in the editor, then the shown menu is saved whole (`menu/save`). Tabs with unsaved changes are marked, and
 * leaving with unsaved changes asks first. Without setting.edit the menus are shown read-only.
 */
import AddLinkIcon from '@mui/icons-material/AddLink';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { Confirm, Loading, Title } from 'react-admin';
import { menuApi } from '../../../contract/api/menus';
import {
  MENU_IDS,
  MENU_TYPE,
  type MenuId,
  type MenuItem,
  type Menus,
  type MenuType,
  menuItemName,
  normaliseMenuSort,
  toMenuSaveItems,
} from '../../../contract/menus';
import { TabDot } from '../../components/TabDot';
import { type ApiError, call } from '../../dataProvider/client';
import { LeaveGuard } from './LeaveGuard';
import { MenuItemDialog } from './MenuItemDialog';
import { MenuTree } from './MenuTree';
import { newItem, putItem, removeItem } from './menuTree';

const sameMenu = (a: MenuItem[], b: MenuItem[]) =>
  JSON.stringify(toMenuSaveItems(a)) === JSON.stringify(toMenuSaveItems(b));

/** A failed save's words: the first field message the server gave, else the code's. */
const failureText = (error: ApiError) => Object.values(error.body?.errors ?? {})[0] ?? error.message;

function MenuEditor({ initial, canEdit }: { initial: Menus; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [menuId, setMenuId] = useState<MenuId>(MENU_IDS[0]);
  const [trees, setTrees] = useState<Menus>(initial);
  const [saved, setSaved] = useState<Menus>(initial);
  const [editing, setEditing] = useState<{ item: MenuItem; isNew: boolean } | null>(null);
  const [deleting, setDeleting] = useState<MenuItem | null>(null);
  const nextId = useRef(-1);
  const dirty = (id: MenuId) => !sameMenu(trees[id], saved[id]);
  const tree = trees[menuId];
  // Each item's sort and parent_id follow its place, as the server will store them.
  const change = (next: MenuItem[]) => setTrees((all) => ({ ...all, [menuId]: normaliseMenuSort(next) }));

  const save = useMutation({
    mutationFn: (id: MenuId) => call(menuApi.save, { menu: { id, items: toMenuSaveItems(trees[id]) } }),
    onSuccess: (reply, id) => {
      setTrees((all) => ({ ...all, [id]: reply }));
      setSaved((all) => ({ ...all, [id]: reply }));
      notify('menus.saved', { type: 'success' });
    },
    onError: (error: ApiError) => {
      const text = failureText(error);
      if (text) notify(text, { type: 'error' });
    },
  });

  const add = (type: MenuType) => {
    const id = nextId.current--;
    setEditing({ item: newItem(id, type), isNew: true });
  };
  const remove = (item: MenuItem) => {
    if (item.type === MENU_TYPE.PARENT && item.children.length) setDeleting(item);
    else change(removeItem(tree, item.id));
  };
  const busy = save.isPending;

  return (
    <Box sx={{ mt: 2, maxWidth: 880 }} data-testid="menu-screen">
      <Title title={translate('menus.title')} />
      <Card>
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h5" component="h2">
            {translate('menus.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('menus.subtitle')}
          </Typography>
        </CardContent>
        <Tabs
          value={menuId}
          onChange={(_e, next: MenuId) => setMenuId(next)}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {MENU_IDS.map((id) => (
            <Tab
              key={id}
              value={id}
              data-testid={`menu-tab-${id}`}
              label={
                <span>
                  {translate(`menus.tabs.${id}`)}
                  {dirty(id) ? (
                    <TabDot title={translate('menus.unsaved')} color="warning.main" size={8} />
                  ) : null}
                </span>
              }
            />
          ))}
        </Tabs>
        <CardContent>
          {canEdit ? (
            <>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  startIcon={<AddLinkIcon />}
                  onClick={() => add(MENU_TYPE.LINK)}
                  disabled={busy}
                >
                  {translate('menus.addLink')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<CreateNewFolderIcon />}
                  onClick={() => add(MENU_TYPE.PARENT)}
                  disabled={busy}
                >
                  {translate('menus.addParent')}
                </Button>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} id="menu-hint">
                {translate('menus.hint')}
              </Typography>
            </>
          ) : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('menus.readOnly')}
            </Alert>
          )}
          <MenuTree
            key={menuId}
            tree={tree}
            canEdit={canEdit && !busy}
            onChange={change}
            onEdit={(item) => setEditing({ item, isNew: false })}
            onDelete={remove}
          />
        </CardContent>
        {canEdit ? (
          <CardActions sx={{ px: 2, pb: 2 }}>
            {dirty(menuId) ? (
              <Typography variant="body2" color="warning.main" data-testid="menu-unsaved">
                {translate('menus.unsaved')}
              </Typography>
            ) : null}
            <Box sx={{ flex: 1 }} />
            <Button variant="contained" onClick={() => save.mutate(menuId)} disabled={busy || !dirty(menuId)}>
              {translate('menus.save')}
            </Button>
          </CardActions>
        ) : null}
      </Card>
      {editing ? (
        <MenuItemDialog
          item={editing.item}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
          onDone={(item) => {
            change(putItem(tree, item));
            setEditing(null);
          }}
        />
      ) : null}
      <Confirm
        isOpen={deleting !== null}
        title="menus.deleteParent.title"
        titleTranslateOptions={{ name: deleting ? menuItemName(deleting) || translate('menus.unnamed') : '' }}
        content="menus.deleteParent.body"
        contentTranslateOptions={{ count: deleting?.children.length ?? 0 }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => {
          if (deleting) change(removeItem(tree, deleting.id));
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
      <LeaveGuard when={MENU_IDS.some(dirty) && !busy} />
    </Box>
  );
}

export default function MenuScreen() {
  const translate = useTranslate();
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({
    resource: 'setting',
    action: 'edit',
  });
  const { data, isPending, error } = useQuery({
    queryKey: ['menus'],
    queryFn: () => call(menuApi.get),
    // The editor holds its own copy from the first answer: fetched fresh on every visit, never refetched under it.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (isPending || checking) return <Loading />;
  if (error || !data) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('menus.title')} />
        <Alert severity="error">{translate((error as ApiError | null)?.message || 'errors.generic')}</Alert>
      </Box>
    );
  }
  return <MenuEditor initial={data} canEdit={canEdit} />;
}
