/**
 * Content (SPEC §3, §7 Content): articles (1), pages (3) and e-papers (4), one table, three resources told apart by
 * the kind in the query string (`press/<action>?t=<type>`, contentQuery), each with its own permissions (posts and
 * e-papers post.*, pages page.*). The API is SPEC §7's own (contract/api/content.ts): `press/get` takes a language,
 * `press/save` the writer's whole item (or what `press/get` answered) and answers a summary, and an item is deleted by
 * publishing it with mode -1 (`press/publish`, the content module's). The fields are the list's row; the server's
 * hooks answer list, get and save from the content service, which applies the sight rules (post.view sees its own and
 * linked items, post.view_site the published, post.view_all all: server/entities/content.ts). Writing is the
 * writer's (/edit/<type>/<id>), publishing src/custom/publish's; the article and e-paper lists are the generated one
 * with the content screens attached, the pages' the page tree (src/entities/overrides/<resource>.tsx).
 */
import { z } from 'zod';
import { contentApi } from '../api/content';
import { Named, Status } from '../content';
import { LANG_IDS, PUBLISH_MODE, STATUS } from '../contentConstants';
import { defineEntity, type EntityRecord, field } from '../entity';
import { RESOURCE_PERMISSIONS } from '../permissions';

/** A short document of one paragraph (the conformance tests' records). */
const doc = (text: string) => ({ blocks: [{ type: 'paragraph', data: { text } }] });

export const content = defineEntity({
  name: 'content',
  table: 'contents',
  title: 'title',
  ops: ['list', 'get', 'save', 'delete'],
  fields: {
    uuid: field.readOnly(z.string()),
    title: field.readOnly(z.string(), { list: true, sort: true }),
    slug: field.readOnly(z.string()),
    status: field.readOnly(Status, {
      list: true,
      filter: 'in',
      sort: true,
      choices: [STATUS.DRAFT, STATUS.PUBLISHED, STATUS.SCHEDULED],
    }),
    author: field.readOnly(z.array(Named), { list: true }),
    category: field.readOnly(Named.nullable(), { list: true }),
    tag: field.readOnly(z.array(Named)),
    publish_ts: field.readOnly(z.string().nullable(), { list: true, sort: true }),
    lang_id: field.readOnly(z.number(), { list: true, filter: 'in', choices: LANG_IDS }),
    to_top: field.readOnly(z.boolean()),
    pin_order: field.readOnly(z.number()),
    is_draft_changed: field.readOnly(z.boolean()),
    updated_at: field.readOnly(z.string(), { sort: true }),
    /** The abstract, or else the subtitle. */
    agenda: field.readOnly(z.string()),
  },
  // The title (its own: a trigram index serves it); the status, category, tags, authors, language, pinned or not.
  searches: { keyword: 'own' },
  filters: {
    status: 'ids',
    category_id: 'ids',
    tag: 'ids',
    author: 'ids',
    lang_id: 'ids',
    to_top: 'flag',
  },
  endpoints: {
    list: contentApi.list,
    get: contentApi.get,
    save: contentApi.save,
    delete: contentApi.publish,
  },
  deleteWith: { mode: PUBLISH_MODE.DELETE },
  permissions: RESOURCE_PERMISSIONS.press,
  // Pinned first in their order, then the latest changed (the server's order when none is asked for).
  defaultSort: { col: 'updated_at', order: 'desc' },
  // press/save's own input (contract/content.ts ContentSave): a title and a body; `force` saves over any version.
  sample: (n) => ({ title: `範例 ${n}`, content: doc(`範例 ${n} 的內文`), version: 0, force: true }) as never,
  resources: [
    {
      name: 'press',
      fixed: { t: 1 },
      query: true,
      permissions: RESOURCE_PERMISSIONS.press,
      menu: { group: 'content', order: 10, icon: () => import('@mui/icons-material/Article') },
    },
    {
      name: 'page',
      fixed: { t: 3 },
      query: true,
      permissions: RESOURCE_PERMISSIONS.page,
      menu: { group: 'content', order: 20, icon: () => import('@mui/icons-material/Description') },
    },
    {
      name: 'epaper',
      fixed: { t: 4 },
      query: true,
      permissions: RESOURCE_PERMISSIONS.epaper,
      menu: { group: 'content', order: 30, icon: () => import('@mui/icons-material/MailOutline') },
    },
  ],
});

/** A row of the content lists (`press/list`). */
export type ContentListRow = EntityRecord<typeof content>;
