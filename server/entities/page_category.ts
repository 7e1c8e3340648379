/**
 * The page category's own rules: its name is taken from the titles (the zh-TW one, else the first) and is unique per
 * site without case (a duplicate is reported on that title).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { pageCategory } from '../../contract/entities/page_category';
import type { LabelLang } from '../../contract/labels';
import { isUniqueViolation } from '../db/errors';
import { duplicate, notFound } from '../http/errors';
import { pageCategories } from '../modules/content/schema';
import { nameOf } from '../modules/labels/service';
import { entityHooks } from './hooks';

export const hooks = entityHooks(pageCategory, {
  write: async (input, ctx) => {
    const db = ctx.deps.db;
    const siteId = ctx.site.id;
    const langs = input.lang.map((l): LabelLang => ({ lang_id: l.lang_id, title: l.title, cover: '' }));
    const { name, at } = nameOf(langs);
    const nameField = `lang.${at}.title`;
    const [clash] = await db
      .select({ id: pageCategories.id })
      .from(pageCategories)
      .where(
        and(
          eq(pageCategories.siteId, siteId),
          sql`lower(${pageCategories.name}) = lower(${name})`,
          input.id ? ne(pageCategories.id, input.id) : undefined,
        ),
      );
    if (clash) throw duplicate(nameField);
    const values = { name, langs, sort: input.sort, updatedAt: new Date() };
    try {
      const [row] = input.id
        ? await db
            .update(pageCategories)
            .set(values)
            .where(and(eq(pageCategories.siteId, siteId), eq(pageCategories.id, input.id)))
            .returning({ id: pageCategories.id })
        : await db
            .insert(pageCategories)
            .values({ siteId, ...values })
            .returning({ id: pageCategories.id });
      if (!row) throw notFound();
      return row.id;
    } catch (err) {
      // Another writer took the name between the check and the write.
      if (isUniqueViolation(err)) throw duplicate(nameField);
      throw err;
    }
  },
});
