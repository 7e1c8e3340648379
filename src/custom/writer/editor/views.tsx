/**
 * React node views of the atom blocks: image (upload placeholder, caption, a placeholder picture when it fails to
 * load), album (add, remove, reorder, captions), video (cover and caption) and the paid-section divider.
 */
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import LockIcon from '@mui/icons-material/LockOutlined';
import PlayIcon from '@mui/icons-material/PlayCircleFilledWhite';
import VideocamOffIcon from '@mui/icons-material/VideocamOffOutlined';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import type { AnyExtension, Editor, NodeViewProps } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer } from '@tiptap/react';
import { useNotify, useTranslate } from 'ra-core';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ALBUM_MAX } from '../../../../contract/constants';
import { IMAGE_TYPES } from '../../../../contract/files';
import {
  AlbumBlock,
  ImageBlock,
  NODE,
  PaidBlock,
  type PictureAttrs,
  textKit,
  VideoBlock,
} from './extensions';
import { useVideoState } from './videoState';

/**
 * Pictures into the document (./uploads.ts, with the upload client), loaded when the editor first takes the focus or
 * a picture first comes: the first screen has no use for them.
 */
export const loadUploads = () => import('./uploads');

/** Puts the cursor in the paragraph after the block at `pos` (making one when the next block is not text). */
export function focusAfter(editor: Editor, pos: number) {
  const node = editor.state.doc.nodeAt(pos);
  if (!node) return;
  const after = pos + node.nodeSize;
  const next = editor.state.doc.nodeAt(after);
  const chain = editor.chain();
  if (!next?.isTextblock) chain.insertContentAt(after, { type: 'paragraph' });
  chain.focus(after + 1).run();
}

/**
 * A caption field inside a node view. It keeps its own text while the writer types (an input method's composition
 * is never interrupted) and hands it to the document as it changes and when composition ends.
 */
export function Caption({
  value,
  placeholder,
  onCommit,
  onEnter,
  className = 'wr-caption',
  readOnly,
}: {
  value: string;
  placeholder: string;
  onCommit: (value: string) => void;
  onEnter?: () => void;
  className?: string;
  readOnly?: boolean;
}) {
  const [text, setText] = useState(value);
  const composing = useRef(false);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(value);
  }, [value]);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    setText(e.target.value);
    if (!composing.current) onCommit(e.target.value);
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing && !composing.current) {
      e.preventDefault();
      onEnter?.();
    }
  };
  if (readOnly) return value ? <figcaption className={className}>{value}</figcaption> : null;
  return (
    <input
      className={className}
      value={text}
      placeholder={placeholder}
      aria-label={placeholder}
      maxLength={500}
      onChange={change}
      onKeyDown={keyDown}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={(e) => {
        focused.current = false;
        if (e.target.value !== value) onCommit(e.target.value);
      }}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={(e) => {
        composing.current = false;
        onCommit((e.target as HTMLInputElement).value);
      }}
    />
  );
}

/** The picture shown when an image cannot be loaded. */
function Broken({ label, video }: { label: string; video?: boolean }) {
  return (
    <div className="wr-broken" role="img" aria-label={label}>
      {video ? <VideocamOffIcon fontSize="large" /> : <BrokenImageIcon fontSize="large" />}
      <span>{label}</span>
    </div>
  );
}

function Picture({ src, alt, label }: { src: string | null | undefined; alt: string; label: string }) {
  // Which address failed: another address gets its chance.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <Broken label={label} />;
  return <img src={src} alt={alt} draggable={false} onError={() => setFailed(src)} />;
}

function Uploading({ label }: { label: string }) {
  return (
    <div className="wr-uploading" role="status">
      <CircularProgress size={24} color="inherit" />
      <span>{label}</span>
    </div>
  );
}

function ImageView({ node, updateAttributes, deleteNode, selected, editor, getPos }: NodeViewProps) {
  const translate = useTranslate();
  const attrs = node.attrs as PictureAttrs;
  const uploading = !!attrs.uploadId;
  const editable = editor.isEditable;
  return (
    <NodeViewWrapper as="figure" className={`wr-figure${selected ? ' is-selected' : ''}`} data-block="image">
      <div className="wr-media" data-drag-handle="">
        <Picture
          src={uploading ? attrs.preview : attrs.url}
          alt={attrs.caption ?? ''}
          label={translate('writer.image.broken')}
        />
        {uploading && <Uploading label={translate('writer.image.uploading')} />}
        {editable && (
          <Tooltip title={translate('writer.image.remove')}>
            <IconButton className="wr-remove" size="small" onClick={() => deleteNode()}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </div>
      <Caption
        value={attrs.caption ?? ''}
        placeholder={translate('writer.image.caption')}
        readOnly={!editable}
        onCommit={(caption) => updateAttributes({ caption })}
        onEnter={() => {
          const pos = getPos();
          if (typeof pos === 'number') focusAfter(editor, pos);
        }}
      />
    </NodeViewWrapper>
  );
}

function AlbumView({ node, updateAttributes, deleteNode, selected, editor, getPos }: NodeViewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const images = (node.attrs.images ?? []) as PictureAttrs[];
  const editable = editor.isEditable;
  const setImages = (next: PictureAttrs[]) => {
    if (next.length === 0) deleteNode();
    else updateAttributes({ images: next });
  };
  const move = (i: number, by: number) => {
    const next = [...images];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item);
    setImages(next);
  };
  const add = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    void loadUploads().then(({ appendToAlbum }) => {
      // Where the album is once loaded (the document may have changed meanwhile).
      const pos = getPos();
      if (typeof pos === 'number' && !editor.isDestroyed)
        appendToAlbum(editor, pos, files, (m, o) => notify(m, { type: o?.type, messageArgs: o?.args }));
    });
  };
  return (
    <NodeViewWrapper as="figure" className={`wr-album${selected ? ' is-selected' : ''}`} data-block="album">
      <div className="wr-album-head" data-drag-handle="">
        <span>
          {translate('writer.album.label')} · {translate('writer.album.count', { n: images.length })}
        </span>
        {editable && (
          <span>
            <Tooltip title={translate('writer.album.add')}>
              <span>
                <IconButton
                  size="small"
                  disabled={images.length >= ALBUM_MAX}
                  onClick={() => input.current?.click()}
                  aria-label={translate('writer.album.add')}
                >
                  <AddPhotoIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={translate('writer.image.remove')}>
              <IconButton
                size="small"
                onClick={() => deleteNode()}
                aria-label={translate('writer.image.remove')}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden onChange={add} />
          </span>
        )}
      </div>
      <div className="wr-album-grid">
        {images.map((image, i) => (
          <div className="wr-album-item" key={image.uploadId ?? `${image.url}#${i}`} data-testid="album-item">
            <div className="wr-media">
              <Picture
                src={image.uploadId ? image.preview : image.url}
                alt={image.caption ?? ''}
                label={translate('writer.image.broken')}
              />
              {image.uploadId && <Uploading label={translate('writer.image.uploading')} />}
              {editable && (
                <div className="wr-album-tools">
                  <IconButton
                    size="small"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={translate('writer.album.moveLeft')}
                  >
                    <ChevronLeftIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={i === images.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={translate('writer.album.moveRight')}
                  >
                    <ChevronRightIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    onClick={() => setImages(images.filter((_, j) => j !== i))}
                    aria-label={translate('writer.album.remove')}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </div>
              )}
            </div>
            <Caption
              className="wr-caption wr-caption-small"
              value={image.caption ?? ''}
              placeholder={translate('writer.album.caption')}
              readOnly={!editable}
              onCommit={(caption) => setImages(images.map((p, j) => (j === i ? { ...p, caption } : p)))}
            />
          </div>
        ))}
      </div>
    </NodeViewWrapper>
  );
}

function VideoView({ node, updateAttributes, deleteNode, selected, editor, getPos }: NodeViewProps) {
  const translate = useTranslate();
  const [failed, setFailed] = useState<string | null>(null);
  const editable = editor.isEditable;
  const broken = failed !== null && failed === node.attrs.cover;
  const state = useVideoState(node.attrs.id);
  return (
    <NodeViewWrapper as="figure" className={`wr-figure${selected ? ' is-selected' : ''}`} data-block="video">
      <div className="wr-media wr-video" data-drag-handle="">
        {state === 'uploading' ? (
          <Uploading label={translate('writer.video.processing')} />
        ) : broken || !node.attrs.cover || state === 'missing' ? (
          <Broken label={translate('writer.video.missing')} video />
        ) : (
          <>
            <img
              src={node.attrs.cover}
              alt=""
              draggable={false}
              onError={() => setFailed(node.attrs.cover)}
            />
            <PlayIcon className="wr-play" />
          </>
        )}
        {editable && (
          <Tooltip title={translate('writer.image.remove')}>
            <IconButton className="wr-remove" size="small" onClick={() => deleteNode()}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </div>
      <Caption
        value={node.attrs.caption ?? ''}
        placeholder={translate('writer.video.caption')}
        readOnly={!editable}
        onCommit={(caption) => updateAttributes({ caption })}
        onEnter={() => {
          const pos = getPos();
          if (typeof pos === 'number') focusAfter(editor, pos);
        }}
      />
    </NodeViewWrapper>
  );
}

function PaidView({ selected }: NodeViewProps) {
  const translate = useTranslate();
  return (
    <NodeViewWrapper
      className={`wr-paid${selected ? ' is-selected' : ''}`}
      data-block="paid"
      data-drag-handle=""
    >
      <span className="wr-paid-line" />
      <span className="wr-paid-label" title={translate('writer.paid.hint')}>
        <LockIcon fontSize="inherit" /> {translate('writer.paid.label')}
      </span>
      <span className="wr-paid-line" />
    </NodeViewWrapper>
  );
}

/** The schema extensions with their React views. */
export function viewExtensions(): AnyExtension[] {
  return [
    textKit,
    ImageBlock.extend({ addNodeView: () => ReactNodeViewRenderer(ImageView) }),
    AlbumBlock.extend({ addNodeView: () => ReactNodeViewRenderer(AlbumView) }),
    VideoBlock.extend({ addNodeView: () => ReactNodeViewRenderer(VideoView) }),
    PaidBlock.extend({ addNodeView: () => ReactNodeViewRenderer(PaidView) }),
  ];
}

export { NODE };
