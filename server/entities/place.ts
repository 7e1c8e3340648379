/**
 * The place's own rule (contract/entities/place.ts): its `name` column is the first language's name, written with
 * the place so that lists and pickers never show a stale one. Site scope, the cover's address and the render version
 * bump are the generic actions' (actions.ts); articles and logistics lose their link when a place is deleted (FK set
 * null), and pages read places live, so nothing else changes.
 */
import { and, eq } from 'drizzle-orm';
import { place } from '../../contract/entities/place';
import { notFound } from '../http/errors';
import { places } from '../modules/content/schema';
import { entityHooks } from './hooks';

export const hooks = entityHooks(place, {
  write: async (input, ctx) => {
    const langs = input.lang.map((l) => ({
      lang_id: l.lang_id,
      name: l.name,
      address: l.address,
      hours: l.hours,
    }));
    const values = {
      name: langs[0]?.name ?? '',
      langs,
      mapUrl: input.map_url,
      cover: input.cover,
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
