/**
 * The block editor (TipTap), uncontrolled: it is created once with the loaded document and never has its content
 * set while the writer types. New content (another item, a restored copy or revision) means a new editor (the
 * controller's editorKey). Input methods (Chinese composition) are left entirely to ProseMirror.
 */
import { Box, Skeleton } from '@mui/material';
import { type Editor, Extension, getSchema } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import { useNotify, useTranslate } from 'ra-core';
import { type ChangeEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { BlockDocument } from '../../../../contract/blocks';
import { IMAGE_TYPES } from '../../../../contract/files';
import { useOpened } from '../../../components/useOpened';
import { lazyWithWords } from '../../../i18n/LaterWords';
import { loadLinkify } from '../../../layout/lazyParts/linkify';
import { useController, useWriter } from '../state/context';
import { type BlockActions, BlockMenu } from './BlockMenu';
import { blocksToJSON, normalizeBlocks } from './convert';
import { NODE, schemaExtensions } from './extensions';
import { SlashCommand, type SlashKeys } from './slash';
import type { Notify } from './uploads';
import { loadUploads, viewExtensions } from './views';

/** The document schema, for conversions outside an editor. */
/** The video picker (a dialog with its search box) when a video block is first asked for. */
const VideoPicker = lazyWithWords(() => import('./VideoPicker').then((m) => ({ default: m.VideoPicker })));
/**
 * The toolbar over a text selection, which shows only while the editor has the focus: loaded when it first takes it,
 * with link detection.
 */
const FormatToolbar = lazy(() => import('./FormatToolbar').then((m) => ({ default: m.FormatToolbar })));

export const writerSchema = getSchema(schemaExtensions());
export const normalizeDocument = (doc: BlockDocument) => normalizeBlocks(doc, writerSchema);

const imageFiles = (list: FileList | null | undefined) =>
  Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));

function EditorInstance({ initial }: { initial: BlockDocument }) {
  const controller = useController();
  const translate = useTranslate();
  const notify = useNotify();
  const container = useRef<HTMLDivElement>(null);
  const keys = useRef<SlashKeys | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const albumInput = useRef<HTMLInputElement>(null);
  const [linkRequest, setLinkRequest] = useState(0);
  const [videoOpen, setVideoOpen] = useState(false);
  const [focusedOnce, setFocusedOnce] = useState(false);
  const videoOpened = useOpened(videoOpen);
  const toast = useRef<Notify>(() => undefined);
  toast.current = (message, opts) => notify(message, { type: opts?.type, messageArgs: opts?.args });
  const [content] = useState(() => blocksToJSON(initial, writerSchema));
  /** Pictures in, once ./uploads.ts has loaded, if the editor is still there; a failed load says so. */
  const withUploads = (use: (uploads: Awaited<ReturnType<typeof loadUploads>>, editor: Editor) => void) =>
    void loadUploads().then(
      (uploads) => {
        const editor = editorRef.current;
        if (editor && !editor.isDestroyed) use(uploads, editor);
      },
      () => toast.current('errors.generic', { type: 'error' }),
    );

  const editor = useEditor({
    extensions: [
      ...viewExtensions(),
      Placeholder.configure({
        placeholder: ({ node }) =>
          node.type.name === 'heading'
            ? translate('writer.fields.emptyHeading')
            : translate('writer.fields.body'),
      }),
      SlashCommand.configure({ keys: () => keys.current }),
      Extension.create({
        name: 'writerKeys',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            setLinkRequest((n) => n + 1);
            return true;
          },
        }),
      }),
    ],
    content,
    editorProps: {
      attributes: {
        class: 'wr-prose',
        'data-testid': 'writer-body',
        // A named editing area is a multi-line text box (a name on an element without a role is not allowed).
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': translate('writer.fields.body'),
        spellcheck: 'false',
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0 || !editorRef.current) return false;
        withUploads(({ insertImages }, editor) => insertImages(editor, files, toast.current));
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = imageFiles((event as DragEvent).dataTransfer?.files);
        if (moved || files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        const $pos = at ? view.state.doc.resolve(at.pos) : null;
        // Dropped pictures go between blocks: after the block the pointer is over.
        const between = $pos && $pos.depth > 0 ? $pos.after(1) : at?.pos;
        withUploads(({ insertImages }, editor) =>
          insertImages(
            editor,
            files,
            toast.current,
            // The document may have changed while they loaded (only the first time): never past its end.
            between === undefined ? undefined : Math.min(between, editor.state.doc.content.size),
          ),
        );
        return true;
      },
    },
    onUpdate: () => controller.contentChanged(),
    // Link detection (autolink, pasted addresses), the pictures' uploads and the format toolbar load before anything
    // can be typed, pasted or selected.
    onFocus: () => {
      void loadLinkify();
      void loadUploads();
      setFocusedOnce(true);
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;

  useEffect(() => {
    if (!editor) return;
    controller.attachEditor(editor);
    return () => controller.detachEditor(editor);
  }, [controller, editor]);

  const actions: BlockActions = useMemo(
    () => ({
      pickImage: () => imageInput.current?.click(),
      pickAlbum: () => albumInput.current?.click(),
      pickVideo: () => setVideoOpen(true),
    }),
    [],
  );

  const onFiles = (kind: 'image' | 'album') => (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    withUploads(({ insertImages, insertAlbum }, editor) =>
      (kind === 'image' ? insertImages : insertAlbum)(editor, files, toast.current),
    );
  };

  return (
    <div className="wr-editor" ref={container}>
      <EditorContent editor={editor} />
      {editor && <BlockMenu editor={editor} actions={actions} keys={keys} container={container} />}
      {editor && focusedOnce && (
        <Suspense fallback={null}>
          <FormatToolbar editor={editor} container={container} linkRequest={linkRequest} />
        </Suspense>
      )}
      <input
        ref={imageInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="image-input"
        onChange={onFiles('image')}
      />
      <input
        ref={albumInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        multiple
        hidden
        data-testid="album-input"
        onChange={onFiles('album')}
      />
      {videoOpened && (
        <Suspense fallback={null}>
          <VideoPicker
            open={videoOpen}
            onClose={() => {
              setVideoOpen(false);
              editor?.commands.focus();
            }}
            onPick={(video) => {
              setVideoOpen(false);
              editor
                ?.chain()
                .focus()
                .insertContent({ type: NODE.video, attrs: { id: video.id, cover: video.cover, caption: '' } })
                .run();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

export function BlockEditor() {
  const ready = useWriter((s) => s.phase === 'ready');
  const initial = useWriter((s) => s.initial);
  const key = useWriter((s) => s.editorKey);
  if (!ready) {
    return (
      <Box sx={{ pt: 1 }}>
        <Skeleton width="92%" />
        <Skeleton width="85%" />
        <Skeleton width="60%" />
      </Box>
    );
  }
  return <EditorInstance key={key} initial={initial} />;
}
