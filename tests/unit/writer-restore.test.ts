/**
 * Restoring a revision in the writer (src/custom/writer/state/controller.ts restoreRevision): what is typed must reach
 * the server first. When the pending save cannot be sent — offline, refused, in conflict — nothing is restored, the
 * writer is told, and the typed work stays in the editor's state and in the copy kept on the device.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../contract/codes';
import type { SaveReply } from '../../contract/content';
import { api } from '../../src/custom/writer/api';
import { WriterController, type WriterDeps } from '../../src/custom/writer/state/controller';
import { CopyStore } from '../../src/custom/writer/state/localCopy';
import { ApiError } from '../../src/dataProvider/client';
import { contentItem, memoryStorage, paragraph } from '../fixtures/writer';

vi.mock('../../src/auth/session', () => ({
  getSession: async () => ({ site: { current: { id: 3 } } }),
}));
vi.mock('../../src/custom/writer/api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/custom/writer/api')>();
  return {
    ...original,
    api: { ...original.api, save: vi.fn(), restore: vi.fn(), get: vi.fn(), myAuthor: vi.fn() },
  };
});

const mocked = vi.mocked(api);

const item = contentItem;

const reply = (version: number): SaveReply => ({
  id: 12,
  uuid: item().uuid,
  lang_id: 1,
  tag: [],
  slug: '',
  status: 0,
  related: 1,
  is_draft_changed: false,
  frontend_display_language: [1],
  version,
  abstract: '',
  reading_time: 1,
});

const failure = (status: number, code: number) =>
  new ApiError('errors.generic', status, { code, msg: '', data: null });

let copies: CopyStore;
let notify: ReturnType<typeof vi.fn<WriterDeps['notify']>>;
let writer: WriterController;
const address = { site: 3, type: 'post', id: 12 };

/** A writer with item 12 open. */
async function openWriter() {
  writer = new WriterController('post', {
    navigate: vi.fn(),
    notify,
    normalize: (d) => d,
    translate: (k) => k,
    copies,
    onOnline: () => () => {},
  });
  await writer.open(12, item());
  expect(writer.getState().phase).toBe('ready');
}

/** The same, with a title typed but not yet saved. */
async function typedWriter() {
  await openWriter();
  writer.setMeta({ title: '我剛打的標題' });
  expect(copies.list(address).map((c) => c.draft.title)).toEqual(['我剛打的標題']);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  copies = new CopyStore(memoryStorage());
  notify = vi.fn<WriterDeps['notify']>();
});
afterEach(() => {
  writer?.dispose();
  vi.useRealTimers();
});

describe('restoring a revision', () => {
  const cases: [string, ApiError][] = [
    ['offline (nothing answered)', failure(0, Code.FAIL)],
    ['refused (a field error)', failure(200, Code.VALIDATION)],
    ['in conflict (someone saved first)', failure(200, Code.CONFLICT)],
  ];
  for (const [name, error] of cases) {
    it(`restores nothing when the pending save fails — ${name} — and keeps the typed work`, async () => {
      mocked.save.mockRejectedValue(error);
      await typedWriter();
      await writer.restoreRevision(7, 2);
      expect(mocked.save).toHaveBeenCalledTimes(1);
      expect(mocked.save.mock.calls[0][1]).toMatchObject({ id: 12, title: '我剛打的標題', version: 4 });
      expect(mocked.restore).not.toHaveBeenCalled();
      expect(mocked.get).not.toHaveBeenCalled();
      expect(notify).toHaveBeenCalledWith('writer.history.saveFirst', { type: 'warning' });
      expect(notify).not.toHaveBeenCalledWith('writer.history.restored', expect.anything());
      const state = writer.getState();
      expect(state.meta.title).toBe('我剛打的標題');
      expect(state.info.version).toBe(4);
      expect(state.busy).toBe(false);
      expect(writer.machine.dirty).toBe(true);
      // The copy on this device is still there, with the typed work.
      expect(copies.list(address).map((c) => c.draft.title)).toEqual(['我剛打的標題']);
    });
  }

  it('restores once the typed work is on the server: the revision replaces it and the copy goes', async () => {
    mocked.save.mockResolvedValue(reply(5));
    mocked.restore.mockResolvedValue(reply(6));
    mocked.get.mockResolvedValue(item({ title: '舊版的標題', content: paragraph('舊版內文'), version: 6 }));
    await typedWriter();
    await writer.restoreRevision(7, 2);
    expect(mocked.save).toHaveBeenCalledTimes(1);
    expect(mocked.save.mock.invocationCallOrder[0]).toBeLessThan(mocked.restore.mock.invocationCallOrder[0]);
    expect(mocked.restore).toHaveBeenCalledWith('post', 12, 7);
    const state = writer.getState();
    expect(state.meta.title).toBe('舊版的標題');
    expect(state.initial).toEqual(paragraph('舊版內文'));
    expect(state.info.version).toBe(6);
    expect(writer.machine.dirty).toBe(false);
    expect(copies.list(address)).toEqual([]);
    expect(notify).toHaveBeenCalledWith('writer.history.restored', { type: 'success', args: { n: 2 } });
  });

  it('with nothing unsaved, restores without a save', async () => {
    mocked.restore.mockResolvedValue(reply(5));
    mocked.get.mockResolvedValue(item({ title: '舊版的標題', version: 5 }));
    await openWriter();
    await writer.restoreRevision(7, 2);
    expect(mocked.save).not.toHaveBeenCalled();
    expect(writer.getState().meta.title).toBe('舊版的標題');
  });

  it('keeps what is typed while the restore is on its way, with its copy', async () => {
    mocked.save.mockResolvedValue(reply(5));
    mocked.restore.mockImplementation(async () => {
      writer.setMeta({ title: '還原途中打的字' });
      return reply(6);
    });
    mocked.get.mockResolvedValue(item({ title: '舊版的標題', version: 6 }));
    await typedWriter();
    await writer.restoreRevision(7, 2);
    const state = writer.getState();
    expect(state.meta.title).toBe('還原途中打的字');
    // Still based on the version before the restore: its save is a conflict, and the writer chooses.
    expect(state.info.version).toBe(5);
    expect(writer.machine.dirty).toBe(true);
    expect(copies.list(address).map((c) => c.draft.title)).toEqual(['還原途中打的字']);
    expect(notify).toHaveBeenCalledWith('writer.history.restoredKept', { type: 'warning', args: { n: 2 } });
  });
});
