/**
 * An entity's own rules on the server, in an optional server/entities/<name>.ts exporting `hooks`. Everything the
 * declaration says (columns, site scope, permissions, plan feature, image and reference checks) is done by the
 * generic actions (actions.ts); a hook only adds what is the entity's alone.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Entity } from '../../contract/entity';
import type { AnyAction, SiteContext } from '../http/action';

/** A stored row as Drizzle selects it (camelCase columns). */
export type Row = Record<string, unknown> & { id: number };
/** The fixed fields of the call (a label's `type`). */
export type Fixed = Record<string, string | number>;
/** A parsed save input: `id` (0 creates), the fixed fields and the declared fields. */
export type SaveInput = Record<string, unknown> & { id: number };

export interface EntityHooks {
  /** The table of a call when the fixed fields choose among several (labels: tags or categories). */
  table?: (fixed: Fixed) => PgTable;
  /** Values of the fields that have no column (e.g. counts), for a page of rows at once. */
  derive?: (rows: Row[], ctx: SiteContext, fixed: Fixed) => Promise<(row: Row) => Record<string, unknown>>;
  /** Refuses to change or delete a stored row (throws an AppError). */
  guard?: (row: Row, ctx: SiteContext) => void;
  /**
   * Writes a checked save instead of the generic insert or update (a row being changed is found and guarded
   * first) and answers the row's id.
   */
  write?: (input: SaveInput, ctx: SiteContext, table: PgTable) => Promise<number>;
  /** The entity's further actions, each bound to an endpoint of contract/api. */
  actions?: AnyAction[];
}

export const entityHooks = (hooks: EntityHooks): EntityHooks => hooks;

/** An entity the server serves: its declaration, its table and its hooks. */
export interface ServedEntity {
  entity: Entity;
  table: PgTable;
  hooks?: EntityHooks;
}
