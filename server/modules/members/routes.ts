/**
 * Members (/member): thin bindings of contract/api/members.ts — a member's tags, note and standing, the CSV import,
 * the tags and plans of the list's filters, the count and limit —; everything within the caller's site. The list,
 * the record, a member added by hand, removal and the export are the entity's (server/entities/member.ts).
 */
import { memberApi } from '../../../contract/api/members';
import { action } from '../../http/action';
import { memberRoom } from '../readers/limit';
import { csvText, importMembers, previewImport } from './csv';
import * as members from './service';

export const memberActions = [
  action({
    ...memberApi.tags,
    handler: (input, ctx) => members.setTags(ctx.deps.db, ctx.site.id, input.id, input.tags, ctx.deps.now()),
  }),
  action({
    ...memberApi.note,
    handler: (input, ctx) => members.setNote(ctx.deps.db, ctx.site.id, input.id, input.note, ctx.deps.now()),
  }),
  action({
    ...memberApi.roles,
    handler: (input, ctx) => members.memberStanding(ctx.deps.db, ctx.site.id, input.id),
  }),
  action({
    ...memberApi.importPreview,
    handler: (input, ctx) => previewImport(ctx.deps.db, ctx.site.id, csvText(input)),
  }),
  action({
    ...memberApi.import,
    handler: (input, ctx) => importMembers(ctx.deps.db, ctx.site.id, csvText(input), ctx.deps.now()),
  }),
  action({
    ...memberApi.tagList,
    handler: (_input, ctx) => members.tagsInUse(ctx.deps.db, ctx.site.id),
  }),
  action({
    ...memberApi.plans,
    handler: (_input, ctx) => members.memberPlans(ctx.deps.db, ctx.site.id),
  }),
  action({
    ...memberApi.room,
    handler: (_input, ctx) => memberRoom(ctx.deps.db, ctx.site.id),
  }),
];
