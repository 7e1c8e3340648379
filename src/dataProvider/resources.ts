/**
 * How each react-admin resource maps onto the envelope API: which action serves which dataProvider method (paths
 * may carry a query, e.g. `press/list?t=1`), and how list filters become the API's filter objects. A new resource
 * adds one entry here.
 */
import { CategoryEdit, CategoryNew } from '../../contract/category';
import type { Filter } from '../../contract/list';
import type { ResourceName } from '../../contract/permissions';

export interface ResourceApi {
  list: string;
  get: string;
  create: string;
  update: string;
  delete: string;
  /** The contract's input schemas: only their fields are sent (the server refuses unknown ones). */
  createInput: { shape: Record<string, unknown> };
  updateInput: { shape: Record<string, unknown> };
  /** react-admin filter values → API filter objects. `q` is the keyword of the list's search box. */
  filters: Record<string, (value: unknown) => Filter | undefined>;
  /** The delete action's body when it is not `{id}` (e.g. articles are deleted by publishing with mode -1). */
  deleteBody?: (id: number) => object;
}

const keyword =
  (col: string) =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

export const resourceApis: Partial<Record<ResourceName, ResourceApi>> = {
  category: {
    list: 'category/all',
    get: 'category/get',
    create: 'category/new',
    update: 'category/edit',
    delete: 'category/del',
    createInput: CategoryNew,
    updateInput: CategoryEdit,
    filters: { q: keyword('name') },
  },
};
