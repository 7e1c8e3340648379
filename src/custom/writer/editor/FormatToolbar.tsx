/**
 * The inline toolbar over a text selection: bold, italic, underline, strike, code, link, and the block's kind
 * (paragraph, headings 2–4). Buttons keep the editor's focus and selection (mousedown is not let through).
 */
import CodeIcon from '@mui/icons-material/Code';
import BoldIcon from '@mui/icons-material/FormatBold';
import ItalicIcon from '@mui/icons-material/FormatItalic';
import StrikeIcon from '@mui/icons-material/FormatStrikethrough';
import UnderlineIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Button, Divider, IconButton, InputBase, Paper, Tooltip } from '@mui/material';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { useTranslate } from 'ra-core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { linkProblem } from './extensions';

/** Adds https:// to an address typed without it. */
export const completeHref = (href: string) =>
  /^(https?:\/\/|mailto:|\/)/i.test(href) ? href : /^[^\s/]+\.[^\s]+/.test(href) ? `https://${href}` : href;

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={active}
        className={active ? 'is-active' : undefined}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** The toolbar's look, dark over the page: here, loaded with it, not in ../styles.ts with the writer's first screen. */
const toolbarSx = {
  display: 'flex',
  alignItems: 'center',
  px: 0.5,
  py: 0.25,
  borderRadius: '8px',
  bgcolor: '#1f2326',
  color: '#fff',
  '& .MuiIconButton-root': { color: 'rgba(255,255,255,.78)', borderRadius: '6px' },
  '& .MuiIconButton-root.is-active': { color: '#fff', bgcolor: 'rgba(255,255,255,.16)' },
  '& .wr-tool-text': { fontSize: 13, fontWeight: 700, width: 20 },
  '& .MuiDivider-root': { borderColor: 'rgba(255,255,255,.2)' },
  '& .wr-link-form': {
    display: 'flex',
    alignItems: 'center',
    width: 340,
    position: 'relative',
    '& .MuiInputBase-root': { color: '#fff' },
    '& .MuiButton-root': { color: '#9fe0cc' },
  },
  '& .wr-link-error': {
    position: 'absolute',
    top: '100%',
    left: 8,
    mt: 0.5,
    fontSize: 12,
    color: '#ffb4a8',
  },
};

export function FormatToolbar({
  editor,
  container,
  linkRequest,
}: {
  editor: Editor;
  container: RefObject<HTMLElement | null>;
  /** Changes when the writer presses Mod-K: opens the link field. */
  linkRequest: number;
}) {
  const translate = useTranslate();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { selection } = e.state;
      const text =
        selection instanceof TextSelection && !selection.empty && selection.$from.parent.isTextblock;
      return {
        text,
        focused: e.isFocused,
        from: selection.from,
        to: selection.to,
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        strike: e.isActive('strike'),
        code: e.isActive('code'),
        link: e.isActive('link'),
        href: (e.getAttributes('link').href as string | undefined) ?? '',
        level: e.isActive('heading') ? (e.getAttributes('heading').level as number) : 0,
      };
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new Mod-K request opens the field
  useEffect(() => {
    if (linkRequest > 0 && state.text) {
      setHref(state.href);
      setError(undefined);
      setLinkOpen(true);
    }
  }, [linkRequest]);
  useEffect(() => {
    if (linkOpen) input.current?.focus();
  }, [linkOpen]);
  useEffect(() => {
    if (!state.text) setLinkOpen(false);
  }, [state.text]);

  const visible = state.text && (state.focused || linkOpen) && !editor.view.composing;
  if (!visible || !container.current) return null;
  let top = 0;
  let left = 0;
  try {
    const start = editor.view.coordsAtPos(state.from);
    const end = editor.view.coordsAtPos(state.to);
    const box = container.current.getBoundingClientRect();
    top = Math.min(start.top, end.top) - box.top - 50;
    left = Math.max(0, Math.min(box.width - 360, (start.left + end.left) / 2 - box.left - 180));
  } catch {
    return null;
  }
  const chain = () => editor.chain().focus();
  const applyLink = () => {
    const value = completeHref(href.trim());
    if (value === '') {
      chain().extendMarkRange('link').unsetLink().run();
      setLinkOpen(false);
      return;
    }
    const problem = linkProblem(value);
    if (problem) {
      setError(translate(problem));
      return;
    }
    chain().extendMarkRange('link').setLink({ href: value }).run();
    setLinkOpen(false);
  };

  return (
    <Paper
      elevation={4}
      role="toolbar"
      aria-label={translate('writer.format.toolbar')}
      sx={{ ...toolbarSx, position: 'absolute', top, left, zIndex: 20 }}
      data-testid="format-toolbar"
    >
      {linkOpen ? (
        <form
          className="wr-link-form"
          onSubmit={(e) => {
            e.preventDefault();
            applyLink();
          }}
        >
          <InputBase
            inputRef={input}
            value={href}
            onChange={(e) => {
              setHref(e.target.value);
              setError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setLinkOpen(false);
                editor.commands.focus();
              }
            }}
            placeholder={translate('writer.format.linkPlaceholder')}
            inputProps={{ 'aria-label': translate('writer.format.link') }}
            sx={{ flex: 1, px: 1, fontSize: 14 }}
            error={!!error}
          />
          {state.link && (
            <ToolButton
              label={translate('writer.format.unlink')}
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              <LinkOffIcon fontSize="small" />
            </ToolButton>
          )}
          <Button type="submit" size="small">
            {translate('writer.format.apply')}
          </Button>
          {error && <div className="wr-link-error">{error}</div>}
        </form>
      ) : (
        <>
          {[2, 3, 4].map((level) => (
            <ToolButton
              key={level}
              label={translate(`writer.blocks.h${level}`)}
              active={state.level === level}
              onClick={() =>
                state.level === level
                  ? chain().setParagraph().run()
                  : chain()
                      .setHeading({ level: level as 2 | 3 | 4 })
                      .run()
              }
            >
              <span className="wr-tool-text">H{level}</span>
            </ToolButton>
          ))}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton
            label={translate('writer.format.bold')}
            active={state.bold}
            onClick={() => chain().toggleBold().run()}
          >
            <BoldIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label={translate('writer.format.italic')}
            active={state.italic}
            onClick={() => chain().toggleItalic().run()}
          >
            <ItalicIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label={translate('writer.format.underline')}
            active={state.underline}
            onClick={() => chain().toggleUnderline().run()}
          >
            <UnderlineIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label={translate('writer.format.strike')}
            active={state.strike}
            onClick={() => chain().toggleStrike().run()}
          >
            <StrikeIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label={translate('writer.format.code')}
            active={state.code}
            onClick={() => chain().toggleCode().run()}
          >
            <CodeIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label={translate('writer.format.link')}
            active={state.link}
            onClick={() => {
              setHref(state.href);
              setError(undefined);
              setLinkOpen(true);
            }}
          >
            <LinkIcon fontSize="small" />
          </ToolButton>
        </>
      )}
    </Paper>
  );
}
