/**
 * Reads the directory of a Windows icon (.ico) without trusting it: every entry must point inside the file at
 * either a PNG or a bitmap whose header agrees with the entry (its size, so no picture is larger than the 256×256 a
 * directory can say). sharp has no ICO reader, so this is the check that lets an icon be stored as it came.
 */

export interface IcoEntry {
  width: number;
  height: number;
  /** The entry's picture: a PNG (checked further by the caller) or a bitmap (checked here). */
  data: Buffer;
  png: boolean;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** More pictures than any real icon holds. */
const MAX_ENTRIES = 32;
const BIT_COUNTS = [1, 4, 8, 16, 24, 32];

export const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE);

/** The icon's pictures, or undefined when the bytes are not a well-formed icon. */
export function readIco(bytes: Buffer): IcoEntry[] | undefined {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return undefined;
  const count = bytes.readUInt16LE(4);
  const dataStart = 6 + 16 * count;
  if (count < 1 || count > MAX_ENTRIES || bytes.length < dataStart) return undefined;
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + 16 * i;
    // 0 stands for 256.
    const width = bytes[at] || 256;
    const height = bytes[at + 1] || 256;
    const size = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    if (size === 0 || offset < dataStart || offset + size > bytes.length) return undefined;
    const data = bytes.subarray(offset, offset + size);
    if (isPng(data)) {
      // The first chunk is IHDR: width and height, big-endian.
      if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
      if (data.readUInt32BE(16) !== width || data.readUInt32BE(20) !== height) return undefined;
      entries.push({ width, height, data, png: true });
      continue;
    }
    // A bitmap: BITMAPINFOHEADER (or a later, longer one) whose height counts the colour and the mask rows.
    if (data.length < 40) return undefined;
    const header = data.readUInt32LE(0);
    if (header < 40 || header > data.length) return undefined;
    if (data.readInt32LE(4) !== width || data.readInt32LE(8) !== height * 2) return undefined;
    if (data.readUInt16LE(12) !== 1 || !BIT_COUNTS.includes(data.readUInt16LE(14))) return undefined;
    entries.push({ width, height, data, png: false });
  }
  return entries;
}
