/** Where the writer's slash menu opens (editor/slash.ts placeMenu): below the caret, or above it near the bottom. */
import { describe, expect, it } from 'vitest';
import { placeMenu } from '../../src/custom/writer/editor/slash';

const visible = { top: 64, bottom: 800 };
const GAP = 6;

describe('the slash menu', () => {
  it('opens below the caret when the whole menu fits there', () => {
    expect(placeMenu({ top: 200, bottom: 230 }, visible, 380, GAP)).toEqual({ side: 'below', room: 558 });
  });

  it('flips above the caret near the bottom of the visible area', () => {
    const place = placeMenu({ top: 720, bottom: 750 }, visible, 380, GAP);
    expect(place.side).toBe('above');
    expect(place.room).toBeGreaterThanOrEqual(380);
  });

  it('takes the roomier side when it fits neither, and scrolls inside the room it has', () => {
    const small = { top: 0, bottom: 400 };
    expect(placeMenu({ top: 250, bottom: 280 }, small, 380, GAP)).toEqual({ side: 'above', room: 238 });
    expect(placeMenu({ top: 100, bottom: 130 }, small, 380, GAP)).toEqual({ side: 'below', room: 258 });
  });
});
