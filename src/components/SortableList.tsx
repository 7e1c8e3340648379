/**
 * A short vertical list sorted by dragging (mouse, touch or keyboard): dnd-kit's context, sensors and strategy in
 * one place. Rows are SortableListItem (or any useSortable row) keyed by `ids`; a drop calls `onMove` with the
 * dragged row's id and the id of the row it was dropped on.
 */
import {
  closestCenter,
  DndContext,
  type DndContextProps,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';

interface SortableListProps {
  ids: number[];
  onMove: (activeId: number, overId: number) => void;
  /** Screen-reader announcements (useSortAnnouncements). */
  accessibility?: DndContextProps['accessibility'];
  children: ReactNode;
}

export function SortableList({ ids, onMove, accessibility, children }: SortableListProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so that clicks on a row's buttons stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
