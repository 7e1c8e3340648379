/**
 * One menu as a sortable list (dnd-kit): drag a row up or down to reorder it, and right or left to put a link under
 * the parent above or take it out; a parent moves with its links. The keyboard works too: space picks a row up,
 * arrows move it, space drops it; the row buttons nest and un-nest. A screen reader hears each move.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { List, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type MenuItem, menuItemName } from '../../../contract/menus';
import { INDENT_PX, MenuRow } from './MenuRow';
import {
  applyDrop,
  canIndent,
  type FlatRow,
  flattenTree,
  indent,
  outdent,
  projectDrop,
  sortableRows,
} from './menuTree';

interface MenuTreeProps {
  tree: MenuItem[];
  canEdit: boolean;
  onChange: (tree: MenuItem[]) => void;
  onEdit: (item: MenuItem) => void;
  onDelete: (item: MenuItem) => void;
}

export function MenuTree({ tree, canEdit, onChange, onEdit, onDelete }: MenuTreeProps) {
  const translate = useTranslate();
  const rows = useMemo(() => flattenTree(tree), [tree]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const offsetX = useRef(0);
  const [offsetStep, setOffsetStep] = useState(0);
  const items = useMemo(() => sortableRows(rows, activeId), [rows, activeId]);
  const projected =
    activeId !== null && overId !== null
      ? projectDrop(items, activeId, overId, offsetStep * INDENT_PX, INDENT_PX)
      : null;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = useCallback(
    (row: FlatRow | undefined) => (row ? menuItemName(row.item) || translate('menus.unnamed') : ''),
    [translate],
  );
  const accessibility = useAnnouncements(items, offsetX, nameOf);

  const reset = () => {
    setActiveId(null);
    setOverId(null);
    setOffsetStep(0);
    offsetX.current = 0;
  };
  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveId(Number(active.id));
    setOverId(Number(active.id));
  };
  const onDragMove = ({ delta }: DragMoveEvent) => {
    offsetX.current = delta.x;
    // Re-render only when the drag crosses a step of indentation.
    setOffsetStep(Math.round(delta.x / INDENT_PX));
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverId(over ? Number(over.id) : null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && projected) onChange(applyDrop(tree, Number(active.id), Number(over.id), projected.depth));
    reset();
  };

  if (!rows.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="menu-empty">
        {translate('menus.empty')}
      </Typography>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
      accessibility={accessibility}
    >
      <SortableContext items={items.map((r) => r.id)} strategy={verticalListSortingStrategy}>
        <List
          disablePadding
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          data-testid="menu-tree"
        >
          {items.map((row) => (
            <MenuRow
              key={row.id}
              row={row}
              depth={row.id === activeId && projected ? projected.depth : row.depth}
              name={nameOf(row)}
              canEdit={canEdit}
              canIndent={canIndent(tree, row.id)}
              onIndent={() => onChange(indent(tree, row.id))}
              onOutdent={() => onChange(outdent(tree, row.id))}
              onEdit={() => onEdit(row.item)}
              onDelete={() => onDelete(row.item)}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

/** What a screen reader hears while rows move: the place, and the parent a link would go under. */
function useAnnouncements(
  rows: FlatRow[],
  offsetX: React.RefObject<number>,
  nameOf: (row: FlatRow | undefined) => string,
) {
  const translate = useTranslate();
  // dnd-kit reports the row under a picked-up row at once: that is no move, and must not hide 'picked up'.
  const lastOver = useRef<unknown>(null);
  return useMemo(() => {
    const find = (id: unknown) => rows.find((r) => r.id === Number(id));
    const place = (activeId: unknown, overId: unknown, key: 'moved' | 'dropped') => {
      const n = rows.findIndex((r) => r.id === Number(overId)) + 1;
      const p = projectDrop(rows, Number(activeId), Number(overId), offsetX.current, INDENT_PX);
      const name = nameOf(find(activeId));
      return p?.parentId
        ? translate(`menus.announce.${key}In`, { name, n, parent: nameOf(find(p.parentId)) })
        : translate(`menus.announce.${key}`, { name, n });
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return translate('menus.announce.pickedUp', {
          name: nameOf(find(active.id)),
          n: rows.findIndex((r) => r.id === Number(active.id)) + 1,
        });
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return place(active.id, over.id, 'moved');
      },
      onDragEnd: ({ active, over }) => (over ? place(active.id, over.id, 'dropped') : undefined),
      onDragCancel: ({ active }) => translate('menus.announce.cancelled', { name: nameOf(find(active.id)) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: translate('menus.hint') };
    return { announcements, screenReaderInstructions };
  }, [rows, offsetX, nameOf, translate]);
}
