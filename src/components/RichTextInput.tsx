/**
 * The admin's rich-text input: react-admin's (ra-input-rich-text) with its own toolbar, but the paragraph/heading
 * picker is a menu button named by the level it shows. react-admin's puts a list item straight inside a <nav> and
 * names its button "current level" while it shows "Normal" (axe: listitem, label-content-name-mismatch). Load this
 * module lazily: TipTap is large.
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { type Editor, useEditorState } from '@tiptap/react';
import { useTranslate } from 'ra-core';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput as RaRichTextInput,
  type RichTextInputProps,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useId, useState } from 'react';

/** The levels, with react-admin's words for them (`ra.tiptap.*`). */
const LEVELS = [
  { key: 'paragraph', fallback: 'Normal', level: 0 },
  ...([1, 2, 3, 4, 5, 6] as const).map((level) => ({
    key: `heading${level}`,
    fallback: `Heading ${level}`,
    level,
  })),
];

const isAt = (editor: Editor, level: number) =>
  level === 0 ? editor.isActive('paragraph') : editor.isActive('heading', { level });

function LevelMenu() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useEditorState({
    editor,
    selector: ({ editor }) => LEVELS.find((l) => editor && isAt(editor, l.level)) ?? LEVELS[0],
  });
  const words = (l: (typeof LEVELS)[number]) => translate(`ra.tiptap.${l.key}`, { _: l.fallback });
  const choose = (level: number) => {
    setAnchor(null);
    if (!editor) return;
    if (level === 0) editor.chain().focus().setParagraph().run();
    else
      editor
        .chain()
        .focus()
        .setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 })
        .run();
  };
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', borderColor: 'divider' }}
      >
        {words(current ?? LEVELS[0])}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l.key} selected={l === current} onClick={() => choose(l.level)}>
            {words(l)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function RichTextInput(props: RichTextInputProps) {
  return (
    <RaRichTextInput
      {...props}
      toolbar={
        <RichTextInputToolbar>
          <LevelMenu />
          <FormatButtons />
          <ColorButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <ImageButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
