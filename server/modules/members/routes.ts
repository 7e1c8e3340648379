/** Members (/member): thin bindings of contract/api/members.ts; everything within the caller's site. */
import { memberApi } from '../../../contract/api/members';
import { action } from '../../http/action';
import { memberRoom } from '../readers/limit';
import { csvText, exportMembers, importMembers, previewImport } from './csv';
import * as members from './service';

export const memberActions = [
  action({
    ...memberApi.list,
    handler: (input, ctx) => members.listMembers(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    ...memberApi.get,
    handler: (input, ctx) => members.getMember(ctx.deps.db, ctx.site.id, input.id),
  }),
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
    ...memberApi.remove,
    handler: (input, ctx) =>
      members.removeMembers(
        ctx.deps.db,
        ctx.site.id,
        input.ids ?? (input.id !== undefined ? [input.id] : []),
      ),
  }),
  action({
    ...memberApi.save,
    handler: (input, ctx) => members.addMember(ctx.deps.db, ctx.site.id, input),
  }),
  action({
    ...memberApi.export,
    handler: (input, ctx) => exportMembers(ctx, input.query),
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
