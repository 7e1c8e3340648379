/** Authors: who may be changed here (SPEC §6) and what author/save receives. */
import { describe, expect, it } from 'vitest';
import { AuthorSave } from '../../contract/authors';
import {
  initials,
  isLinked,
  isOwn,
  toAuthorForm,
  toAuthorSave,
} from '../../src/resources/author/authorLogic';

describe('linked authors', () => {
  it('are the ones with a member account', () => {
    expect(isLinked({ member_id: 4 })).toBe(true);
    expect(isLinked({ member_id: null })).toBe(false);
  });

  it('are the user’s own when the account is theirs', () => {
    expect(isOwn({ member_id: 4 }, 4)).toBe(true);
    expect(isOwn({ member_id: 4 }, '4')).toBe(true);
    expect(isOwn({ member_id: 4 }, 5)).toBe(false);
    expect(isOwn({ member_id: null }, undefined)).toBe(false);
  });
});

describe('author/save', () => {
  it('adds with id 0 and sends cleared inputs as empty text', () => {
    const body = toAuthorSave({ ...toAuthorForm(), name: '  林小寫 ', title: null, avatar: null });
    expect(body).toEqual({ id: 0, name: '林小寫', title: '', avatar: '' });
    expect(AuthorSave.safeParse(body).success).toBe(true);
  });

  it('edits an existing author with its id', () => {
    const form = toAuthorForm({ id: 9, name: 'Ann', title: 'Editor', avatar: '/uploads/1/a.png' });
    expect(toAuthorSave(form)).toEqual({ id: 9, name: 'Ann', title: 'Editor', avatar: '/uploads/1/a.png' });
  });
});

describe('initials', () => {
  it('take the first character, or the first letters of two words', () => {
    expect(initials('ann lee')).toBe('AL');
    expect(initials('Owner')).toBe('O');
    expect(initials('林小寫')).toBe('林');
    expect(initials('  ')).toBe('');
  });
});
