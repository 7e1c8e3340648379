/**
 * The place's own rule (contract/entities/place.ts): its `name` column is the first language's name, written with
 * the place so that lists and pickers never show a stale one. Site scope, the cover's address and the render version
 * bump are the generic actions' (actions.ts); articles and logistics lose their link when a place is deleted (FK set
 * null), and pages read places live, so nothing else changes.
 */
import { and, eq } from 'drizzle-orm';
import { notFound } from '../http/errors';
import { type PlaceLang, places } from '../modules/content/schema';
import { entityHooks } from './hooks';

export const hooks = entityHooks({
  write: async (input, ctx) => {
    const langs = (input.lang as PlaceLang[]).map((l) => ({
      lang_id: l.lang_id,
      name: l.name,
      address: l.address,
      hours: l.hours,
    }));
    const values = {
      name: langs[0]?.name ?? '',
      langs,
      mapUrl: input.map_url as string,
      cover: input.cover as string,
    };
    const [row] = input.id
      ? await ctx.deps.db
          .update(places)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(places.siteId, ctx.site.id), eq(places.id, input.id)))
          .returning({ id: places.id })
      : await ctx.deps.db
          .insert(places)
          .values({ ...values, siteId: ctx.site.id })
          .returning({ id: places.id });
    if (!row) throw notFound();
    return row.id;
  },
});
