/** Pinned items: their saved order (pin_order, lowest first), and moving one while reordering. */
import type { SortPayload } from 'ra-core';

/** A list sort without a column: the dataProvider sends none and the server lists pinned items first. */
export const PINNED_FIRST: SortPayload = { field: '', order: 'DESC' };

/** Whether a list is in that order (a column header sorts by its column instead). */
export const isPinnedFirst = (sort: SortPayload | undefined) => !sort?.field;
export interface Pinnable {
  id: number;
  to_top: boolean;
  pin_order: number;
}

/** The pinned items of a list, in their saved order. */
export function pinnedInOrder<T extends Pinnable>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.to_top).sort((a, b) => a.pin_order - b.pin_order || b.id - a.id);
}

/** The list with the item `activeId` moved to where `overId` is. */
export function moveItem<T extends { id: number }>(
  items: readonly T[],
  activeId: number,
  overId: number,
): T[] {
  const from = items.findIndex((i) => i.id === activeId);
  const to = items.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0 || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
