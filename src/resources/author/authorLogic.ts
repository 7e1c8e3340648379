/** The author screens' pure logic: which authors this screen may change, and what `author/save` receives. */
import type { Author, AuthorSave } from '../../../contract/authors';

/** Tied to a member account: edited only by that person in their profile (SPEC §6), never here. */
export const isLinked = (author: Pick<Author, 'member_id'>): boolean =>
  author.member_id !== null && author.member_id !== undefined;

/** The signed-in user's own author. */
export const isOwn = (author: Pick<Author, 'member_id'>, userId: string | number | undefined): boolean =>
  isLinked(author) && userId !== undefined && String(author.member_id) === String(userId);

export interface AuthorFormValues {
  id: number;
  name: string | null;
  title: string | null;
  avatar: string | null;
}

export const toAuthorForm = (
  author?: Pick<Author, 'id' | 'name' | 'title' | 'avatar'>,
): AuthorFormValues => ({
  id: author?.id ?? 0,
  name: author?.name ?? '',
  title: author?.title ?? '',
  avatar: author?.avatar ?? '',
});

const text = (v: unknown) => (typeof v === 'string' ? v.replace(/[\r\n]+/g, ' ').trim() : '');

/** `author/save`: id 0 adds one; cleared inputs (null) are sent as ''. */
export const toAuthorSave = (values: AuthorFormValues): AuthorSave => ({
  id: values.id,
  name: text(values.name),
  title: text(values.title),
  avatar: text(values.avatar),
});

/**
 * What an avatar without a picture (or whose picture does not load) shows: the first character, or the initials of
 * the first two words of a name written with spaces (Ann Lee → AL).
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0])
    .join('')
    .toUpperCase();
}
