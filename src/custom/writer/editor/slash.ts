/**
 * The slash menu's plugin: typing '/' (or a full-width '／') at the start of a paragraph opens the block menu, the
 * text after it filters the menu. The plugin only tracks where the '/' is; the menu itself is React (BlockMenu.tsx),
 * which lends the plugin its keyboard handler while open. Nothing here runs during an input method's composition.
 */
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

export interface SlashState {
  active: boolean;
  /** Where the '/' is. */
  from: number;
  /** The cursor. */
  to: number;
  query: string;
  /** The paragraph start where the writer closed the menu (it stays closed there until the '/' goes). */
  dismissed: number | null;
}

export interface SlashKeys {
  onKey: (event: KeyboardEvent) => boolean;
}

export const slashKey = new PluginKey<SlashState>('writerSlash');

const inactive = (dismissed: number | null = null): SlashState => ({
  active: false,
  from: 0,
  to: 0,
  query: '',
  dismissed,
});

export const SLASH_RE = /^[/／]([^\s/／]{0,24})$/;

/**
 * `keys` is a getter (not a ref object): TipTap deep-merges plain objects in options, which would cut the link to the
 * React ref.
 */
export const SlashCommand = Extension.create<{ keys: () => SlashKeys | null }>({
  name: 'writerSlash',
  // Ahead of the keymaps (Enter splits a paragraph, arrows move), so the open menu gets those keys first.
  priority: 1000,
  addOptions() {
    return { keys: () => null };
  },
  addProseMirrorPlugins() {
    const keys = this.options.keys;
    return [
      new Plugin<SlashState>({
        key: slashKey,
        state: {
          init: () => inactive(),
          apply(tr, prev, _old, state) {
            const meta = tr.getMeta(slashKey) as { dismiss?: number } | undefined;
            const dismissed = meta?.dismiss ?? prev.dismissed;
            const { selection } = state;
            if (!selection.empty) return inactive();
            const $from = selection.$from;
            if ($from.parent.type.name !== 'paragraph') return inactive();
            const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
            const match = SLASH_RE.exec(before);
            if (!match) return inactive();
            const from = $from.start();
            if (dismissed === from) return inactive(dismissed);
            return { active: true, from, to: $from.pos, query: match[1], dismissed: null };
          },
        },
        props: {
          handleKeyDown(view, event) {
            const state = slashKey.getState(view.state);
            const handler = keys();
            if (!state?.active || event.isComposing || view.composing || !handler) return false;
            return handler.onKey(event);
          },
        },
      }),
    ];
  },
});

/** Where the open menu goes, in the same coordinates as its inputs (the viewport's). */
export interface MenuPlacement {
  side: 'below' | 'above';
  /** The height it may take there; taller content scrolls inside it. */
  room: number;
}

/**
 * Below the caret when the menu fits the visible area there, else above when it fits there, else on the roomier
 * side: near the bottom of the page the menu flips above the caret instead of opening out of sight.
 */
export function placeMenu(
  caret: { top: number; bottom: number },
  visible: { top: number; bottom: number },
  height: number,
  gap: number,
): MenuPlacement {
  const below = visible.bottom - caret.bottom - 2 * gap;
  const above = caret.top - visible.top - 2 * gap;
  if (height <= below || below >= above) return { side: 'below', room: Math.max(below, 0) };
  return { side: 'above', room: Math.max(above, 0) };
}
