/** The writer's small pure helpers: related-item search, the image cropper's geometry, link addresses. */
import { describe, expect, it } from 'vitest';
import { clampCrop, cropArea, frameSize } from '../../src/components/crop';
import { linkProblem } from '../../src/custom/writer/editor/extensions';
import { completeHref } from '../../src/custom/writer/editor/FormatToolbar';
import { localMatches, mergePool, REMOTE_BELOW } from '../../src/custom/writer/panels/relatedSearch';

describe('related items', () => {
  const pool = [
    { id: 1, title: '新北市的天氣' },
    { id: 2, title: '台北的天氣與交通' },
    { id: 3, title: 'Taipei Weather' },
    { id: 4, title: '咖啡地圖' },
  ];

  it('matches every word of the query, ignoring case and the excluded ids', () => {
    expect(localMatches(pool, '天氣', new Set()).map((i) => i.id)).toEqual([1, 2]);
    expect(localMatches(pool, '天氣 交通', new Set()).map((i) => i.id)).toEqual([2]);
    expect(localMatches(pool, 'taipei', new Set()).map((i) => i.id)).toEqual([3]);
    expect(localMatches(pool, '天氣', new Set([1])).map((i) => i.id)).toEqual([2]);
    expect(localMatches(pool, '  ', new Set())).toEqual([]);
  });

  it('asks the server below 10 local matches, and merges without duplicates', () => {
    expect(REMOTE_BELOW).toBe(10);
    expect(mergePool(pool.slice(0, 2), [pool[1], pool[3]]).map((i) => i.id)).toEqual([1, 2, 4]);
  });
});

describe('cover cropper', () => {
  const { w: VIEW_W, h: VIEW_H } = frameSize(16 / 9);

  it('keeps the picture covering the 16:9 frame', () => {
    // A square picture fills the width; it may move up and down, never sideways.
    const clamped = clampCrop({ zoom: 1, x: 50, y: 50 }, 1000, 1000, VIEW_W, VIEW_H);
    expect(clamped).toEqual({ zoom: 1, x: 0, y: 0 });
    const low = clampCrop({ zoom: 1, x: -50, y: -9999 }, 1000, 1000, VIEW_W, VIEW_H);
    expect(low.x).toBe(0);
    expect(low.y).toBeCloseTo(VIEW_H - VIEW_W);
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, 1000, 1000, VIEW_W, VIEW_H).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.1, x: 0, y: 0 }, 1000, 1000, VIEW_W, VIEW_H).zoom).toBe(1);
  });

  it('cuts the part the frame shows, at most 1440 wide, 16:9', () => {
    const big = cropArea({ zoom: 1, x: 0, y: -100 }, 3200, 3200, VIEW_W, VIEW_H);
    expect(big.width).toBe(1440);
    expect(big.height).toBe(810);
    expect(big.sw).toBeCloseTo(3200);
    expect(big.sh).toBeCloseTo(1800, 0);
    expect(big.sy).toBeCloseTo((100 * 3200) / VIEW_W);
    const zoomed = cropArea({ zoom: 2, x: -VIEW_W / 2, y: 0 }, 800, 450, VIEW_W, VIEW_H);
    expect(zoomed.sw).toBeCloseTo(400);
    expect(zoomed.sx).toBeCloseTo(200);
    expect(zoomed.width).toBe(400);
    expect(zoomed.height).toBe(225);
  });

  it('crops avatars square, at most 1440 a side', () => {
    const { w, h } = frameSize(1);
    expect(w).toBe(h);
    const area = cropArea(clampCrop({ zoom: 1, x: 0, y: 0 }, 3000, 2000, w, h), 3000, 2000, w, h);
    expect(area.sw).toBeCloseTo(2000);
    expect(area.sh).toBeCloseTo(2000);
    expect([area.width, area.height]).toEqual([1440, 1440]);
    const small = cropArea({ zoom: 1, x: 0, y: 0 }, 300, 300, w, h);
    expect([small.width, small.height]).toEqual([300, 300]);
  });
});

describe('link addresses', () => {
  it('accepts http(s), site paths and mail; completes bare domains', () => {
    expect(completeHref('example.com/a')).toBe('https://example.com/a');
    expect(completeHref('/about')).toBe('/about');
    expect(linkProblem('https://example.com')).toBeUndefined();
    expect(linkProblem('/about')).toBeUndefined();
    expect(linkProblem('mailto:a@example.com')).toBeUndefined();
    expect(linkProblem('javascript:alert(1)')).toBe('validation.link');
    expect(linkProblem('ftp://x')).toBe('validation.link');
    // Browsers read '/\\host' as '//host': another site, not a path on this one.
    expect(linkProblem('/\\evil.example/a')).toBe('validation.link');
    expect(linkProblem(`mailto:${'@'.repeat(20_000)} `)).toBe('validation.link');
  });
});
