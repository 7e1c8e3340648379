/**
 * Members (/member, /member/{id}): SPEC §7 `profile get/tags/note/roles/remove` and `site/members`, plus the list,
 * a member added by hand, and CSV export and import. Reads need member.view, changes member.edit, removal
 * member.delete (contract/permissions.ts).
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { IdInput, ListInput, listResult } from '../list';
import {
  ImportPreview,
  ImportReply,
  MEMBER_CSV_MAX_BYTES,
  Member,
  MemberCsvInput,
  MemberDetail,
  MemberNoteInput,
  MemberPlanRef,
  MemberRemoveInput,
  MemberRemoveReply,
  MemberRoom,
  MemberSave,
  MemberStanding,
  MemberTagList,
  MemberTagsInput,
} from '../members';
import { RESOURCE_PERMISSIONS } from '../permissions';

const perm = RESOURCE_PERMISSIONS.member;

const csv = {
  input: MemberCsvInput,
  access: 'site',
  permission: perm.edit,
  multipart: true,
  fileMaxBytes: MEMBER_CSV_MAX_BYTES,
  timeout: TIMEOUT.upload,
} as const;

export const memberApi = {
  list: endpoint({
    path: 'profile/list',
    input: ListInput,
    output: listResult(Member),
    access: 'site',
    permission: perm.list,
    summary: "The site's members: filters tag, plan, status, keyword (name or e-mail), epaper_opt_in",
  }),
  get: endpoint({
    path: 'profile/get',
    input: IdInput,
    output: MemberDetail,
    access: 'site',
    permission: perm.list,
    summary: 'One member with their standing, payments, e-papers received and follow state',
  }),
  tags: endpoint({
    path: 'profile/tags',
    input: MemberTagsInput,
    output: MemberDetail,
    access: 'site',
    permission: perm.edit,
    summary: "Replaces a member's tags (20 at most, 2–30 characters each)",
  }),
  note: endpoint({
    path: 'profile/note',
    input: MemberNoteInput,
    output: MemberDetail,
    access: 'site',
    permission: perm.edit,
    summary: "Sets staff's note on a member (meta.note)",
  }),
  roles: endpoint({
    path: 'profile/roles',
    input: IdInput,
    output: MemberStanding,
    access: 'site',
    permission: perm.list,
    summary: "A member's standing: status, plan, period end, e-paper opt-in",
  }),
  remove: endpoint({
    path: 'profile/remove',
    input: MemberRemoveInput,
    output: MemberRemoveReply,
    access: 'site',
    permission: perm.delete,
    summary: 'Removes one member ({id}) or several ({ids}) with their sessions and subscription',
  }),
  save: endpoint({
    path: 'profile/save',
    input: MemberSave,
    output: MemberDetail,
    access: 'site',
    permission: perm.create,
    summary: "Adds a member by hand (id 0), within the plan's member limit",
  }),
  export: endpoint({
    path: 'profile/export',
    input: ListInput,
    // A CSV file (UTF-8 with a byte-order mark), not an envelope; refusals still answer envelopes.
    output: z.string(),
    access: 'site',
    permission: perm.list,
    raw: true,
    timeout: TIMEOUT.upload,
    summary: "The members of the list's current filter, as CSV",
  }),
  importPreview: endpoint({
    path: 'profile/import_preview',
    ...csv,
    output: ImportPreview,
    summary: 'Reads a CSV (2 MB, 10,000 rows at most) and answers each row: new, update or its errors',
  }),
  import: endpoint({
    path: 'profile/import',
    ...csv,
    output: ImportReply,
    summary: 'Imports a CSV in one transaction; any error row, or new rows over the limit, imports nothing',
  }),
  tagList: endpoint({
    path: 'tags/list',
    input: EmptyInput,
    output: MemberTagList,
    access: 'site',
    permission: perm.list,
    summary: "The members' tags in use, with how many members carry each",
  }),
  plans: endpoint({
    path: 'profile/plans',
    input: EmptyInput,
    output: z.array(MemberPlanRef),
    access: 'site',
    permission: perm.list,
    summary: "The site's reader plans, for the members list's plan filter",
  }),
  room: endpoint({
    path: 'site/members',
    input: EmptyInput,
    output: MemberRoom,
    access: 'site',
    permission: perm.list,
    summary: "The site's member count and its plan's limit",
  }),
};
