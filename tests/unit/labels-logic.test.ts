/** The label screens' pure logic: form shape, what label/save receives, server errors back on the form, routes. */
import { describe, expect, it } from 'vitest';
import { label } from '../../contract/entities/label';
import type { EntityRecord } from '../../contract/entity';
import { modalFor } from '../../src/entities/view';
import {
  activeLanguages,
  previewPath,
  toFormErrors,
  toFormValues,
  toLabelSave,
} from '../../src/resources/label/labelLogic';
import { cpuMs } from './cpuTime';

const taipei: Pick<EntityRecord<typeof label>, 'id' | 'slug' | 'active' | 'lang'> = {
  id: 7,
  slug: 'tai-bei',
  active: [3, 1],
  lang: [
    { lang_id: 3, title: 'Taipei', cover: '' },
    { lang_id: 1, title: '台北', cover: '/uploads/1/a.webp' },
  ],
};

describe('label form values', () => {
  it('start a new label with five empty languages, zh-TW first and active', () => {
    const v = toFormValues('tag');
    expect(v.id).toBe(0);
    expect(v.type).toBe('tag');
    expect(v.slug).toBe('');
    expect(v.lang.map((l) => l.lang_id)).toEqual([1, 2, 3, 4, 5]);
    expect(v.lang.every((l) => l.title === '' && l.cover === '')).toBe(true);
    expect(v.active).toEqual([1]);
  });

  it('put an existing label in language order', () => {
    const v = toFormValues('category', taipei);
    expect(v.id).toBe(7);
    expect(v.lang[0]).toEqual({ lang_id: 1, title: '台北', cover: '/uploads/1/a.webp' });
    expect(v.lang[2]).toEqual({ lang_id: 3, title: 'Taipei', cover: '' });
    expect(v.lang[1].title).toBe('');
    expect(v.active).toEqual([1, 3]);
  });
});

describe('what label/save receives', () => {
  it('keeps zh-TW and the languages with a title or a cover, trimmed, and passes the contract', () => {
    const v = toFormValues('tag');
    v.lang[0].title = '  台北  ';
    v.lang[2].title = 'Taipei';
    v.lang[4].cover = '/uploads/1/k.png';
    v.lang[3].title = null; // a cleared react-admin input
    v.slug = null;
    v.active = [3, 1, 1];
    const { body, formIndex } = toLabelSave(v);
    expect(body).toEqual({
      id: 0,
      type: 'tag',
      slug: '',
      lang: [
        { lang_id: 1, title: '台北', cover: '' },
        { lang_id: 3, title: 'Taipei', cover: '' },
        { lang_id: 5, title: '', cover: '/uploads/1/k.png' },
      ],
      active: [1, 3],
    });
    expect(formIndex).toEqual([0, 2, 4]);
    expect(label.save.safeParse(body).success).toBe(true);
  });

  it('keeps an empty zh-TW title so the server reports it where the form shows it', () => {
    const { body, formIndex } = toLabelSave(toFormValues('category'));
    expect(body.lang).toEqual([{ lang_id: 1, title: '', cover: '' }]);
    expect(formIndex).toEqual([0]);
    expect(label.save.safeParse(body).success).toBe(false);
  });

  it('joins the lines of a pasted title', () => {
    const v = toFormValues('tag');
    v.lang[0].title = '台北\n咖啡';
    expect(toLabelSave(v).body.lang[0].title).toBe('台北 咖啡');
  });
});

describe('server field errors on the form', () => {
  it('maps sent language indexes to form indexes and a duplicate name to the zh-TW title', () => {
    expect(
      toFormErrors({ 'lang.0.title': '此欄位重複', 'lang.1.cover': '連結錯誤', slug: '此欄位重複' }, [0, 3]),
    ).toEqual({ 'lang.0.title': '此欄位重複', 'lang.3.cover': '連結錯誤', slug: '此欄位重複' });
    expect(toFormErrors({ name: '此欄位重複' }, [0])).toEqual({ 'lang.0.title': '此欄位重複' });
    expect(toFormErrors({ lang: '格式錯誤' }, [0])).toEqual({ 'lang.0.title': '格式錯誤' });
    expect(toFormErrors({ 'lang.9.title': 'x' }, [0])).toEqual({ 'lang.0.title': 'x' });
  });
});

describe('addresses', () => {
  it('previews tags by slug and categories by id', () => {
    expect(previewPath('tag', { id: 3, slug: 'tai-bei' })).toBe('/tag/tai-bei');
    expect(previewPath('tag', { id: 3, slug: '' })).toBe('/tag/3');
    expect(previewPath('category', { id: 3, slug: 'xin-wen' })).toBe('/category/3');
  });

  it('reads which modal a route asks for: 0 adds, an id edits', () => {
    expect(modalFor(undefined)).toEqual({ open: false });
    expect(modalFor('')).toEqual({ open: false });
    expect(modalFor('0')).toEqual({ open: true, id: 0 });
    expect(modalFor('create')).toEqual({ open: true, id: 0 });
    expect(modalFor('42')).toEqual({ open: true, id: 42 });
    expect(modalFor('42/')).toEqual({ open: true, id: 42 });
    expect(modalFor('abc')).toBeNull();
    expect(modalFor('-1')).toBeNull();
    expect(modalFor('99999999999')).toBeNull();
  });

  it('reads a route ending in a long run of slashes at once (a link anyone can send)', () => {
    const spent = cpuMs(() => {
      expect(modalFor(`${'/'.repeat(100_000)}x`)).toBeNull();
      expect(modalFor(`42${'/'.repeat(100_000)}`)).toEqual({ open: true, id: 42 });
    });
    // Retried from every slash, the run took seconds; once, it takes well under a millisecond.
    expect(spent).toBeLessThan(500);
  });

  it('lists active languages in content-language order, ignoring unknown ids', () => {
    expect(activeLanguages([4, 1, 9])).toEqual([1, 4]);
    expect(activeLanguages(null)).toEqual([]);
  });
});
