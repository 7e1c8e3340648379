/**
 * Followers (/follower; SPEC §7 subscribers list): the addresses that follow the site, made by the public site's
 * follow form (or a member's account page). Read and exported with member.view, removed with member.delete
 * (RESOURCE_PERMISSIONS.follower). This module exports its catalogue only, so that the SPA gets it as paths and field
 * names (vite.config.ts); its schemas stay here and their types are exported.
 *
 * List filters (contract/list.ts `{col, value, type}`): `keyword` (search: the e-mail), `source` (search, or `in` exact
 * sources), `from` / `to` (search: a date YYYY-MM-DD in the site's time zone, both days included), `id` (in).
 * Sorts: `created_at` (default, newest first), `email`, `id`.
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { f } from '../fields';
import { ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.follower;

const FollowerRow = z.object({
  id: z.number(),
  email: z.string(),
  /** Where the follow came from: a page's path, or 'account', 'import'. */
  source: z.string(),
  created_at: z.string(),
  /** The member with this follow, when the follower is (or was, by the same reader) a member of the site. */
  member: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Follower = z.infer<typeof FollowerRow>;

/** At most this many followers are removed by one call. */
const REMOVE_MAX = 1000;
const FollowerRemove = z.strictObject({ ids: z.array(f.id()).min(1).max(REMOVE_MAX) });
export type FollowerRemove = z.infer<typeof FollowerRemove>;

export const followerApi = {
  list: endpoint({
    path: 'subscribers/list',
    input: ListInput,
    output: listResult(FollowerRow),
    access: 'site',
    permission: perm.list,
    summary: "The site's followers: e-mail, source, date and the member behind them",
  }),
  export: endpoint({
    path: 'subscribers/export',
    // The list's query; its page and size are ignored: every follower the filters keep is exported.
    input: ListInput,
    // A CSV file (UTF-8 with a byte-order mark), not an envelope; refusals still answer envelopes.
    output: z.string(),
    access: 'site',
    permission: perm.list,
    raw: true,
    // A file, as the other CSV exports (profile/export, order/export).
    timeout: TIMEOUT.upload,
    summary: 'The followers the filters keep, as CSV',
  }),
  remove: endpoint({
    path: 'subscribers/remove',
    input: FollowerRemove,
    output: z.object({ ids: z.array(z.number()) }),
    access: 'site',
    permission: perm.delete,
    summary: 'Removes followers of the site (ids of another site are not found)',
  }),
};
