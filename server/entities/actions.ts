/**
 * The generic actions of a declared entity: list (through listRows), get, save (id 0 creates), delete — those its
 * `ops` serve — and its CSV export when it declares one, all inside the caller's site and its `sight`. The
 * permissions, the create permission and the plan feature are the endpoints' (contract/entity.ts), checked by
 * server/http/action.ts; here every image must be the site's own or elsewhere on the web, and every reference an id
 * of the site's records. Columns are the table's by the field names (snake_case ↔ camelCase, or the field's
 * `column`). An op the entity's hooks replace (`hooks.list` …) keeps its endpoint and runs the hook instead.
 */
import { and, eq, getTableColumns, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../contract/codes';
import type { Locale } from '../../contract/constants';
import { ENTITY_EXPORT_MAX, type Entity, type Field, type Fields } from '../../contract/entity';
import {
  type EntityAction,
  type EntityOp,
  type EntityResource,
  permissionsOf,
  rangeField,
  resourcesOf,
  serves,
} from '../../contract/entityBrief';
import type { Filter, ListQuery } from '../../contract/list';
import { holdsAny } from '../../contract/permissions';
import { hasFeature } from '../../contract/plans';
import { slugify } from '../../contract/slug';
import { dayBounds } from '../../contract/zoned';
import { isUniqueViolation } from '../db/errors';
import { type AnyAction, action, type SiteContext } from '../http/action';
import { sendCsv, sendCsvStream, wallStamp } from '../http/csv';
import { AppError, duplicate, FieldError, notFound } from '../http/errors';
import { isoTime } from '../http/isoTime';
import { likePattern, listRows } from '../http/list';
import { foreignUploadErrors } from '../modules/files/addresses';
import { bumpRender } from '../modules/tenancy/invalidate';
import { sites } from '../modules/tenancy/schema';
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
        return [name, value instanceof Date ? isoTime(value) : subRecords(entity.fields[name], value)];
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
  // A reference to nothing, a declaration no type catches, a search or an export no code answers, fail at
  // startup, not on the first call.
  for (const s of served) {
    for (const field of Object.values(s.entity.fields as Fields))
      if (field.reference) tableNamed(field.reference);
    checkEntity(s);
  }
  return served.flatMap((s) => actionsOf(s, tableNamed));
}

function checkEntity({ entity, hooks = {} }: ServedEntity) {
  const where = `Entity ${entity.name}`;
  if (!serves(entity, 'list') || !serves(entity, 'get'))
    throw new Error(`${where}: ops must include list and get`);
  const ranged = Object.entries(entity.fields as Fields).filter(([, field]) => field.filter === 'range');
  if (ranged.length > 1) throw new Error(`${where}: one field at most may be filtered by range`);
  for (const [name, field] of ranged)
    if (field.kind !== 'date' && field.kind !== 'dateTime')
      throw new Error(`${where}: ${name} is filtered by range but is no date`);
  for (const name of Object.keys(entity.searches ?? {}))
    if (name in entity.fields || ['id', 'from', 'to'].includes(name))
      throw new Error(`${where}: the search ${name} is named like a field or a filter`);
  for (const [name, how] of Object.entries(entity.searches ?? {}))
    if (how === 'own' && !hooks.search?.[name] && !hooks.list)
      throw new Error(
        `${where}: the search ${name} is its own, but its hooks have no search.${name} (nor list)`,
      );
  const columns = entity.export?.columns ?? [];
  if (!hooks.exportRows && !hooks.exportBatches && columns.some((c) => !(c in entity.fields)))
    throw new Error(`${where}: its export has columns that are no field, and its hooks no exportRows`);
  for (const op of ['save', 'delete'] as const)
    if (hooks[op] && !serves(entity, op))
      throw new Error(`${where}: a ${op} hook, but it does not serve ${op}`);
  if (hooks.deleteMany && !(serves(entity, 'delete') && entity.deleteMany))
    throw new Error(`${where}: a deleteMany hook, but it does not delete several at once`);
  if (hooks.delete && entity.deleteMany)
    throw new Error(`${where}: it deletes several at once: its hook is deleteMany, not delete`);
  for (const op of Object.keys(entity.endpoints ?? {}) as EntityOp[])
    if (!hooks[op] && !(op === 'delete' && entity.deleteWith))
      throw new Error(`${where}: ${op} is served by a catalogue endpoint, but its hooks have no ${op}`);
}

/**
 * The resource of a call and what it needs, when its entity's resources say more than its endpoints do: fixed fields
 * in the query string (必填 without them, 格式錯誤 for a value no resource has), permissions or a feature of their own.
 */
export function resourceGate(entity: Entity) {
  const resources = resourcesOf(entity);
  const own = resources.some((r) => r.permissions);
  if (!resources.some((r) => r.query || r.permissions || r.feature)) return () => undefined;
  const queried = resources.filter((r) => r.query);
  const keys = [...new Set(queried.flatMap((r) => Object.keys(r.fixed ?? {})))];
  const byBody = (input: Record<string, unknown>) =>
    resources.find((r) => !r.query && Object.entries(r.fixed ?? {}).every(([k, v]) => input[k] === v));
  const byQuery = (query: Record<string, string>): EntityResource => {
    const missing = keys.filter((k) => query[k] === undefined);
    const fields = (ks: string[], message: string) =>
      Object.fromEntries(ks.map((k) => [k, { message: `validation.${message}` }]));
    if (missing.length) throw new FieldError(fields(missing, 'required'));
    const found = queried.find((r) => keys.every((k) => String(r.fixed?.[k]) === query[k]));
    if (!found) throw new FieldError(fields(keys, 'format'));
    return found;
  };
  return (ctx: SiteContext, input: Record<string, unknown>, action: EntityAction) => {
    const resource = keys.length ? byQuery(ctx.query) : byBody(input);
    const perms = permissionsOf(entity, resource);
    const needs = [perms[action], ...(action === 'edit' && input.id === 0 ? [perms.create] : [])];
    if (own && !needs.every((p) => holdsAny(ctx.site.permissions, p))) throw new AppError(Code.FORBIDDEN);
    if (resource?.feature && !hasFeature(ctx.site.features, resource.feature))
      throw new AppError(Code.FORBIDDEN);
  };
}

/** The day range of a list (`from`, `to`: days of the site's zone) on a date or dateTime column. */
function rangeCondition(field: Field, column: PgColumn, bound: 'from' | 'to', day: string, zone: string) {
  const span = dayBounds(day, zone);
  if (!span) return undefined;
  // A date column holds the day itself (YYYY-MM-DD); a moment is within [the day's start, the next day's start).
  if (field.kind === 'date') return bound === 'from' ? gte(column, day.trim()) : lte(column, day.trim());
  return bound === 'from' ? gte(column, span.start) : lt(column, span.end);
}

/** A CSV cell of a record's field: a moment on the site's clock, an enum's value in words, a list joined. */
function cellOf(
  field: Field | undefined,
  value: unknown,
  zone: string,
  word: (key: string) => string,
): string {
  if (value === null || value === undefined) return '';
  if (field?.kind === 'dateTime' && typeof value === 'string') return wallStamp(value, zone);
  if (field?.kind === 'enum')
    return (Array.isArray(value) ? value : [value]).map((v) => word(`_${v}`)).join(', ');
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function actionsOf(
  { entity, table: ownTable, hooks = {}, words }: ServedEntity,
  tableNamed: (name: string) => PgTable,
) {
  const fixedKeys = [
    ...new Set(
      resourcesOf(entity)
        .filter((r) => !r.query)
        .flatMap((r) => Object.keys(r.fixed ?? {})),
    ),
  ];
  const allow = resourceGate(entity);
  const fixedOf = (input: Record<string, unknown>): Fixed =>
    Object.fromEntries(fixedKeys.map((k) => [k, input[k] as string | number]));
  const tableOf = (fixed: Fixed) => hooks.table?.(fixed) ?? ownTable;
  const references = Object.entries(entity.fields as Fields).filter(
    (e): e is [string, Field & { reference: string }] =>
      e[1].kind === 'reference' || e[1].kind === 'references',
  );
  /** The resource a call is for (its words): the one whose fixed fields it sends. */
  const resourceOf = (fixed: Fixed) =>
    resourcesOf(entity).find((r) => Object.entries(r.fixed ?? {}).every(([k, v]) => fixed[k] === v))?.name ??
    entity.name;
  /** The site's rows the caller sees. */
  const scope = (ctx: SiteContext, table: PgTable, ...more: (SQL | undefined)[]) =>
    and(eq(columnsOf(table).siteId, ctx.site.id), hooks.sight?.(ctx, table), ...more);

  async function toRecords(rows: Row[], ctx: SiteContext, fixed: Fixed, table: PgTable) {
    const derived = hooks.derive ? await hooks.derive(rows, ctx, fixed) : () => ({});
    // Object.assign, not a spread literal: on Node 20 a literal that spreads and then adds builds a new hidden class
    // per row (see tenancy/sites.ts toCurrent).
    return rows.map((row) => Object.assign({}, fixed, recordOf(entity, table, row), derived(row)));
  }

  /** A stored row of the site in the caller's sight (404 when it is another site's, out of sight, or none). */
  async function findRow(ctx: SiteContext, table: PgTable, id: number): Promise<Row> {
    const [row] = await ctx.deps.db
      .select()
      .from(table)
      .where(scope(ctx, table, eq(columnsOf(table).id, id)));
    if (!row) throw notFound();
    return row as Row;
  }

  async function getRecord(ctx: SiteContext, fixed: Fixed, id: number) {
    const table = tableOf(fixed);
    const [record] = await toRecords([await findRow(ctx, table, id)], ctx, fixed, table);
    return record;
  }

  /**
   * The filters that are no one column's — the searches (over several fields, or the entity's own) and the day
   * range — as conditions; the others left for listRows, with where each was in the query (for its field errors).
   */
  async function splitFilters(ctx: SiteContext, table: PgTable, filters: Filter[]) {
    const searches: Record<string, readonly string[] | 'own'> = entity.searches ?? {};
    const range = rangeField(entity.fields);
    const columns = Object.fromEntries(fieldColumns(entity.fields, table).map(([name, , c]) => [name, c]));
    let zone: string | undefined;
    const where: SQL[] = [];
    const rest: { filter: Filter; at: number }[] = [];
    const bad: FieldError['fields'] = {};
    for (const [at, filter] of filters.entries()) {
      const raw = String(filter.value);
      const ranged = range && (filter.col === 'from' || filter.col === 'to');
      if (!ranged && !Object.hasOwn(searches, filter.col)) {
        rest.push({ filter, at });
        continue;
      }
      if (filter.type !== 'search') {
        bad[`query.filters.${at}.col`] = { message: 'validation.format' };
        continue;
      }
      let condition: SQL | undefined;
      if (ranged) {
        zone ??= (
          await ctx.deps.db.select({ tz: sites.timezone }).from(sites).where(eq(sites.id, ctx.site.id))
        )[0]?.tz;
        const bound = filter.col === 'from' ? 'from' : 'to';
        condition = rangeCondition(entity.fields[range], columns[range], bound, raw, zone ?? 'Asia/Taipei');
        if (!condition) bad[`query.filters.${at}.value`] = { message: 'validation.format' };
      } else {
        const how = searches[filter.col];
        const pattern = likePattern(raw);
        condition =
          how === 'own'
            ? hooks.search?.[filter.col]?.(pattern, raw)
            : or(...how.map((name) => ilike(sql`${columns[name]}::text`, pattern)));
      }
      if (condition) where.push(condition);
    }
    return { where, rest, bad };
  }

  /** A page of the list: its filters, its sort, the site and the caller's sight. */
  async function listPage(ctx: SiteContext, fixed: Fixed, query: ListQuery) {
    const table = tableOf(fixed);
    const c = columnsOf(table);
    const { where, rest, bad } = await splitFilters(ctx, table, query.filters);
    const page = await listRows(ctx.deps.db, {
      table,
      siteColumn: c.siteId,
      siteId: ctx.site.id,
      where: and(hooks.sight?.(ctx, table), ...where),
      columns: {
        id: c.id,
        ...Object.fromEntries(
          fieldColumns(entity.fields, table).flatMap(([name, , column]) => {
            const as = (entity.fields as Fields)[name].filterAs;
            return as ? [[name, column] as const, [as, column] as const] : [[name, column] as const];
          }),
        ),
      },
      allowed: entity.columns,
      defaultSort: entity.defaultSort,
      query: { ...query, filters: rest.map((r) => r.filter) },
      toRow: (r) => r as Row,
    }).catch((err: unknown) => {
      // listRows names a filter by its place among those it was given: named here by its place in the query.
      if (!(err instanceof FieldError)) throw err;
      throw new FieldError({
        ...bad,
        ...Object.fromEntries(
          Object.entries(err.fields).map(([k, v]) => [
            k.replace(/^query\.filters\.(\d+)/, (_, i: string) => `query.filters.${rest[Number(i)].at}`),
            v,
          ]),
        ),
      });
    });
    if (Object.keys(bad).length) throw new FieldError(bad);
    return { rows: await toRecords(page.rows as Row[], ctx, fixed, table), total: page.total };
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
            .where(scope(ctx, table, eq(c.id, input.id)))
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

  /** The CSV of the list's filters and sort: its rows from the records, or the entity's own (exportRows). */
  async function exportCsv(ctx: SiteContext, input: Record<string, unknown>, query: ListQuery) {
    const columns = entity.export?.columns ?? [];
    const fixed = fixedOf(input);
    const resource = resourceOf(fixed);
    const lang: Locale = ctx.lang;
    const word = (key: string) => words?.(lang, `resources.${resource}.${key}`) ?? key;
    const [site] = await ctx.deps.db.select().from(sites).where(eq(sites.id, ctx.site.id));
    const all = { ...query, page: 1, size: ENTITY_EXPORT_MAX };
    const header = columns.map((c) => word(`export.header.${c}`));
    const kind = entity.export?.file ?? entity.name;
    if (hooks.exportBatches) {
      const cells = (rows: Record<string, string>[]) => rows.map((row) => columns.map((c) => row[c] ?? ''));
      const batches = hooks.exportBatches(all, ctx)[Symbol.asyncIterator]();
      // The first batch before the reply starts: a failing query still answers an error envelope.
      const first = await batches.next();
      const rest = {
        async *[Symbol.asyncIterator]() {
          try {
            for (let next = await batches.next(); !next.done; next = await batches.next())
              yield cells(next.value);
          } finally {
            await batches.return?.();
          }
        },
      };
      return sendCsvStream(ctx, { kind, site, header, first: first.done ? [] : cells(first.value), rest });
    }
    const rows = hooks.exportRows
      ? (await hooks.exportRows(all, ctx)).map((row: Record<string, string>) =>
          columns.map((c) => row[c] ?? ''),
        )
      : (
          (hooks.list ? await hooks.list({ ...input, query: all }, ctx) : await listPage(ctx, fixed, all))
            .rows as Record<string, unknown>[]
        ).map((record) =>
          columns.map((c) =>
            cellOf(entity.fields[c], record[c], site.timezone, (v) => word(`fields.${c}${v}`)),
          ),
        );
    return sendCsv(ctx, { kind, site, header, rows });
  }

  /** `{id}` or `{ids}` at once (`deleteMany`): all in the site and the caller's sight, or none (404). */
  async function deleteMany(ctx: SiteContext, input: Record<string, unknown>) {
    const { id, ids: many } = input as { id?: number; ids?: number[] };
    const ids = [...new Set(many ?? (id === undefined ? [] : [id]))];
    const fixed = fixedOf(input);
    if (hooks.deleteMany) {
      await hooks.deleteMany(ids, ctx, fixed);
      return { ids };
    }
    const table = tableOf(fixed);
    const c = columnsOf(table);
    await ctx.deps.db.transaction(async (tx) => {
      const rows = (await tx
        .select()
        .from(table)
        .where(scope(ctx, table, inArray(c.id, ids)))) as Row[];
      if (rows.length !== ids.length) throw notFound();
      for (const row of rows) hooks.guard?.(row, ctx);
      await tx.delete(table).where(scope(ctx, table, inArray(c.id, ids)));
    });
    await bumpRender(ctx.deps.db, ctx.site.id);
    return { ids };
  }

  const { api } = entity;
  const served = (op: EntityOp) => serves(entity, op);
  return [
    action({
      ...api.list,
      handler: (input, ctx) => {
        allow(ctx, input, 'list');
        return hooks.list ? hooks.list(input, ctx) : listPage(ctx, fixedOf(input), input.query as ListQuery);
      },
    }),
    action({
      ...api.get,
      handler: (input, ctx) => {
        allow(ctx, input, 'list');
        return hooks.get ? hooks.get(input, ctx) : getRecord(ctx, fixedOf(input), input.id as number);
      },
    }),
    ...(api.save && served('save')
      ? [
          action({
            ...api.save,
            handler: async (raw, ctx) => {
              allow(ctx, raw, 'edit');
              if (hooks.save) return hooks.save(raw, ctx);
              const fixed = fixedOf(raw);
              const table = tableOf(fixed);
              // Another site's record (or one out of sight) is not found, whatever the body holds; then the
              // entity's guard, then the body.
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
        ]
      : []),
    // A delete by another action of the entity's module (`deleteWith`) is that module's to serve.
    ...(api.delete && served('delete') && !entity.deleteWith
      ? [
          action({
            ...api.delete,
            handler: async (input, ctx) => {
              allow(ctx, input, 'delete');
              // `{ids}`: the endpoint's reply when it deletes several at once (typed as `{id}`).
              if (entity.deleteMany) return (await deleteMany(ctx, input)) as unknown as { id: number };
              if (hooks.delete) return hooks.delete(input, ctx);
              const table = tableOf(fixedOf(input));
              const c = columnsOf(table);
              hooks.guard?.(await findRow(ctx, table, input.id as number), ctx);
              const [row] = await ctx.deps.db
                .delete(table)
                .where(scope(ctx, table, eq(c.id, input.id as number)))
                .returning({ id: c.id });
              if (!row) throw notFound();
              await bumpRender(ctx.deps.db, ctx.site.id);
              return { id: row.id as number };
            },
          }),
        ]
      : []),
    ...(api.export
      ? [
          action({
            ...api.export,
            handler: (input, ctx) => {
              allow(ctx, input, 'list');
              // A streamed export (exportBatches) answers a Readable of the same text: reply.send writes it.
              return exportCsv(ctx, input, input.query as ListQuery) as Promise<string>;
            },
          }),
        ]
      : []),
    ...(hooks.actions ?? []),
  ] as AnyAction[];
}
