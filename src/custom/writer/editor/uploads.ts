/**
 * Pictures into the document: a placeholder node (with a local preview) goes in at once, the file uploads, and the
 * placeholder becomes the real block — or disappears with a toast. Placeholders are never saved (convert.ts skips
 * them), and their completion is not an undo step. Loaded on first use (./views.tsx loadUploads).
 */
import type { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { ALBUM_MAX } from '../../../../contract/constants';
import { IMAGE_TYPES } from '../../../../contract/files';
import { messageOf } from '../api';
import { tooLarge, uploadImage } from '../imageUpload';
import { NODE, type PictureAttrs } from './extensions';

export type Notify = (
  message: string,
  opts?: { type?: 'info' | 'success' | 'warning' | 'error'; args?: object },
) => void;

let counter = 0;
const newUploadId = () => `up-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** The files that may be uploaded; the others are refused with a toast (5 MB or more: 檔案大小超過限制). */
export function acceptable(files: File[], notify: Notify): File[] {
  return files.filter((file) => {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notify('writer.image.badType', { type: 'warning' });
      return false;
    }
    if (tooLarge(file)) {
      notify('writer.image.tooLarge', { type: 'warning' });
      return false;
    }
    return true;
  });
}

function findTop(doc: PMNode, test: (node: PMNode) => boolean): { node: PMNode; pos: number } | null {
  let found: { node: PMNode; pos: number } | null = null;
  doc.forEach((node, pos) => {
    if (!found && test(node)) found = { node, pos };
  });
  return found;
}

const preview = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
const release = (url: string | null | undefined) => {
  if (url) setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

function finishImage(editor: Editor, uploadId: string, attrs: Partial<PictureAttrs> | null) {
  if (editor.isDestroyed) return;
  const hit = findTop(editor.state.doc, (n) => n.type.name === NODE.image && n.attrs.uploadId === uploadId);
  if (!hit) return;
  const tr = editor.state.tr.setMeta('addToHistory', false);
  if (attrs)
    tr.setNodeMarkup(hit.pos, undefined, { ...hit.node.attrs, ...attrs, uploadId: null, preview: null });
  else tr.delete(hit.pos, hit.pos + hit.node.nodeSize);
  editor.view.dispatch(tr);
}

function finishAlbumPicture(editor: Editor, uploadId: string, attrs: Partial<PictureAttrs> | null) {
  if (editor.isDestroyed) return;
  const hit = findTop(
    editor.state.doc,
    (n) =>
      n.type.name === NODE.album && (n.attrs.images as PictureAttrs[]).some((p) => p.uploadId === uploadId),
  );
  if (!hit) return;
  const images = (hit.node.attrs.images as PictureAttrs[]).flatMap((p) =>
    p.uploadId !== uploadId ? [p] : attrs ? [{ ...p, ...attrs, uploadId: null, preview: null }] : [],
  );
  const tr = editor.state.tr.setMeta('addToHistory', false);
  if (images.length === 0) tr.delete(hit.pos, hit.pos + hit.node.nodeSize);
  else tr.setNodeMarkup(hit.pos, undefined, { ...hit.node.attrs, images });
  editor.view.dispatch(tr);
}

function upload(
  file: File,
  notify: Notify,
  done: (attrs: Partial<PictureAttrs> | null) => void,
  localUrl: string | null,
) {
  uploadImage(file, file.name)
    .then((reply) =>
      done({ url: reply.path, width: reply.width ?? null, height: reply.height ?? null, caption: undefined }),
    )
    .catch((error) => {
      done(null);
      notify(messageOf(error), { type: 'error' });
    })
    .finally(() => release(localUrl));
}

const withoutUndefined = (attrs: Partial<PictureAttrs> | null) =>
  attrs ? Object.fromEntries(Object.entries(attrs).filter(([, v]) => v !== undefined)) : null;

/** One image block per file, where the cursor is (or at `at`). */
export function insertImages(editor: Editor, files: File[], notify: Notify, at?: number) {
  const ok = acceptable(files, notify);
  if (ok.length === 0) return;
  const nodes = ok.map((file) => ({ file, uploadId: newUploadId(), preview: preview(file) }));
  const content = nodes.map(({ uploadId, preview: p }) => ({
    type: NODE.image,
    attrs: { url: '', caption: '', uploadId, preview: p },
  }));
  const chain = editor.chain().focus();
  (at === undefined ? chain.insertContent(content) : chain.insertContentAt(at, content)).run();
  for (const { file, uploadId, preview: p } of nodes) {
    upload(file, notify, (attrs) => finishImage(editor, uploadId, withoutUndefined(attrs)), p);
  }
}

/** A new album with these pictures. */
export function insertAlbum(editor: Editor, files: File[], notify: Notify) {
  const ok = acceptable(files, notify).slice(0, ALBUM_MAX);
  if (ok.length === 0) return;
  const pictures = ok.map((file) => ({ file, uploadId: newUploadId(), preview: preview(file) }));
  editor
    .chain()
    .focus()
    .insertContent({
      type: NODE.album,
      attrs: {
        images: pictures.map(({ uploadId, preview: p }) => ({ url: '', caption: '', uploadId, preview: p })),
      },
    })
    .run();
  for (const { file, uploadId, preview: p } of pictures) {
    upload(file, notify, (attrs) => finishAlbumPicture(editor, uploadId, withoutUndefined(attrs)), p);
  }
}

/** More pictures at the end of the album at `pos`. */
export function appendToAlbum(editor: Editor, pos: number, files: File[], notify: Notify) {
  const album = editor.state.doc.nodeAt(pos);
  if (!album || album.type.name !== NODE.album) return;
  const current = album.attrs.images as PictureAttrs[];
  const room = ALBUM_MAX - current.length;
  const ok = acceptable(files, notify);
  if (ok.length > room) notify('writer.album.full', { type: 'warning', args: { n: ALBUM_MAX } });
  const pictures = ok
    .slice(0, Math.max(0, room))
    .map((file) => ({ file, uploadId: newUploadId(), preview: preview(file) }));
  if (pictures.length === 0) return;
  const images = [
    ...current,
    ...pictures.map(({ uploadId, preview: p }) => ({ url: '', caption: '', uploadId, preview: p })),
  ];
  editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...album.attrs, images }));
  for (const { file, uploadId, preview: p } of pictures) {
    upload(file, notify, (attrs) => finishAlbumPicture(editor, uploadId, withoutUndefined(attrs)), p);
  }
}
