/** What a screen reader hears while the rows of a sortable list (SortableListItem) move, in the interface language. */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useTranslate } from 'ra-core';
import { useMemo, useRef } from 'react';

export interface SortWords {
  /** Prefix of the keys `pickedUp`, `moved`, `dropped` and `cancelled`. */
  announce: string;
  /** The placeholder that names the row in those messages, e.g. `title`. */
  param: string;
  /** Key of the instructions read on reaching a handle. */
  hint: string;
}

/** `ids` in their order; `nameOf` names a row for the messages. Keep both stable across renders. */
export function useSortAnnouncements(ids: number[], nameOf: (id: number) => string, words: SortWords) {
  const translate = useTranslate();
  // dnd-kit reports the row under a picked-up one at once: that is no move, and must not hide 'picked up'.
  const lastOver = useRef<unknown>(null);
  return useMemo(() => {
    const name = (id: unknown) => nameOf(Number(id));
    const n = (id: unknown) => ids.indexOf(Number(id)) + 1;
    const say = (key: string, id: unknown, at?: unknown) =>
      translate(`${words.announce}.${key}`, {
        [words.param]: name(id),
        ...(at === undefined ? {} : { n: n(at) }),
      });
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return say('pickedUp', active.id, active.id);
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return say('moved', active.id, over.id);
      },
      onDragEnd: ({ active, over }) => (over ? say('dropped', active.id, over.id) : undefined),
      onDragCancel: ({ active }) => say('cancelled', active.id),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: translate(words.hint) };
    return { announcements, screenReaderInstructions };
  }, [ids, nameOf, words, translate]);
}
