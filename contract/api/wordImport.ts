/**
 * Word import (SPEC §7 `/press/import`): a .docx, sent as multipart field `file`, becomes a draft article of the
 * caller's, its pictures added to the site's library. Converted while the caller waits: the long timeout.
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { fileField } from '../files';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { DOCX_MAX_BYTES } from '../wordImport';

const ImportReply = z.object({
  /** The new draft, opened in the writer (/edit/post/<id>). */
  id: z.number(),
  title: z.string(),
  /** Pictures added to the library. */
  images: z.number(),
  /** Pictures left out: kinds the library does not take (EMF, WMF, TIFF, SVG …). */
  skipped_images: z.number(),
});

export const wordImportApi = {
  import: endpoint({
    path: 'press/import',
    input: z.strictObject({ file: fileField() }),
    output: ImportReply,
    access: 'site',
    // A new article: creating one is post.edit (RESOURCE_PERMISSIONS.press).
    permission: RESOURCE_PERMISSIONS.press.create,
    multipart: true,
    fileMaxBytes: DOCX_MAX_BYTES,
    // An upload that also converts the document and adds its pictures to the library: the long timeout, not 30 s.
    timeout: TIMEOUT.long,
    summary: 'Makes a draft article of a Word document (.docx), its pictures added to the library',
  }),
};
