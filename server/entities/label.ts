/**
 * The label's own rules (server/modules/labels/service.ts): the table by `type`, the count of items the caller sees,
 * the name taken from the titles, names unique per site and a slug made from the name; and its further actions, a
 * search by name and the writer's tags (contract/api/labels.ts).
 */
import { labelApi, tagApi } from '../../contract/api/labels';
import { label } from '../../contract/entities/label';
import { action } from '../http/action';
import { categories, tags } from '../modules/content/schema';
import { seenBy, viewerOf } from '../modules/content/scope';
import * as labels from '../modules/labels/service';
import { entityHooks } from './hooks';

export const hooks = entityHooks(label, {
  table: (fixed) => (fixed.type === 'category' ? categories : tags),
  derive: async (rows, ctx, fixed) => {
    const ids = rows.map((r) => r.id);
    const used = await labels.usage(ctx.deps.db, ctx.site.id, fixed.type, ids, seenBy(viewerOf(ctx)));
    return (row) => ({ count: used.get(row.id) ?? 0 });
  },
  write: async (input, ctx) => {
    const langs = input.lang.map((l) => ({ lang_id: l.lang_id, title: l.title, cover: l.cover }));
    const { name, at } = labels.nameOf(langs);
    const fields = { name, langs, active: [...new Set(input.active)], slug: input.slug };
    const { id, type } = input;
    return (await labels.writeLabel(ctx.deps.db, ctx.site.id, type, id, fields, `lang.${at}.title`)).id;
  },
  actions: [
    action({
      ...labelApi.search,
      handler: (input, ctx) => labels.searchLabels(ctx.deps.db, ctx.site.id, input.type, input.keyword),
    }),
    action({ ...tagApi.all, handler: (_input, ctx) => labels.allTags(ctx.deps.db, ctx.site.id) }),
    action({ ...tagApi.save, handler: (input, ctx) => labels.saveTag(ctx.deps.db, ctx.site.id, input.name) }),
  ],
});
