/**
 * The generic actions of a declared entity: list (through listRows), get, save (id 0 creates) and delete, all inside
 * the caller's site. The permissions, the create permission and the plan feature are the endpoints' (contract/entity.ts),
 * checked by server/http/action.ts; here every image must be the site's own or elsewhere on the web, and every
 * reference an id of the site's records. Columns are the
 * table's by the field names (snake_case ↔ camelCase, or the field's `column`).
 */
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Entity, Field, Fields } from '../../contract/entity';
import { resourcesOf } from '../../contract/entityBrief';
import type { ListQuery } from '../../contract/list';
import { slugify } from '../../contract/slug';
import { isUniqueViolation } from '../db/errors';
import { type AnyAction, action, type SiteContext } from '../http/action';
import { duplicate, FieldError, notFound } from '../http/errors';
import { listRows } from '../http/list';
import { foreignUploadErrors } from '../modules/files/addresses';
import { bumpRender } from '../modules/tenancy/invalidate';
import { sanitizeRichText } from '../workers/sanitize';
import type { Fixed, Row, SaveInput, ServedEntity } from './hooks';

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

const columnsKey = (table: PgTable, name: string, field: Field) => {
  const key = field.column ?? camel(name);
  return columnsOf(table)[key] ? key : name;
};

/** Field name → the table's column, for the fields stored in a column of their own. */
function fieldColumns(fields: Fields, table: PgTable): [string, string, PgColumn][] {
  const columns = columnsOf(table);
  return Object.entries(fields).flatMap(([name, field]) => {
    const key = field.column ?? camel(name);
    return columns[key] ? [[name, key, columns[key]] as [string, string, PgColumn]] : [];
  });
}

/**
 * A stored sub-record list (languages, a list field) with each entry holding only its declared fields (and a
 * language's `lang_id`): what a column keeps besides (a page category's `cover`) is not the record's, and a record
 * read is saved back unchanged.
 */
function subRecords(field: Field, value: unknown): unknown {
  if (!field.fields || !Array.isArray(value)) return value;
  const keep = new Set([...Object.keys(field.fields), ...(field.kind === 'languages' ? ['lang_id'] : [])]);
  return value.map((entry) =>
    typeof entry === 'object' && entry !== null
      ? Object.fromEntries(Object.entries(entry).filter(([k]) => keep.has(k)))
      : entry,
  );
}

/**
 * A row as the entity's record: its id and each field stored in a column, moments as ISO strings. Loosely typed
 * (parse it with the entity's `record` schema for its type).
 */
export function recordOf(entity: Entity, table: PgTable, row: { id: number }): Row {
  const columns: Record<string, unknown> = row;
  return {
    id: row.id,
    ...Object.fromEntries(
      fieldColumns(entity.fields, table).map(([name, key]) => {
        const value = columns[key];
        return [name, value instanceof Date ? value.toISOString() : subRecords(entity.fields[name], value)];
      }),
    ),
  };
}

/** The image addresses of a save, each with the field it answers on (in sub-records too). */
function images(fields: Fields, input: Record<string, unknown>, at = ''): [string, string][] {
  return Object.entries(fields).flatMap(([name, field]): [string, string][] => {
    const value = input[name];
    if (field.kind === 'image' && typeof value === 'string' && value) return [[`${at}${name}`, value]];
    if (field.kind === 'images' && Array.isArray(value))
      return value.map((v, i): [string, string] => [`${at}${name}.${i}`, String(v)]);
    if (field.fields && Array.isArray(value))
      return value.flatMap((sub, i) =>
        images(field.fields as Fields, sub as Record<string, unknown>, `${at}${name}.${i}.`),
      );
    return [];
  });
}

/** Ids of `table`'s rows in the site among `ids`. */
async function siteIds(ctx: SiteContext, table: PgTable, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const c = columnsOf(table);
  const rows = await ctx.deps.db
    .select({ id: c.id })
    .from(table)
    .where(and(eq(c.siteId, ctx.site.id), inArray(c.id, ids)));
  return new Set(rows.map((r) => r.id as number));
}

/** Builds every served entity's actions; references are resolved among `all`. */
export function entityActions(
  served: readonly ServedEntity[],
  all: readonly ServedEntity[] = served,
): AnyAction[] {
  /** The table a resource or entity name refers to. */
  const tableNamed = (name: string): PgTable => {
    for (const s of all) {
      const resource = resourcesOf(s.entity).find((r) => r.name === name);
      if (resource) return s.hooks?.table?.(resource.fixed ?? {}) ?? s.table;
      if (s.entity.name === name) return s.table;
    }
    throw new Error(`No entity or resource named ${name}`);
  };
  // A reference to nothing fails at startup, not on the first save.
  for (const s of served)
    for (const field of Object.values(s.entity.fields as Fields))
      if (field.reference) tableNamed(field.reference);
  return served.flatMap((s) => actionsOf(s, tableNamed));
}

function actionsOf(
  { entity, table: ownTable, hooks = {} }: ServedEntity,
  tableNamed: (name: string) => PgTable,
) {
  const fixedKeys = [...new Set(resourcesOf(entity).flatMap((r) => Object.keys(r.fixed ?? {})))];
  const fixedOf = (input: Record<string, unknown>): Fixed =>
    Object.fromEntries(fixedKeys.map((k) => [k, input[k] as string | number]));
  const tableOf = (fixed: Fixed) => hooks.table?.(fixed) ?? ownTable;
  const references = Object.entries(entity.fields as Fields).filter(
    (e): e is [string, Field & { reference: string }] =>
      e[1].kind === 'reference' || e[1].kind === 'references',
  );

  async function toRecords(rows: Row[], ctx: SiteContext, fixed: Fixed, table: PgTable) {
    const derived = hooks.derive ? await hooks.derive(rows, ctx, fixed) : () => ({});
    return rows.map((row) => ({ ...fixed, ...recordOf(entity, table, row), ...derived(row) }));
  }

  /** A stored row of the site (404 when it is another site's, or none). */

  async function findRow(ctx: SiteContext, table: PgTable, id: number): Promise<Row> {
    const c = columnsOf(table);
    const [row] = await ctx.deps.db
      .select()
      .from(table)
      .where(and(eq(c.siteId, ctx.site.id), eq(c.id, id)));
    if (!row) throw notFound();
    return row as Row;
  }

  async function getRecord(ctx: SiteContext, fixed: Fixed, id: number) {
    const table = tableOf(fixed);
    const [record] = await toRecords([await findRow(ctx, table, id)], ctx, fixed, table);
    return record;
  }

  /**
   * Images of the site's own (or elsewhere on the web), references to the site's records, without repeats; rich text
   * cleaned (server/workers/sanitize.ts).
   */
  async function checked(ctx: SiteContext, input: SaveInput): Promise<SaveInput> {
    const bad = foreignUploadErrors(ctx.deps, ctx.site.id, images(entity.fields, input));
    const out = { ...input };
    for (const [name, field] of Object.entries(entity.fields as Fields))
      if (field.kind === 'richText' && typeof input[name] === 'string')
        out[name] = sanitizeRichText(input[name] as string);
    for (const [name, field] of references) {
      const value = input[name];
      const ids =
        field.kind === 'reference'
          ? value === null
            ? []
            : [value as number]
          : [...new Set(value as number[])];
      if (field.kind === 'references') out[name] = ids;
      const known = await siteIds(ctx, tableNamed(field.reference), ids);
      if (ids.some((id) => !known.has(id))) bad[name] = { message: 'validation.format' };
    }
    if (Object.keys(bad).length) throw new FieldError(bad);
    return out;
  }

  /** The generic write: the declared fields that have a column (an editable moment as a Date for its column). */
  async function write(ctx: SiteContext, input: SaveInput, table: PgTable): Promise<number> {
    const c = columnsOf(table);
    const values = Object.fromEntries(
      fieldColumns(entity.fields, table)
        .filter(([name]) => (entity.fields as Fields)[name].input)
        .map(([name, key]) => {
          const value = input[name];
          const moment = (entity.fields as Fields)[name].kind === 'dateTime' && typeof value === 'string';
          return [key, moment ? new Date(value) : value];
        }),
    );
    // An empty slug is made from its field (a languages field's titles are the entity's own to read, in a hook).
    for (const [name, field] of Object.entries(entity.fields as Fields)) {
      const from = field.kind === 'slug' && !input[name] && field.from ? input[field.from] : undefined;
      if (typeof from === 'string') values[columnsKey(table, name, field)] = slugify(from);
    }
    try {
      const [row] = input.id
        ? await ctx.deps.db
            .update(table)
            .set({ ...values, ...(c.updatedAt ? { updatedAt: new Date() } : {}) })
            .where(and(eq(c.siteId, ctx.site.id), eq(c.id, input.id)))
            .returning({ id: c.id })
        : await ctx.deps.db
            .insert(table)
            .values({ ...values, siteId: ctx.site.id })
            .returning({ id: c.id });
      if (!row) throw notFound();
      return row.id as number;
    } catch (err) {
      // A unique index of the table (e.g. a name per site) refused it.
      if (isUniqueViolation(err)) throw duplicate(entity.title);
      throw err;
    }
  }

  return [
    action({
      ...entity.api.list,
      handler: async (input, ctx) => {
        const fixed = fixedOf(input);
        const table = tableOf(fixed);
        const c = columnsOf(table);
        const page = await listRows(ctx.deps.db, {
          table,
          siteColumn: c.siteId,
          siteId: ctx.site.id,
          columns: {
            id: c.id,
            ...Object.fromEntries(
              fieldColumns(entity.fields, table).map(([name, , column]) => [name, column]),
            ),
          },
          allowed: entity.columns,
          defaultSort: entity.defaultSort,
          query: input.query as ListQuery,
          toRow: (r) => r as Row,
        });
        return { rows: await toRecords(page.rows as Row[], ctx, fixed, table), total: page.total };
      },
    }),
    action({
      ...entity.api.get,
      handler: (input, ctx) => getRecord(ctx, fixedOf(input), input.id as number),
    }),
    action({
      ...entity.api.save,
      handler: async (raw, ctx) => {
        const fixed = fixedOf(raw);
        const table = tableOf(fixed);
        // Another site's record is not found, whatever the body holds; then the entity's guard, then the body.
        if (raw.id) {
          const row = await findRow(ctx, table, raw.id as number);
          hooks.guard?.(row, ctx);
        }
        const input = await checked(ctx, raw as SaveInput);
        const id = hooks.write ? await hooks.write(input, ctx, table) : await write(ctx, input, table);
        // Labels, tags and authors show on the public site: its pages' cache moves on.
        await bumpRender(ctx.deps.db, ctx.site.id);
        return getRecord(ctx, fixed, id);
      },
    }),
    action({
      ...entity.api.delete,
      handler: async (input, ctx) => {
        const table = tableOf(fixedOf(input));
        const c = columnsOf(table);
        hooks.guard?.(await findRow(ctx, table, input.id as number), ctx);
        const [row] = await ctx.deps.db
          .delete(table)
          .where(and(eq(c.siteId, ctx.site.id), eq(c.id, input.id as number)))
          .returning({ id: c.id });
        if (!row) throw notFound();
        await bumpRender(ctx.deps.db, ctx.site.id);
        return { id: row.id as number };
      },
    }),
    ...(hooks.actions ?? []),
  ] as AnyAction[];
}
