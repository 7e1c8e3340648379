/**
 * The writer's picture uploads (the body's pictures, the cover) through the app's one upload client: a module of its
 * own, so that the writer's first screen loads the client with the first picture rather than with the page.
 */
import { Code, codeMessageKey } from '../../../contract/codes';
import { IMAGE_MAX_BYTES, type UploadReply } from '../../../contract/files';
import { type UploadOptions, uploadFile } from '../../components/upload';
import { ApiError } from '../../dataProvider/client';

/** The client-side size rule of editor images: 5 MB or more is refused before sending. */
export const tooLarge = (file: Blob) => file.size >= IMAGE_MAX_BYTES;

/**
 * Uploads an image (multipart field `file`), which reports progress and maps failures as the envelope client does; a
 * file of 5 MB or more is refused before sending.
 */
export function uploadImage(
  file: Blob,
  name = 'image',
  opts: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<UploadReply> {
  if (tooLarge(file)) {
    const code = Code.FILE_TOO_LARGE;
    return Promise.reject(new ApiError(codeMessageKey(code) as string, 0, { code, msg: '', data: null }));
  }
  return uploadFile(file, { ...opts, name });
}
