/** What a screen reader hears while pinned items are moved with the keyboard, in the interface language. */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useTranslate } from 'ra-core';
import { useMemo } from 'react';
import type { ContentRow } from '../../../contract/content';

export function useReorderAnnouncements(items: ContentRow[]) {
  const translate = useTranslate();
  return useMemo(() => {
    const title = (id: unknown) => {
      const row = items.find((i) => i.id === Number(id));
      return row?.title.trim() || translate('content.untitled');
    };
    const position = (id: unknown) => items.findIndex((i) => i.id === Number(id)) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) =>
        translate('content.reorder.pickedUp', { title: title(active.id), n: position(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? translate('content.reorder.moved', { title: title(active.id), n: position(over.id) })
          : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? translate('content.reorder.dropped', { title: title(active.id), n: position(over.id) })
          : undefined,
      onDragCancel: ({ active }) => translate('content.reorder.cancelled', { title: title(active.id) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = {
      draggable: translate('content.reorder.hint'),
    };
    return { announcements, screenReaderInstructions };
  }, [items, translate]);
}
