/** The cover cropper's geometry: a picture covering a 16:9 frame, moved and zoomed, and the part it shows. */
import { IMAGE_MAX_SIDE } from '../../../../contract/constants';

export const VIEW_W = 560;
export const VIEW_H = Math.round((VIEW_W * 9) / 16);
export const ZOOM_MAX = 4;

export interface CropState {
  /** Zoom over the smallest scale that fills the frame (1…4). */
  zoom: number;
  /** The picture's top-left corner in frame pixels. */
  x: number;
  y: number;
}

/** Keeps the picture covering the whole frame. */
export function clampCrop(state: CropState, iw: number, ih: number, vw = VIEW_W, vh = VIEW_H): CropState {
  const base = Math.max(vw / iw, vh / ih);
  const zoom = Math.min(ZOOM_MAX, Math.max(1, state.zoom));
  const scale = base * zoom;
  const w = iw * scale;
  const h = ih * scale;
  return { zoom, x: Math.min(0, Math.max(vw - w, state.x)), y: Math.min(0, Math.max(vh - h, state.y)) };
}

/** The source rectangle the frame shows, and the output size (16:9, at most IMAGE_MAX_SIDE wide). */
export function cropArea(state: CropState, iw: number, ih: number, vw = VIEW_W, vh = VIEW_H) {
  const scale = Math.max(vw / iw, vh / ih) * state.zoom;
  const sw = vw / scale;
  const sh = vh / scale;
  const width = Math.max(16, Math.min(IMAGE_MAX_SIDE, Math.round(sw)));
  return { sx: -state.x / scale, sy: -state.y / scale, sw, sh, width, height: Math.round((width * 9) / 16) };
}
