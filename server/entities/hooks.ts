/**
 * An entity's own rules on the server, in an optional server/entities/<name>.ts exporting `hooks =
 * entityHooks(<declaration>, {…})`. Everything the declaration says (columns, site scope, permissions, plan feature,
 * image and reference checks) is done by the generic actions (actions.ts); a hook only adds what is the entity's
 * alone. The hooks are typed from the declaration: a row is its table's (the export of a server/modules/<m>/schema.ts
 * that `table` names), a save is its save schema's output (`EntitySave`), the fixed fields are its resources', and what
 * `derive` adds is some of its record's fields.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Entity, EntityRecord, EntitySave, FixedOf } from '../../contract/entity';
import type { EntityResource } from '../../contract/entityBrief';
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

/** An entity the server serves: its declaration, its table and its hooks. */
export interface ServedEntity {
  entity: Entity;
  table: PgTable;
  hooks?: EntityHooks;
}
