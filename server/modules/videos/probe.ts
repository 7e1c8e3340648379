/**
 * What a video file is, by its content: an ISO BMFF file (MP4, MOV, M4V, 3GP) starts with an `ftyp` box at offset 4
 * whose brands name one of those; a Matroska file (WebM, MKV) with the EBML magic 1A 45 DF A3 and a DocType. Its
 * duration: MP4's `mvhd` (inside `moov`, wherever it sits) or the Segment Info's Duration × TimecodeScale of a WebM.
 * Both walks are bounded in steps and bytes; anything they cannot read is "unknown", never an exception.
 */
import type { RandomReader } from '../../adapters/video';

export interface VideoKind {
  mime: 'video/mp4' | 'video/quicktime' | 'video/webm' | 'video/x-matroska';
  ext: 'mp4' | 'mov' | 'webm' | 'mkv';
}

/** Bytes read to tell the kind: the ftyp box's brands, or the EBML header's DocType. */
export const SNIFF_BYTES = 64;

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'hvc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'mmp4',
  'MSNV',
  'NDAS',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);
const QUICKTIME_BRAND = 'qt  ';

/** The kind of a video by its first bytes, or undefined for anything else. */
export function sniffVideo(head: Buffer): VideoKind | undefined {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = head.readUInt32BE(0);
    const end = Math.min(head.length, boxSize >= 16 ? boxSize : 16);
    const brands = [head.toString('latin1', 8, 12)];
    // The compatible brands follow the major brand and its minor version.
    for (let at = 16; at + 4 <= end; at += 4) brands.push(head.toString('latin1', at, at + 4));
    if (brands[0] === QUICKTIME_BRAND) return { mime: 'video/quicktime', ext: 'mov' };
    if (brands.some((b) => MP4_BRANDS.has(b))) return { mime: 'video/mp4', ext: 'mp4' };
    if (brands.includes(QUICKTIME_BRAND)) return { mime: 'video/quicktime', ext: 'mov' };
    return undefined;
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    const text = head.toString('latin1');
    if (text.includes('webm')) return { mime: 'video/webm', ext: 'webm' };
    if (text.includes('matroska')) return { mime: 'video/x-matroska', ext: 'mkv' };
  }
  return undefined;
}

const MAX_BOXES = 10_000;

/** Seconds from an MP4's `mvhd`, or undefined. */
async function mp4Duration(file: RandomReader): Promise<number | undefined> {
  const boxes = async (from: number, to: number, want: string) => {
    let at = from;
    for (let i = 0; i < MAX_BOXES && at + 8 <= to; i++) {
      const header = await file.read(at, 16);
      if (header.length < 8) return undefined;
      let size = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (size === 1) {
        if (header.length < 16) return undefined;
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) size = to - at;
      if (size < headerSize) return undefined;
      if (type === want) return { start: at + headerSize, end: Math.min(to, at + size) };
      at += size;
    }
    return undefined;
  };
  const moov = await boxes(0, file.size, 'moov');
  if (!moov) return undefined;
  const mvhd = await boxes(moov.start, moov.end, 'mvhd');
  if (!mvhd) return undefined;
  const body = await file.read(mvhd.start, 32);
  if (body.length < 20) return undefined;
  const version = body[0];
  const [timescale, duration] =
    version === 1 && body.length >= 32
      ? [body.readUInt32BE(20), Number(body.readBigUInt64BE(24))]
      : [body.readUInt32BE(12), body.readUInt32BE(16)];
  return timescale > 0 ? duration / timescale : undefined;
}

/** An EBML variable-size integer at `at`: its value (marker bit kept for ids), its length, and whether all ones. */
function vint(buf: Buffer, at: number, keepMarker: boolean) {
  const first = buf[at];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buf.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i];
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
/** The Segment Info sits near the start of a WebM (after the SeekHead). */
const WEBM_SCAN_BYTES = 256 * 1024;

/** Seconds from a WebM/MKV Segment Info, or undefined. */
async function webmDuration(file: RandomReader): Promise<number | undefined> {
  const buf = await file.read(0, WEBM_SCAN_BYTES);
  let at = 0;
  let end = buf.length;
  let scale = 1_000_000;
  for (let i = 0; i < MAX_BOXES && at < end; i++) {
    const id = vint(buf, at, true);
    if (!id) return undefined;
    const size = vint(buf, at + id.length, false);
    if (!size) return undefined;
    const body = at + id.length + size.length;
    if (id.value === SEGMENT) {
      // Into the Segment: its children follow.
      at = body;
      end = size.unknown ? buf.length : Math.min(buf.length, body + size.value);
      continue;
    }
    if (id.value === INFO) {
      let duration: number | undefined;
      const infoEnd = Math.min(buf.length, body + size.value);
      for (let p = body, j = 0; p < infoEnd && j < 100; j++) {
        const cid = vint(buf, p, true);
        const csize = cid && vint(buf, p + cid.length, false);
        if (!cid || !csize) break;
        const c = p + cid.length + csize.length;
        if (c + csize.value > buf.length) break;
        if (cid.value === TIMECODE_SCALE && csize.value >= 1 && csize.value <= 8)
          scale = Number(buf.readUIntBE(c, Math.min(6, csize.value)));
        if (cid.value === DURATION)
          duration =
            csize.value === 4 ? buf.readFloatBE(c) : csize.value === 8 ? buf.readDoubleBE(c) : undefined;
        p = c + csize.value;
      }
      return duration === undefined ? undefined : (duration * scale) / 1e9;
    }
    if (id.value !== EBML && size.unknown) return undefined;
    at = body + size.value;
  }
  return undefined;
}

/** The video's duration in seconds, or undefined when its file does not say (or says nonsense). */
export async function videoDuration(file: RandomReader, kind: VideoKind): Promise<number | undefined> {
  const seconds = await (kind.ext === 'webm' || kind.ext === 'mkv'
    ? webmDuration(file)
    : mp4Duration(file)
  ).catch(() => undefined);
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
