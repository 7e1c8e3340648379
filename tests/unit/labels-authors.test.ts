/**
 * The generated entity screens' logic, on the author and label declarations: the registry, the form's values, what
 * `save` receives, the inputs' checks by the zod rules, and the server's errors back on the form.
 */
import { describe, expect, it } from 'vitest';
import { author } from '../../contract/entities/author';
import { label } from '../../contract/entities/label';
import { toFormErrors, toFormValues, toSaveBody, validatorOf } from '../../src/entities/form';
import { entityResource, entityResources } from '../../src/entities/registry';
import { initials } from '../../src/entities/view';

describe('the registry', () => {
  it('holds every declared resource with its entity brief and menu place', () => {
    const names = entityResources.map((r) => r.name).sort();
    expect(names).toEqual(expect.arrayContaining(['author', 'category', 'tag']));
    expect(entityResource('tag')).toMatchObject({ fixed: { type: 'tag' }, brief: { name: 'label' } });
    expect(entityResource('author')?.menu.group).toBe('content');
    // Content's kinds: fixed in the query string, each with its own permissions.
    expect(entityResource('page')).toMatchObject({
      fixed: { t: 3 },
      query: true,
      permissions: { create: 'page.add' },
      brief: { name: 'content' },
    });
    expect(entityResource('file')).toBeUndefined();
  });
});

describe('author/save from the generated form', () => {
  it('adds with id 0 and sends cleared inputs as empty text, read-only fields never', () => {
    const values = { ...toFormValues(author.fields), name: '  林小寫 ', title: null, avatar: null };
    const { body } = toSaveBody(author.fields, values);
    expect(body).toEqual({ id: 0, name: '  林小寫 ', title: '', avatar: '' });
    expect(author.save.safeParse(body).data).toEqual({ id: 0, name: '林小寫', title: '', avatar: '' });
  });

  it('edits an existing author with its id', () => {
    const record = { id: 9, name: 'Ann', title: 'Editor', avatar: '/uploads/1/a.png', member_id: null };
    expect(toSaveBody(author.fields, toFormValues(author.fields, record)).body).toEqual({
      id: 9,
      name: 'Ann',
      title: 'Editor',
      avatar: '/uploads/1/a.png',
    });
  });
});

describe('input checks', () => {
  it('answer the SPEC §5 message keys of the zod rule, and mark required fields', () => {
    const name = validatorOf(author.fields.name);
    expect(name.isRequired).toBe(true);
    expect(name('')).toEqual({ message: 'validation.required', args: {} });
    expect(name(null)).toEqual({ message: 'validation.required', args: {} });
    expect(name('x'.repeat(300))).toMatchObject({ message: 'validation.maxLength' });
    expect(name('Ann')).toBeUndefined();
    const avatar = validatorOf(author.fields.avatar);
    expect(avatar.isRequired).toBe(false);
    expect(avatar('')).toBeUndefined();
    expect(avatar('not a link')).toMatchObject({ message: expect.stringMatching(/^validation\./) });
  });
});

describe('per-language fields', () => {
  it('hold every content language in the form and send those filled, zh-TW first', () => {
    const values = toFormValues(label.fields, {
      id: 3,
      slug: 'tai-bei',
      lang: [{ lang_id: 3, title: 'Taipei', cover: '' }],
      active: [1, 3],
    });
    expect((values.lang as unknown[]).length).toBe(5);
    const { body, formIndex } = toSaveBody(label.fields, values);
    expect(body.lang).toEqual([
      { lang_id: 1, title: '', cover: '' },
      { lang_id: 3, title: 'Taipei', cover: '' },
    ]);
    expect(formIndex.lang).toEqual([0, 2]);
    expect(
      toFormErrors({ 'lang.1.title': 'validation.maxLength', slug: 'validation.duplicate' }, formIndex),
    ).toEqual({ 'lang.2.title': 'validation.maxLength', slug: 'validation.duplicate' });
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
