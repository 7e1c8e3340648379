/**
 * multipart/form-data input for action(): text fields as they come, each file read into memory as an UploadedFile.
 * Uploads are small (images under 5 MB, theme zips under 20 MB); anything bigger belongs to a resumable upload.
 */
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { Code } from '../../contract/codes';
import { UploadedFile } from '../../contract/files';
import { AppError } from './errors';

export interface MultipartInput {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** `fileMaxBytes` raises the app's cut-off for one action (a theme zip); a longer file is 檔案大小超過限制. */
export async function readMultipart(req: FastifyRequest, fileMaxBytes?: number): Promise<MultipartInput> {
  const input: MultipartInput = { fields: {}, files: {} };
  try {
    for await (const part of req.parts(fileMaxBytes ? { limits: { fileSize: fileMaxBytes } } : undefined)) {
      if (part.type === 'file') {
        const name = part.filename.replace(/\p{Cc}/gu, '').slice(0, 255);
        input.files[part.fieldname] = new UploadedFile(name, part.mimetype, await part.toBuffer());
      } else {
        // Cut off at the plugin's fieldSize (UPLOAD_FIELD_MAX_BYTES): what is left is not what was sent.
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(Code.BAD_REQUEST);
        input.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Bytes beyond the plugin's fileSize limit are cut off: answer the size message of SPEC §5, not a bare 413.
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError)
      throw new AppError(Code.FILE_TOO_LARGE);
    // The plugin's own errors carry a 4xx status; the parser's (a malformed or cut-off body) do not.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError(Code.BAD_REQUEST);
  }
  return input;
}
