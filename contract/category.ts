/** Categories (SPEC §3): the reference resource. */
import { z } from 'zod';
import { NAME_MAX } from './constants';
import { f } from './fields';
import type { ListColumns } from './list';

export interface Category {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export const CategoryNew = z.strictObject({ name: f.requiredText(NAME_MAX) });
export const CategoryEdit = z.strictObject({ id: f.id(), name: f.requiredText(NAME_MAX) });
export type CategoryNew = z.infer<typeof CategoryNew>;
export type CategoryEdit = z.infer<typeof CategoryEdit>;

export const categoryColumns: ListColumns = {
  filter: ['id', 'name'],
  sort: ['id', 'name', 'created_at', 'updated_at'],
};
