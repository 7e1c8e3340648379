/**
 * The image cropper: the picture in a frame of a given aspect (16:9 covers, round 1:1 avatars) on a canvas, moved by
 * dragging (pointer or arrow keys) and scaled with the zoom slider or the wheel; the chosen part is drawn onto a
 * canvas of at most 1440 pixels a side and handed back as a JPEG. No library: the canvas does it all.
 */
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type CropState, clampCrop, cropArea, frameSize, ZOOM_MAX } from './crop';

function centered(iw: number, ih: number, vw: number, vh: number): CropState {
  const scale = Math.max(vw / iw, vh / ih);
  return { zoom: 1, x: (vw - iw * scale) / 2, y: (vh - ih * scale) / 2 };
}

export function ImageCropper({
  file,
  busy,
  onCancel,
  onDone,
  aspect = 16 / 9,
  round = false,
  title = 'writer.cover.crop',
}: {
  file: File | null;
  busy: boolean;
  onCancel: () => void;
  onDone: (blob: Blob) => void;
  /** Width over height of the result. */
  aspect?: number;
  /** Shows a round mask (avatars); the result stays square. */
  round?: boolean;
  /** The dialog's title, an i18n key. */
  title?: string;
}) {
  const translate = useTranslate();
  const { w: viewW, h: viewH } = frameSize(aspect);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  useEffect(() => {
    if (!file) {
      setImage(null);
      return;
    }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setCrop(centered(img.naturalWidth, img.naturalHeight, viewW, viewH));
    };
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file, viewW, viewH]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !image) return;
    const scale = Math.max(viewW / image.naturalWidth, viewH / image.naturalHeight) * crop.zoom;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, viewW, viewH);
    ctx.drawImage(image, crop.x, crop.y, image.naturalWidth * scale, image.naturalHeight * scale);
  }, [image, crop, viewW, viewH]);

  const update = useCallback(
    (next: CropState) => {
      if (image) setCrop(clampCrop(next, image.naturalWidth, image.naturalHeight, viewW, viewH));
    },
    [image, viewW, viewH],
  );

  /** Zooms around the frame's centre. */
  const zoomTo = (zoom: number) => {
    if (!image) return;
    const base = Math.max(viewW / image.naturalWidth, viewH / image.naturalHeight);
    const z = Math.min(ZOOM_MAX, Math.max(1, zoom));
    const ratio = (base * z) / (base * crop.zoom);
    const cx = viewW / 2;
    const cy = viewH / 2;
    update({ zoom: z, x: cx - (cx - crop.x) * ratio, y: cy - (cy - crop.y) * ratio });
  };

  const pointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, x: crop.x, y: crop.y };
  };
  const pointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    const ratio = viewW / e.currentTarget.getBoundingClientRect().width;
    update({
      zoom: crop.zoom,
      x: drag.current.x + (e.clientX - drag.current.px) * ratio,
      y: drag.current.y + (e.clientY - drag.current.py) * ratio,
    });
  };
  const keyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = e.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      update({ zoom: crop.zoom, x: crop.x + move[0], y: crop.y + move[1] });
    } else if (e.key === '+' || e.key === '=') zoomTo(crop.zoom + 0.1);
    else if (e.key === '-') zoomTo(crop.zoom - 0.1);
  };

  const done = () => {
    if (!image) return;
    const area = cropArea(crop, image.naturalWidth, image.naturalHeight, viewW, viewH);
    const out = document.createElement('canvas');
    out.width = area.width;
    out.height = area.height;
    const ctx = out.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, area.sx, area.sy, area.sw, area.sh, 0, 0, out.width, out.height);
    out.toBlob((blob) => blob && onDone(blob), 'image/jpeg', 0.9);
  };

  return (
    <Dialog open={!!file} onClose={busy ? undefined : onCancel} maxWidth="md" aria-labelledby="cropper-title">
      <DialogTitle id="cropper-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <Box sx={{ width: viewW, maxWidth: '100%', position: 'relative' }}>
          <canvas
            ref={canvas}
            width={viewW}
            height={viewH}
            tabIndex={0}
            aria-label={translate('writer.cover.hint')}
            data-testid="cropper-canvas"
            style={{
              width: '100%',
              aspectRatio: `${viewW} / ${viewH}`,
              display: 'block',
              cursor: drag.current ? 'grabbing' : 'grab',
              borderRadius: round ? '50%' : 8,
              background: '#eee',
              touchAction: 'none',
            }}
            onPointerDown={pointerDown}
            onPointerMove={pointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onPointerCancel={() => {
              drag.current = null;
            }}
            onWheel={(e) => zoomTo(crop.zoom - e.deltaY / 500)}
            onKeyDown={keyDown}
          />
          {!image && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress size={28} />
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
          <ZoomOutIcon fontSize="small" color="action" />
          <Slider
            min={1}
            max={ZOOM_MAX}
            step={0.01}
            value={crop.zoom}
            onChange={(_e, v) => zoomTo(v as number)}
            aria-label={translate('writer.cover.zoom')}
          />
          <ZoomInIcon fontSize="small" color="action" />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('writer.cover.hint')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('writer.cover.cancel')}
        </Button>
        <Button
          variant="contained"
          disableElevation
          onClick={done}
          disabled={!image || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="cropper-apply"
        >
          {busy ? translate('writer.cover.uploading') : translate('writer.cover.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
