/** The author entity's endpoints (contract/entities/author.ts), the user's own author and an author's items. */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../constants';
import { endpoint } from '../endpoint';
import { author } from '../entities/author';
import { f } from '../fields';
import { RESOURCE_PERMISSIONS } from '../permissions';

/** One item of an author's issue: what the modal lists and what opens it in the writer. */
const AuthorIssueRow = z.object({
  id: z.number(),
  /** The content type (CONTENT_TYPE: 1 article, 3 page, 4 e-paper). */
  type: z.number(),
  title: z.string(),
  /** 1 published or 2 scheduled (STATUS). */
  status: z.number(),
  publish_ts: z.string().nullable(),
  lang_id: z.number(),
});
export type AuthorIssueRow = z.infer<typeof AuthorIssueRow>;

export const authorApi = {
  ...author.api,
  mine: endpoint({
    path: 'member/author',
    input: z.strictObject({}),
    output: author.record,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.author.list,
    summary: "The caller's own author on the site, made on first need",
  }),
  /**
   * The author issue modal (SPEC §2, §7 `author/issue`): the author's published and scheduled items of every type —
   * articles, e-papers and pages, each row with its `type` — newest first (by publish time), a page of them with the
   * total. Only the items the caller sees are listed (the content sight rules, and only the types they may list);
   * drafts and deleted items never. Another site's author, or none, is 404.
   */
  issue: endpoint({
    path: 'author/issue',
    input: z.strictObject({
      id: f.id(),
      page: z.number().int().min(1).max(1_000_000).default(1),
      per_page: z.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
    }),
    output: z.object({ rows: z.array(AuthorIssueRow), total: z.number() }),
    access: 'site',
    permission: RESOURCE_PERMISSIONS.author.list,
    summary: "An author's published and scheduled items (all types), newest first, a page with the total",
  }),
};
