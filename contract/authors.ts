/**
 * Authors (SPEC §3): the bylines of content. An author tied to a member account (`member_id`) is that person's own
 * and is edited only through their profile, never here.
 */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { f } from './fields';
import type { ListColumns } from './list';

export interface Author {
  id: number;
  name: string;
  title: string;
  avatar: string;
  member_id: number | null;
  created_at: string;
  updated_at: string;
}

/** `author/save`: id 0 adds one. */
export const AuthorSave = z.strictObject({
  id: f.uint(),
  name: f.requiredText(NAME_MAX),
  title: f.text(100).default(''),
  avatar: f.linkOrEmpty().default(''),
});
export type AuthorSave = z.input<typeof AuthorSave>;

export const authorColumns: ListColumns = {
  filter: ['id', 'name'],
  sort: ['id', 'name', 'created_at', 'updated_at'],
};
