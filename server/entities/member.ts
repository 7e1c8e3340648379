/**
 * The member entity (contract/entities/member.ts) on the members service: a member is more than a row (their
 * subscription, plan, payments and e-papers), so the list, the record, adding one (within the plan's member limit),
 * removing several at once and the CSV rows are the service's; the endpoints stay the declaration's. Tags, note,
 * standing and the import are the members module's own actions.
 */
import { member } from '../../contract/entities/member';
import { memberCsvBatches } from '../modules/members/csv';
import { addMember, getMember, listMembers, removeMembers } from '../modules/members/service';
import { entityHooks } from './hooks';

export const hooks = entityHooks(member, {
  list: (input, ctx) => listMembers(ctx.deps.db, ctx.site.id, input.query),
  get: (input, ctx) => getMember(ctx.deps.db, ctx.site.id, input.id),
  save: (input, ctx) => addMember(ctx.deps.db, ctx.site.id, input),
  deleteMany: async (ids, ctx) => void (await removeMembers(ctx.deps.db, ctx.site.id, ids)),
  exportBatches: (query, ctx) => memberCsvBatches(ctx, query),
});
