/**
 * `press/import`: a Word document becomes a draft article of the caller's. The file is checked (docx.ts), converted
 * (convert.ts), its pictures go into the site's library through the image upload's own pipeline (files/service.ts
 * uploadImage: scaled to fit 1440×1440, stored, recorded), and the draft is saved as press/save with id 0 makes one.
 * Nothing is left behind when any step fails: the pictures already stored are removed again, bytes and rows.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Block } from '../../../contract/blocks';
import { Code } from '../../../contract/codes';
import { ContentSave, type SaveReply } from '../../../contract/content';
import { CONTENT_TYPE, TITLE_MAX } from '../../../contract/contentConstants';
import { UploadedFile } from '../../../contract/files';
import type { Deps } from '../../deps';
import type { SiteContext } from '../../http/action';
import { AppError } from '../../http/errors';
import { scopeOf } from '../content/scope';
import { saveContent } from '../content/service';
import { files } from '../files/schema';
import { uploadImage } from '../files/service';
import { convertDocx, type DocImage, type DraftBlock } from './convert';
import { checkDocx } from './docx';

/** The picture kinds the library takes (files/service.ts); others (EMF, WMF, TIFF, SVG …) are left out. */
const IMAGE_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
/** A valid address standing for a picture while the draft's size is checked, before anything is stored. */
const PENDING_URL = '/uploads/pending.png';

/** The file's name without its extension: the title when the document has no heading. */
const baseName = (filename: string) => filename.replace(/\.[^.]{1,10}$/, '').trim();

function blocksOf(
  draft: DraftBlock[],
  url: (image: number) => { url: string; width?: number; height?: number },
) {
  return draft.map((b): Block => {
    if (b.type === 'image') return { type: 'image', data: { caption: '', ...url(b.image) } };
    if (b.type === 'header') return { type: 'header', data: { text: b.text, level: b.level } };
    if (b.type === 'paid') return { type: 'paid', data: {} };
    return { type: 'paragraph', data: { text: b.text } };
  });
}

/** The save input of the draft, or IMPORT_TOO_LONG when an article cannot hold it. */
function saveInput(title: string, blocks: Block[]) {
  const parsed = ContentSave.safeParse({ id: 0, version: 0, title, content: { blocks } });
  if (!parsed.success) throw new AppError(Code.IMPORT_TOO_LONG);
  return parsed.data;
}

/** Removes pictures stored by a failed import: rows first, then the bytes (a missing object is no failure). */
async function removeStored(deps: Deps, siteId: number, keys: string[]) {
  if (!keys.length) return;
  await deps.db.delete(files).where(and(eq(files.siteId, siteId), inArray(files.path, keys)));
  for (const key of keys)
    await deps.storage
      .remove(key)
      .catch((err) => deps.log.error({ err, key }, 'an imported picture stayed stored'));
}

export interface ImportReply {
  id: number;
  title: string;
  images: number;
  skipped_images: number;
}

export async function importDocx(ctx: SiteContext, file: UploadedFile): Promise<ImportReply> {
  await checkDocx(file.bytes);
  const doc = await convertDocx(file.bytes);
  const title = (doc.title || baseName(file.filename)).slice(0, TITLE_MAX);
  const usable = (i: number) => IMAGE_EXT[doc.images[i]?.contentType.toLowerCase() ?? ''] !== undefined;
  const draft = doc.blocks.filter((b) => b.type !== 'image' || usable(b.image));
  const skipped = doc.blocks.length - draft.length;
  // Checked before any picture is stored: a document too long for an article stores nothing.
  saveInput(
    title,
    blocksOf(draft, () => ({ url: PENDING_URL })),
  );

  const { deps } = ctx;
  const siteId = ctx.site.id;
  const keys: string[] = [];
  // The image upload's own pipeline, its storage watched so that what it stored can be removed again.
  const watched: Deps = {
    ...deps,
    storage: {
      ...deps.storage,
      put: (key, bytes, mime) => {
        keys.push(key);
        return deps.storage.put(key, bytes, mime);
      },
    },
  };
  try {
    const stored = new Map<number, { url: string; width?: number; height?: number }>();
    const base = baseName(file.filename).slice(0, 200) || 'word';
    for (const block of draft) {
      if (block.type !== 'image' || stored.has(block.image)) continue;
      const image: DocImage = doc.images[block.image];
      const mime = image.contentType.toLowerCase();
      const name = `${base}-${stored.size + 1}.${IMAGE_EXT[mime]}`;
      const reply = await uploadImage(
        watched,
        siteId,
        ctx.user.id,
        new UploadedFile(name, mime, image.bytes),
      ).catch((err) => {
        if (err instanceof AppError && err.code === Code.FILE_TOO_LARGE)
          throw new AppError(Code.IMPORT_IMAGE_TOO_LARGE);
        if (err instanceof AppError && err.code === Code.UPLOAD_FAILED)
          throw new AppError(Code.IMPORT_FAILED);
        throw err;
      });
      stored.set(block.image, { url: reply.path, width: reply.width, height: reply.height });
    }
    const input = saveInput(
      title,
      blocksOf(draft, (i) => stored.get(i) as { url: string }),
    );
    const saved: SaveReply = await saveContent(scopeOf(ctx, CONTENT_TYPE.post), input);
    return { id: saved.id, title, images: stored.size, skipped_images: skipped };
  } catch (err) {
    await removeStored(deps, siteId, keys);
    throw err;
  }
}
