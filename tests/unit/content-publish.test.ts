/** The publish setting screen's requests, and the tags helper's save body. */
import { describe, expect, it } from 'vitest';
import { type ContentItem, ContentSave } from '../../contract/content';
import { choiceOf, updateOf, withdrawalChoice } from '../../src/custom/publish/request';
import { saveBodyWithTags, withTag } from '../../src/custom/publish/tags';

describe('publish choices', () => {
  const draft = { id: 4, status: 0 };
  const scheduled = { id: 4, status: 2 };

  it('publishes now with mode 1', () => {
    expect(choiceOf(draft, { mode: 'now', date: '2025-03-01', time: '10:30' })).toEqual({
      input: { id: 4, mode: 1 },
      words: { done: 'publish', failed: 'publish' },
      confirm: 'publish',
    });
  });

  it('schedules with mode 2 and the date and time; rescheduling is an update', () => {
    const values = { mode: 'schedule', date: '2025-03-01', time: '10:30' } as const;
    expect(choiceOf(draft, values)).toEqual({
      input: { id: 4, mode: 2, date: '2025-03-01', time: '10:30' },
      words: { done: 'schedule', failed: 'schedule' },
      confirm: 'schedule',
    });
    expect(choiceOf(scheduled, values).words).toEqual({ done: 'update', failed: 'schedule' });
  });

  it('updates a published item by publishing it again with its date and time', () => {
    expect(updateOf({ id: 4 }, { date: '2025-03-01', time: '10:30' }).input).toEqual({
      id: 4,
      mode: 1,
      date: '2025-03-01',
      time: '10:30',
    });
  });

  it('takes offline and cancels a schedule with mode 0', () => {
    expect(withdrawalChoice({ id: 4 }, 'offline')).toEqual({
      input: { id: 4, mode: 0 },
      words: { done: 'offline', failed: 'offline' },
      confirm: 'offline',
    });
    expect(withdrawalChoice({ id: 4 }, 'cancel').words.failed).toBe('cancel');
  });
});

describe('tags after publishing', () => {
  const item: ContentItem = {
    id: 9,
    uuid: '5f0c6f7e-7a51-4c3c-9d0a-2b1d1c1e8f00',
    type: 1,
    lang_id: 1,
    slug: 'ren-gong-zhi-hui',
    title: '人工智慧',
    subtitle: '',
    content: { blocks: [{ type: 'paragraph', data: { text: '內容' } }] },
    abstract: '內容',
    reading_time: 1,
    cover: '',
    author: [2],
    tag: [{ id: 3, name: '台北' }],
    category_id: 1,
    place_id: null,
    related: 4,
    custom: [{ id: 7, title: '另一篇' }],
    to_top: false,
    status: 1,
    publish_ts: '2025-03-01T02:00:00Z',
    is_draft_changed: false,
    url: 'https://demo.example.com/post/ren-gong-zhi-hui',
    preview_url: '',
    seo: { title: '', content: '' },
    frontend_display_language: [1],
    version: 6,
    created_at: '2025-03-01T02:00:00Z',
    updated_at: '2025-03-01T02:00:00Z',
  };

  it('re-saves the item as read, with the new tags and the version it was read at', () => {
    const body = saveBodyWithTags(item, [3, 8]);
    expect(body).toMatchObject({ id: 9, tag: [3, 8], version: 6, custom: [7], related: 4, force: false });
    // The body is exactly what press/save accepts.
    expect(ContentSave.safeParse(body).success).toBe(true);
  });

  it('adds a tag once, and refuses more than the limit', () => {
    expect(withTag([3], 3)).toEqual({ ids: [3], failure: undefined });
    expect(withTag([3], 8).ids).toEqual([3, 8]);
    expect(withTag([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 11).failure).toEqual({
      message: 'validation.tagsCheck',
      args: { n: 10 },
    });
  });
});
