/**
 * Authors (SPEC §3): the bylines of content. An author tied to a member account (`member_id`) is that person's own
 * and is edited only through their profile, never here (server/entities/author.ts).
 */
import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { defineEntity, field } from '../entity';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS } from '../permissions';

export const author = defineEntity({
  name: 'author',
  table: 'authors',
  title: 'name',
  fields: {
    name: field.text(f.requiredText(NAME_MAX), { list: true, filter: 'search', sort: true }),
    title: field.text(f.text(100).default(''), { list: true }),
    avatar: field.image({ list: true }),
    member_id: field.readOnly(z.number().nullable(), { list: true }),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ list: true, sort: true }),
  },
  permissions: RESOURCE_PERMISSIONS.author,
  /** SPEC §7 names the get `author/get` and `author/show`. */
  aliases: { get: ['author/show'] },
  defaultSort: { col: 'id', order: 'desc' },
  menu: { group: 'content', order: 70, icon: () => import('@mui/icons-material/PersonOutline') },
});
