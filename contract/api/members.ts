/**
 * Members (/member, /member/{id}): SPEC §7 `profile tags/note/roles` and `site/members`, the CSV import, and the
 * tags and plans of the list's filters. The list, the record, a member added by hand, removal and the CSV export are
 * the entity's (contract/entities/member.ts: `profile/list`, `profile/get`, `profile/save`, `profile/remove`,
 * `profile/export`). Reads need member.view, changes member.edit (contract/permissions.ts).
 */
import { z } from 'zod';
import { EmptyInput } from '../auth';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { MemberDetail } from '../entities/member';
import { IdInput } from '../list';
import {
  ImportPreview,
  ImportReply,
  MEMBER_CSV_MAX_BYTES,
  MemberCsvInput,
  MemberNoteInput,
  MemberPlanRef,
  MemberRoom,
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
