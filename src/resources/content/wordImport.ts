/**
 * press/import from the SPA: the .docx goes through the one upload client (components/upload.ts postFile, for its
 * upload progress), and the reply is read as the envelope client reads replies: the new draft, or an ApiError whose
 * message is an i18n key (轉換時發生錯誤, the size message …).
 */
import { wordImportApi } from '../../../contract/api/wordImport';
import { Code, codeMessageKey } from '../../../contract/codes';
import type { ReplyOf } from '../../../contract/endpoint';
import { DOCX_MAX_BYTES } from '../../../contract/wordImport';
import { postFile, readEnvelopeReply } from '../../components/upload';

export type WordImportReply = ReplyOf<typeof wordImportApi.import>;

/** Why a file cannot be sent (an i18n key), or undefined; what it is, the server judges by its content. */
export const checkWordFile = (file: { size: number }): string | undefined =>
  file.size > DOCX_MAX_BYTES ? codeMessageKey(Code.FILE_TOO_LARGE) : undefined;

export const importWord = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) =>
  postFile(wordImportApi.import, file, { onProgress, signal }, readEnvelopeReply<WordImportReply>);
