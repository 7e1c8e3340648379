/**
 * Whether uploaded bytes are a Word document we may convert, judged by their content, never by the name: an OLE
 * compound file (what an encrypted .docx, or an old .doc, is) and a macro-enabled document are refused, anything
 * else that is not a zip holding the wordprocessingml main part is not a .docx. Every part is inflated once here,
 * counted as the bytes come out (a header's sizes may lie), so a zip bomb stops at DOCX_UNZIPPED_MAX_BYTES before
 * mammoth opens the file.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { Code } from '../../../contract/codes';
import { DOCX_ENTRIES_MAX, DOCX_MAX_BYTES, DOCX_UNZIPPED_MAX_BYTES } from '../../../contract/wordImport';
import { AppError } from '../../http/errors';

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A local file header: the first bytes of every zip that holds anything. */
const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

const MAIN_DOCUMENT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** The main parts of a macro-enabled document (.docm) and template (.dotm). */
const MACRO_TYPES = [
  'application/vnd.ms-word.document.macroenabled.main+xml',
  'application/vnd.ms-word.template.macroenabledtemplate.main+xml',
];
/** [Content_Types].xml is small; more than this is not one. */
const CONTENT_TYPES_MAX = 1024 * 1024;

async function entriesOf(zip: ZipFile): Promise<Entry[]> {
  const entries: Entry[] = [];
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > DOCX_ENTRIES_MAX) return reject(new AppError(Code.IMPORT_FAILED));
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Inflates one entry within `budget` bytes; undefined when it would pass it. */
async function inflate(zip: ZipFile, entry: Entry, budget: number): Promise<Buffer | undefined> {
  const stream = (await zip.openReadStreamPromise(entry)) as NodeJS.ReadableStream & { destroy(): void };
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > budget) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

async function checkParts(zip: ZipFile): Promise<void> {
  const entries = await entriesOf(zip);
  if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.fileName.slice(0, 1000))))
    throw new AppError(Code.IMPORT_MACRO);
  const types = entries.find((e) => e.fileName === '[Content_Types].xml');
  if (!types) throw new AppError(Code.IMPORT_NOT_DOCX);
  let total = 0;
  let contentTypes = '';
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    // Encrypted zip entries are no part of a Word document.
    if (entry.isEncrypted()) throw new AppError(Code.IMPORT_FAILED);
    const body = await inflate(zip, entry, DOCX_UNZIPPED_MAX_BYTES - total);
    if (!body) throw new AppError(Code.FILE_TOO_LARGE);
    total += body.length;
    if (entry === types) {
      if (body.length > CONTENT_TYPES_MAX) throw new AppError(Code.IMPORT_NOT_DOCX);
      contentTypes = body.toString('utf8').toLowerCase();
    }
  }
  if (MACRO_TYPES.some((t) => contentTypes.includes(t))) throw new AppError(Code.IMPORT_MACRO);
  if (!contentTypes.includes(MAIN_DOCUMENT)) throw new AppError(Code.IMPORT_NOT_DOCX);
}

/** Refuses (AppError) anything but a plain .docx within the limits; resolves when mammoth may open the bytes. */
export async function checkDocx(bytes: Buffer): Promise<void> {
  if (bytes.length > DOCX_MAX_BYTES) throw new AppError(Code.FILE_TOO_LARGE);
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) throw new AppError(Code.IMPORT_ENCRYPTED);
  if (!isZip(bytes)) throw new AppError(Code.IMPORT_NOT_DOCX);
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    // It starts as a zip but its directory cannot be read: a broken file.
    throw new AppError(Code.IMPORT_FAILED);
  }
  try {
    await checkParts(zip);
  } catch (err) {
    throw err instanceof AppError ? err : new AppError(Code.IMPORT_FAILED);
  } finally {
    zip.close();
  }
}
