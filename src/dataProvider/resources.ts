/**
 * How each react-admin resource maps onto the envelope API: which action serves which dataProvider method (paths
 * may carry a query, e.g. `press/list?t=1`), and how list filters become the API's filter objects. A new resource
 * adds one entry here.
 */
import { AuthorSave } from '../../contract/authors';
import { LabelSave, type LabelType } from '../../contract/labels';
import type { Filter } from '../../contract/list';
import type { ResourceName } from '../../contract/permissions';
import { CONTENT_KINDS } from '../resources/content/kinds';
import { contentResourceApi } from '../resources/content/resourceApi';

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
  /** Fields sent with every call of the resource (e.g. a label's `type`); they win over the record's. */
  extra?: Record<string, unknown>;
}

const keyword =
  (col: string) =>
  (value: unknown): Filter | undefined =>
    typeof value === 'string' && value.trim() !== ''
      ? { col, value: value.trim(), type: 'search' }
      : undefined;

/** Tags and categories are both labels: one set of actions, told apart by `type`. Saving with id 0 creates. */
const label = (type: LabelType): ResourceApi => ({
  list: 'label/index',
  get: 'label/show',
  create: 'label/save',
  update: 'label/save',
  delete: 'label/delete',
  createInput: LabelSave,
  updateInput: LabelSave,
  filters: { q: keyword('name') },
  extra: { type },
});

export const resourceApis: Partial<Record<ResourceName, ResourceApi>> = {
  category: label('category'),
  tag: label('tag'),
  /** `author/save` with id 0 creates: a new author's form starts with id 0. */
  author: {
    list: 'author/list',
    get: 'author/get',
    create: 'author/save',
    update: 'author/save',
    delete: 'author/delete',
    createInput: AuthorSave,
    updateInput: AuthorSave,
    filters: { q: keyword('name') },
  },
  press: contentResourceApi(CONTENT_KINDS.press),
  page: contentResourceApi(CONTENT_KINDS.page),
  epaper: contentResourceApi(CONTENT_KINDS.epaper),
};
