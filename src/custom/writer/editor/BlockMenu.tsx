/**
 * The block menu: a + button beside an empty paragraph, and the same list as a slash menu while typing '/…' at the
 * start of a paragraph. Inserting a paid section is disabled when the document has one.
 */
import AddIcon from '@mui/icons-material/Add';
import CollectionsIcon from '@mui/icons-material/CollectionsOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import NotesIcon from '@mui/icons-material/Notes';
import VideoIcon from '@mui/icons-material/SmartDisplayOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Paper, Tooltip } from '@mui/material';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTranslate } from 'ra-core';
import { type ReactNode, type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { countPaid, NODE } from './extensions';
import { placeMenu, type SlashKeys, slashKey } from './slash';

export type BlockKey = 'paragraph' | 'h2' | 'h3' | 'h4' | 'image' | 'album' | 'video' | 'paid';

const HeadingGlyph = ({ n }: { n: number }) => (
  <span style={{ fontWeight: 700, fontSize: 13, width: 24, textAlign: 'center' }}>H{n}</span>
);

const ITEMS: { key: BlockKey; icon: ReactNode; aliases: string[] }[] = [
  {
    key: 'paragraph',
    icon: <NotesIcon fontSize="small" />,
    aliases: ['p', 'text', 'duanluo', '段落', '文字'],
  },
  { key: 'h2', icon: <HeadingGlyph n={2} />, aliases: ['h2', 'heading', 'biaoti', '標題'] },
  { key: 'h3', icon: <HeadingGlyph n={3} />, aliases: ['h3', 'heading', 'biaoti', '標題'] },
  { key: 'h4', icon: <HeadingGlyph n={4} />, aliases: ['h4', 'heading', 'biaoti', '標題'] },
  {
    key: 'image',
    icon: <ImageIcon fontSize="small" />,
    aliases: ['img', 'image', 'picture', 'tupian', '圖', '照片'],
  },
  {
    key: 'album',
    icon: <CollectionsIcon fontSize="small" />,
    aliases: ['album', 'gallery', 'xiangbu', '相簿'],
  },
  { key: 'video', icon: <VideoIcon fontSize="small" />, aliases: ['video', 'yingpian', '影片', '視訊'] },
  { key: 'paid', icon: <LockIcon fontSize="small" />, aliases: ['paid', 'pay', 'fufei', '付費', '訂閱'] },
];

export interface BlockActions {
  pickImage: () => void;
  pickAlbum: () => void;
  pickVideo: () => void;
}

export function runBlock(editor: Editor, key: BlockKey, actions: BlockActions) {
  const chain = editor.chain().focus();
  switch (key) {
    case 'paragraph':
      chain.setParagraph().run();
      break;
    case 'h2':
    case 'h3':
    case 'h4':
      chain.setHeading({ level: Number(key[1]) as 2 | 3 | 4 }).run();
      break;
    case 'image':
      actions.pickImage();
      break;
    case 'album':
      actions.pickAlbum();
      break;
    case 'video':
      actions.pickVideo();
      break;
    case 'paid':
      if (countPaid(editor.state.doc) === 0) chain.insertContent({ type: NODE.paid }).run();
      break;
  }
}

function useItems(editor: Editor, query: string) {
  const translate = useTranslate();
  const hasPaid = useEditorState({ editor, selector: ({ editor: e }) => countPaid(e.state.doc) > 0 });
  return useMemo(() => {
    const q = query.trim().toLowerCase();
    return ITEMS.map((item) => ({
      ...item,
      label: translate(`writer.blocks.${item.key}`),
      hint:
        item.key === 'paid' && hasPaid
          ? translate('writer.blocks.paidOnlyOne')
          : translate(`writer.blocks.hints.${item.key}`),
      disabled: item.key === 'paid' && hasPaid,
    })).filter(
      (item) =>
        q === '' ||
        item.key.startsWith(q) ||
        item.label.toLowerCase().includes(q) ||
        item.aliases.some((a) => a.startsWith(q)),
    );
  }, [query, translate, hasPaid]);
}

/** Space between the caret's line and the slash menu. */
const GAP = 6;

/** The part of the viewport where `el` can be seen: the viewport, cut by every ancestor that clips (the scroller). */
function visibleArea(el: HTMLElement): { top: number; bottom: number } {
  let top = 0;
  let bottom = window.innerHeight;
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (getComputedStyle(node).overflowY === 'visible') continue;
    const rect = node.getBoundingClientRect();
    top = Math.max(top, rect.top);
    bottom = Math.min(bottom, rect.bottom);
  }
  return { top, bottom };
}

/** The slash menu, under the '/' being typed, or above it when there is no room below. */
function SlashMenu({
  editor,
  actions,
  keys,
  container,
}: {
  editor: Editor;
  actions: BlockActions;
  keys: RefObject<SlashKeys | null>;
  container: RefObject<HTMLElement | null>;
}) {
  const translate = useTranslate();
  const slash = useEditorState({ editor, selector: ({ editor: e }) => slashKey.getState(e.state) ?? null });
  const items = useItems(editor, slash?.query ?? '');
  // The highlighted item, back to the first whenever the '/' or its query changes.
  const menuKey = `${slash?.from}:${slash?.query}`;
  const [selection, setSelection] = useState({ key: '', index: 0 });
  const active = selection.key === menuKey ? selection.index : 0;
  const setActive = (next: (i: number) => number) => setSelection({ key: menuKey, index: next(active) });

  // The menu's whole height, measured after each render, to place it where it can be seen whole.
  const paper = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const measured = paper.current?.scrollHeight ?? 0;
    if (measured !== height) setHeight(measured);
  });

  const choose = (index: number) => {
    const item = items[index];
    if (!slash || !item || item.disabled) return;
    editor.chain().focus().deleteRange({ from: slash.from, to: slash.to }).run();
    runBlock(editor, item.key, actions);
  };
  const dismiss = () => {
    if (slash) editor.view.dispatch(editor.state.tr.setMeta(slashKey, { dismiss: slash.from }));
  };

  keys.current = slash?.active
    ? {
        onKey: (event) => {
          if (event.key === 'ArrowDown') {
            setActive((i) => (items.length ? (i + 1) % items.length : 0));
            return true;
          }
          if (event.key === 'ArrowUp') {
            setActive((i) => (items.length ? (i - 1 + items.length) % items.length : 0));
            return true;
          }
          if ((event.key === 'Enter' || event.key === 'Tab') && items.length > 0) {
            choose(active);
            return true;
          }
          if (event.key === 'Escape') {
            dismiss();
            return true;
          }
          return false;
        },
      }
    : null;

  if (!slash?.active || !container.current) return null;
  let top = 0;
  let left = 0;
  let maxHeight = 0;
  try {
    const caret = editor.view.coordsAtPos(slash.from);
    const box = container.current.getBoundingClientRect();
    const place = placeMenu(caret, visibleArea(container.current), height, GAP);
    maxHeight = place.room;
    top =
      place.side === 'below'
        ? caret.bottom - box.top + GAP
        : caret.top - box.top - GAP - Math.min(height, place.room);
    left = caret.left - box.left;
  } catch {
    return null;
  }
  return (
    <Paper
      ref={paper}
      elevation={6}
      className="wr-slash"
      sx={{ position: 'absolute', top, left, maxHeight, zIndex: 20 }}
      role="listbox"
      aria-label={translate('writer.blocks.menu')}
      data-testid="slash-menu"
      onMouseDown={(e) => e.preventDefault()}
    >
      {items.length === 0 && <div className="wr-slash-empty">{translate('writer.blocks.noMatch')}</div>}
      {items.map((item, i) => (
        <div
          key={item.key}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          aria-disabled={item.disabled}
          className={`wr-slash-item${i === active ? ' is-active' : ''}${item.disabled ? ' is-disabled' : ''}`}
          onMouseEnter={() => setActive(() => i)}
          onClick={() => choose(i)}
          onKeyDown={() => undefined}
        >
          <span className="wr-slash-icon">{item.icon}</span>
          <span>
            <span className="wr-slash-label">{item.label}</span>
            <span className="wr-slash-hint">{item.hint}</span>
          </span>
        </div>
      ))}
    </Paper>
  );
}

/** The + button beside an empty paragraph, with the menu of blocks. */
function PlusButton({
  editor,
  actions,
  container,
}: {
  editor: Editor;
  actions: BlockActions;
  container: RefObject<HTMLElement | null>;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = useItems(editor, '');
  const spot = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { selection } = e.state;
      const slash = slashKey.getState(e.state);
      if (!e.isEditable || !selection.empty || slash?.active) return null;
      const parent = selection.$from.parent;
      if (parent.type.name !== 'paragraph' || parent.content.size > 0) return null;
      return selection.$from.start();
    },
  });
  const where = useRef({ top: 0 });
  if (spot !== null && container.current) {
    try {
      const coords = editor.view.coordsAtPos(spot);
      const box = container.current.getBoundingClientRect();
      where.current = { top: coords.top - box.top + (coords.bottom - coords.top) / 2 - 16 };
    } catch {
      // the position is gone: keep the last place
    }
  }
  if (spot === null && !anchor) return null;
  return (
    <>
      <Tooltip title={translate('writer.blocks.add')} placement="left">
        <IconButton
          className="wr-plus"
          size="small"
          sx={{ position: 'absolute', top: where.current.top, left: -52 }}
          aria-label={translate('writer.blocks.add')}
          aria-haspopup="menu"
          data-testid="block-plus"
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { minWidth: 260 } } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.key}
            disabled={item.disabled}
            onClick={() => {
              setAnchor(null);
              runBlock(editor, item.key, actions);
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} secondary={item.hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function BlockMenu(props: {
  editor: Editor;
  actions: BlockActions;
  keys: RefObject<SlashKeys | null>;
  container: RefObject<HTMLElement | null>;
}) {
  return (
    <>
      <PlusButton editor={props.editor} actions={props.actions} container={props.container} />
      <SlashMenu {...props} />
    </>
  );
}
