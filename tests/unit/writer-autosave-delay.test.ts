/**
 * The writer's autosave delay by content type (contract/contentConstants.ts autosaveDelay): a post or a page is saved
 * 2 s after the last change, an e-paper 1 s after it (it is sent from what is saved). Each type's controller, on fake
 * timers, with the API mocked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELAY } from '../../contract/constants';
import type { ContentItem, SaveReply } from '../../contract/content';
import { autosaveDelay, CONTENT_TYPE, type ContentTypeName } from '../../contract/contentConstants';
import { api } from '../../src/custom/writer/api';
import { WriterController } from '../../src/custom/writer/state/controller';
import { CopyStore } from '../../src/custom/writer/state/localCopy';
import { contentItem, memoryStorage, paragraph } from '../fixtures/writer';

vi.mock('../../src/auth/session', () => ({
  getSession: async () => ({ site: { current: { id: 3 } } }),
}));
vi.mock('../../src/custom/writer/api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/custom/writer/api')>();
  return { ...original, api: { ...original.api, save: vi.fn(), get: vi.fn(), myAuthor: vi.fn() } };
});

const mocked = vi.mocked(api);

const item = (type: number): ContentItem => contentItem({ type, title: '標題', content: paragraph('內文') });

const reply: SaveReply = {
  id: 12,
  uuid: item(1).uuid,
  lang_id: 1,
  tag: [],
  slug: '',
  status: 0,
  related: 1,
  is_draft_changed: false,
  frontend_display_language: [1],
  version: 5,
  abstract: '',
  reading_time: 1,
};

let writer: WriterController | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  mocked.save.mockResolvedValue(reply);
});
afterEach(() => {
  writer?.dispose();
  writer = undefined;
  vi.useRealTimers();
});

describe('autosave delay by content type', () => {
  it('is 1 s for e-papers and 2 s for posts and pages', () => {
    expect(DELAY.autosave).toBe(2_000);
    expect(DELAY.autosaveEpaper).toBe(1_000);
    expect(autosaveDelay('post')).toBe(2_000);
    expect(autosaveDelay('page')).toBe(2_000);
    expect(autosaveDelay('epaper')).toBe(1_000);
  });

  const cases: [ContentTypeName, number][] = [
    ['post', 2_000],
    ['page', 2_000],
    ['epaper', 1_000],
  ];
  for (const [type, delay] of cases) {
    it(`the ${type} writer saves ${delay / 1000} s after the last change, not before`, async () => {
      writer = new WriterController(type, {
        navigate: vi.fn(),
        notify: vi.fn(),
        normalize: (d) => d,
        translate: (k) => k,
        copies: new CopyStore(memoryStorage()),
        onOnline: () => () => {},
      });
      await writer.open(12, item(CONTENT_TYPE[type]));
      expect(writer.machine.delay).toBe(delay);
      writer.setMeta({ title: '第一次' });
      await vi.advanceTimersByTimeAsync(delay / 2);
      writer.setMeta({ title: '第二次' });
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(mocked.save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(mocked.save).toHaveBeenCalledTimes(1);
      expect(mocked.save.mock.calls[0][0]).toBe(type);
      expect(mocked.save.mock.calls[0][1]).toMatchObject({ id: 12, title: '第二次' });
    });
  }
});
