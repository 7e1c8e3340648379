/** Categories (SPEC §3) as the foundation's category resource sees them: a category label by its zh-TW name. */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { f } from './fields';
import type { ListColumns } from './list';

export const Category = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoryNew = z.strictObject({ name: f.requiredText(NAME_MAX) });
export const CategoryEdit = z.strictObject({ id: f.id(), name: f.requiredText(NAME_MAX) });
export type CategoryNew = z.infer<typeof CategoryNew>;
export type CategoryEdit = z.infer<typeof CategoryEdit>;

export const categoryColumns: ListColumns = {
  filter: ['id', 'name'],
  sort: ['id', 'name', 'created_at', 'updated_at'],
};
