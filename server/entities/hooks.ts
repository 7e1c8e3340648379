/**
 * An entity's own rules on the server, in an optional server/entities/<name>.ts exporting `hooks =
 * entityHooks(<declaration>, {…})`. Everything the declaration says (columns, site scope, permissions, plan feature,
 * image and reference checks) is done by the generic actions (actions.ts); a hook only adds what is the entity's
 * alone. The hooks are typed from the declaration: a row is its table's (the export of a server/modules/<m>/schema.ts
 * that `table` names), a save is its save schema's output (`EntitySave`), the fixed fields are its resources', and what
 * `derive` adds is some of its record's fields.
 *
 * A record whose storage is not one row (an order with its items, content with its versions, staff across users and
 * roles) replaces an op's handler: `list`, `get`, `save`, `delete`. The endpoint stays the declaration's — its path,
 * permission, plan feature and input and output schemas, checked by server/http/action.ts as for any — and the hook
 * answers what that output takes.
 */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Locale } from '../../contract/constants';
import type { InputOf } from '../../contract/endpoint';
import type { Entity, EntityRecord, EntitySave, ExportColumns, FixedOf } from '../../contract/entity';
import type { EntityResource } from '../../contract/entityBrief';
import type { ListQuery } from '../../contract/list';
import type { AnyAction, SiteContext } from '../http/action';
import type * as schema from '../modules/tables';

/** A stored row as the generic code sees it (camelCase columns). */
export type Row = { id: number } & { [column: string]: unknown };
/** The fixed fields of a call as the generic code sees them (a label's `type`). */
export type Fixed = { [field: string]: string | number };
/** A parsed save input as the generic code sees it: `id` (0 creates), the fixed fields and the declared fields. */
export type SaveInput = { id: number } & { [field: string]: unknown };

type Tables = typeof schema;
/** The row of the entity's table, as Drizzle selects it; an entity whose table is not in the schema (a test's) gets Row. */
export type RowOf<E extends Entity> = E['table'] extends keyof Tables
  ? Tables[E['table']] extends { $inferSelect: infer R extends { id: number } }
    ? R
    : Row
  : Row;
/** The fixed fields of the entity's resources (`{type: 'tag' | 'category'}`), or none. */
export type FixedOfEntity<E extends Entity> = FixedOf<
  NonNullable<E['resources']> extends readonly EntityResource[] ? NonNullable<E['resources']> : []
>;
/** What `derive` answers for each row: some of the record's fields (a method's type, so that any entity's fits). */
type Deriver<E extends Entity> = { derived(row: RowOf<E>): Partial<EntityRecord<E>> }['derived'];

type Api<E extends Entity> = E['api'];
/** What an op's handler answers: its endpoint's output as a handler returns it. */
type Reply<P> = P extends { output: infer O extends z.ZodType } ? z.input<O> : never;
/** The keyword filters the entity's hooks answer (`searches: {sku: 'own'}`). */
type OwnSearches<E extends Entity> = {
  [K in keyof NonNullable<E['searches']>]: 'own' extends NonNullable<E['searches']>[K] ? K : never;
}[keyof NonNullable<E['searches']>] &
  string;

/** The hooks of entity `E`; every one optional. Methods, so that any entity's hooks are an `EntityHooks<Entity>`. */
export interface EntityHooks<E extends Entity = Entity> {
  /** The table of a call when the fixed fields choose among several (labels: tags or categories). */
  table?(fixed: FixedOfEntity<E>): PgTable;
  /** Values of the fields that have no column (e.g. counts), for a page of rows at once. */
  derive?(rows: RowOf<E>[], ctx: SiteContext, fixed: FixedOfEntity<E>): Promise<Deriver<E>>;
  /** Refuses to change or delete a stored row (throws an AppError). */
  guard?(row: RowOf<E>, ctx: SiteContext): void;
  /**
   * Writes a checked save instead of the generic insert or update (a row being changed is found and guarded
   * first) and answers the row's id.
   */
  write?(input: EntitySave<E>, ctx: SiteContext, table: PgTable): Promise<number>;
  /** The entity's further actions, each bound to an endpoint of contract/api (action()). */
  actions?: AnyAction[];
  /**
   * What the caller may see of the table, as a condition (a post's writer sees their own unless they hold
   * post.view_all): applied to the generic list, get, save and delete, so that a record out of sight is not found
   * (404). A replaced op applies its own.
   */
  sight?(ctx: SiteContext, table: PgTable): SQL | undefined;
  /** The keyword filters declared `'own'` in `searches`: the condition for a LIKE pattern (wildcards escaped). */
  search?: { [K in OwnSearches<E>]: (pattern: string, raw: string) => SQL };
  /**
   * The CSV rows of an export when they are not one per record (an order's items each a row): the records of the
   * list's filters and sort, at most ENTITY_EXPORT_MAX, each row a cell per column, in the site's zone and the
   * caller's language.
   */
  exportRows?(query: ListQuery, ctx: SiteContext): Promise<Record<ExportColumns<E>, string>[]>;
  /**
   * The CSV rows of an export streamed (memberCsvBatches): the list's filters and sort without the
   * ENTITY_EXPORT_MAX bound, by batches, each row a cell per column as exportRows'. A bad filter throws at the call.
   */
  exportBatches?(query: ListQuery, ctx: SiteContext): AsyncIterable<Record<ExportColumns<E>, string>[]>;
  /** The list's handler in place of the generic one. */
  list?(input: InputOf<Api<E>['list']>, ctx: SiteContext): Promise<Reply<Api<E>['list']>>;
  /** The get's handler (a record page's `detail` too); another site's record must be 404. */
  get?(input: InputOf<Api<E>['get']>, ctx: SiteContext): Promise<Reply<Api<E>['get']>>;
  /** The save's handler, in place of the generic checks and write (`write` replaces the write alone). */
  save?(input: EntitySave<E>, ctx: SiteContext): Promise<Reply<NonNullable<Api<E>['save']>>>;
  /** The delete's handler. */
  delete?(
    input: InputOf<NonNullable<Api<E>['delete']>>,
    ctx: SiteContext,
  ): Promise<Reply<NonNullable<Api<E>['delete']>>>;
  /**
   * The delete's handler of an entity that deletes several at once (`deleteMany`): deletes these records of the
   * site (without repeats), all or none — another site's id, or one not found, is 404 and deletes nothing.
   */
  deleteMany?(ids: number[], ctx: SiteContext, fixed: FixedOfEntity<E>): Promise<void>;
}

/** An entity's hooks, typed by its declaration: `export const hooks = entityHooks(goods, {derive, write})`. */
export const entityHooks = <E extends Entity>(entity: E, hooks: EntityHooks<E>): ServedHooks<E> => ({
  entity,
  hooks,
});

/** What a hooks file exports: the hooks and the declaration they were typed by (the registry checks they match). */
export interface ServedHooks<E extends Entity = Entity> {
  entity: E;
  hooks: EntityHooks<E>;
}

/** An entity's words on the server (i18n/<lang>/entities/<name>.ts): a key's, or undefined. */
export type WordsOf = (lang: Locale, key: string) => string | undefined;

/** An entity the server serves: its declaration, its table, its hooks and its words (its CSV's header). */
export interface ServedEntity {
  entity: Entity;
  table: PgTable;
  hooks?: EntityHooks;
  words?: WordsOf;
}
