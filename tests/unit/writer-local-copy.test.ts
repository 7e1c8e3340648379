/** The copy of unsent work kept on this device (src/custom/writer/state/localCopy.ts) and the draft helpers. */
import { describe, expect, it } from 'vitest';
import { emptyDraft, fingerprint, oneLine, toSave } from '../../src/custom/writer/state/draft';
import {
  CopyStore,
  copyKey,
  judge,
  type LocalCopy,
  pickOffer,
} from '../../src/custom/writer/state/localCopy';
import { memoryStorage } from '../fixtures/writer';

/** A Storage over a Map, with an optional quota. */
const at = { site: 3, type: 'post', id: 12 };
const draftWith = (title: string, text = '內文') => ({
  ...emptyDraft(),
  title,
  content: { blocks: [{ type: 'paragraph' as const, data: { text } }] },
});
const copy = (over: Partial<LocalCopy> = {}): LocalCopy => ({
  v: 1,
  ...at,
  editor: 'tab-a',
  lang_id: 1,
  baseVersion: 4,
  seq: 1,
  savedAt: 1000,
  draft: draftWith('標題'),
  ...over,
});

describe('CopyStore', () => {
  it('keys copies by site, type, item and editor', () => {
    expect(copyKey(at, 'tab-a')).toBe('writer.copy:3:post:12:tab-a');
    const storage = memoryStorage();
    const store = new CopyStore(storage);
    store.write(copy());
    store.write(copy({ editor: 'tab-b', savedAt: 2000 }));
    store.write(copy({ id: 13 }));
    store.write(copy({ site: 4 }));
    expect(store.list(at).map((c) => c.editor)).toEqual(['tab-b', 'tab-a']);
    expect(store.read(at, 'tab-a')?.draft.title).toBe('標題');
  });

  it('two editors of the same item keep separate copies', () => {
    const store = new CopyStore(memoryStorage());
    store.write(copy({ editor: 'one', draft: draftWith('甲') }));
    store.write(copy({ editor: 'two', draft: draftWith('乙') }));
    store.confirm(at, 'one', 1, 5);
    expect(store.read(at, 'one')).toBeUndefined();
    expect(store.read(at, 'two')?.draft.title).toBe('乙');
  });

  it('removes a copy only when the server confirmed the version it holds', () => {
    const store = new CopyStore(memoryStorage());
    store.write(copy({ seq: 5 }));
    // The server confirmed change 3; the copy holds change 5: it stays, now based on version 7.
    store.confirm(at, 'tab-a', 3, 7);
    expect(store.read(at, 'tab-a')).toMatchObject({ seq: 5, baseVersion: 7 });
    store.confirm(at, 'tab-a', 5, 8);
    expect(store.read(at, 'tab-a')).toBeUndefined();
  });

  it('moves a new item’s copy from id 0 to its id', () => {
    const store = new CopyStore(memoryStorage());
    const fresh = { ...at, id: 0 };
    store.write(copy({ id: 0, baseVersion: 0 }));
    store.move(fresh, 41, 'tab-a');
    expect(store.list(fresh)).toEqual([]);
    expect(store.read({ ...at, id: 41 }, 'tab-a')).toMatchObject({ id: 41, baseVersion: 0 });
  });

  it('prunes a site’s copies older than a date, and nothing else', () => {
    const storage = memoryStorage();
    const store = new CopyStore(storage);
    store.write(copy({ editor: 'old', savedAt: 100 }));
    store.write(copy({ editor: 'new', savedAt: 5000 }));
    store.write(copy({ site: 9, editor: 'other-site', savedAt: 100 }));
    storage.map.set('writer.copy:3:post:1:broken', '{');
    storage.map.set('unrelated', 'x');
    store.prune(3, 1000);
    expect([...storage.map.keys()].sort()).toEqual([
      'unrelated',
      'writer.copy:3:post:12:new',
      'writer.copy:9:post:12:other-site',
    ]);
  });

  it('survives a full or broken storage', () => {
    const storage = memoryStorage(10);
    const store = new CopyStore(storage);
    expect(store.write(copy())).toBe(false);
    storage.map.set('writer.copy:3:post:12:bad', '{not json');
    storage.map.set('writer.copy:3:post:12:old', JSON.stringify({ v: 0 }));
    expect(store.list(at)).toEqual([]);
  });
});

describe('judging a copy against the server', () => {
  const server = { version: 4, draft: draftWith('標題') };

  it('same content: nothing to offer', () => {
    expect(judge(copy(), server)).toBe('same');
  });

  it('different content on the same version: newer', () => {
    expect(judge(copy({ draft: draftWith('標題', '多寫了一段') }), server)).toBe('newer');
  });

  it('different content based on an older version: diverged', () => {
    expect(judge(copy({ baseVersion: 2, draft: draftWith('舊標題') }), server)).toBe('diverged');
  });

  it('compares through the normaliser (the editor’s spelling of HTML)', () => {
    const local = copy({ draft: draftWith('標題', '<b>粗</b>') });
    const remote = { version: 4, draft: draftWith('標題', '<strong>粗</strong>') };
    expect(judge(local, remote)).toBe('newer');
    const normalize = (d: typeof local.draft) => ({
      ...d,
      content: JSON.parse(
        JSON.stringify(d.content).replaceAll('<b>', '<strong>').replaceAll('</b>', '</strong>'),
      ),
    });
    expect(judge(local, remote, normalize)).toBe('same');
  });

  it('offers the newest differing copy and lists equal ones for removal', () => {
    const equal = copy({ editor: 'e', savedAt: 3000 });
    const older = copy({ editor: 'o', savedAt: 1000, draft: draftWith('一') });
    const newer = copy({ editor: 'n', savedAt: 2000, draft: draftWith('二') });
    const { offer, same } = pickOffer([equal, newer, older], server);
    expect(offer?.copy.editor).toBe('n');
    expect(offer?.verdict).toBe('newer');
    expect(same.map((c) => c.editor)).toEqual(['e']);
  });
});

describe('draft helpers', () => {
  it('title and subtitle are one line', () => {
    expect(oneLine('第一行\n第二行\r\n第三行')).toBe('第一行 第二行 第三行');
  });

  it('builds the save request with ids and the version it is based on', () => {
    const draft = {
      ...draftWith(' 標題\n'),
      tag: [{ id: 2, name: '咖啡' }],
      custom: [{ id: 9, title: '別篇' }],
      related: 4 as const,
    };
    expect(toSave(draft, { id: 5, lang_id: 1, version: 3, force: false })).toMatchObject({
      id: 5,
      title: '標題',
      tag: [2],
      custom: [9],
      related: 4,
      version: 3,
      force: false,
    });
    expect(toSave({ ...draft, related: 1 }, { id: 5, lang_id: 1, version: 3, force: true }).custom).toEqual(
      [],
    );
  });

  it('fingerprints ignore key order and versions', () => {
    const a = draftWith('同');
    const b = { ...draftWith('同'), seo: { content: '', title: '' } };
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint(draftWith('不同')));
  });
});
