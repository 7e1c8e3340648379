/**
 * The cropper's geometry: a picture covering a frame of a given aspect (16:9 covers, 1:1 avatars), moved and zoomed,
 * and the part it shows.
 */
import { IMAGE_MAX_SIDE } from '../../contract/constants';

/** The largest frame on screen, in canvas pixels. */
const FRAME_MAX_W = 560;
const FRAME_MAX_H = 400;
export const ZOOM_MAX = 4;

export interface CropState {
  /** Zoom over the smallest scale that fills the frame (1…4). */
  zoom: number;
  /** The picture's top-left corner in frame pixels. */
  x: number;
  y: number;
}

/** The frame for an aspect (width / height), as large as fits FRAME_MAX_W × FRAME_MAX_H. */
export function frameSize(aspect: number): { w: number; h: number } {
  const w = Math.min(FRAME_MAX_W, Math.round(FRAME_MAX_H * aspect));
  return { w, h: Math.round(w / aspect) };
}

/** Keeps the picture covering the whole frame. */
export function clampCrop(state: CropState, iw: number, ih: number, vw: number, vh: number): CropState {
  const base = Math.max(vw / iw, vh / ih);
  const zoom = Math.min(ZOOM_MAX, Math.max(1, state.zoom));
  const scale = base * zoom;
  const w = iw * scale;
  const h = ih * scale;
  return { zoom, x: Math.min(0, Math.max(vw - w, state.x)), y: Math.min(0, Math.max(vh - h, state.y)) };
}

/** The source rectangle the frame shows, and the output size (the frame's aspect, at most IMAGE_MAX_SIDE a side). */
export function cropArea(state: CropState, iw: number, ih: number, vw: number, vh: number) {
  const scale = Math.max(vw / iw, vh / ih) * state.zoom;
  const sw = vw / scale;
  const sh = vh / scale;
  const fit = Math.min(1, IMAGE_MAX_SIDE / Math.max(sw, sh));
  const width = Math.max(16, Math.round(sw * fit));
  return { sx: -state.x / scale, sy: -state.y / scale, sw, sh, width, height: Math.round((width * vh) / vw) };
}
