/**
 * Entity declarations: the schema-driven resource layer. One file per entity, contract/entities/<name>.ts, says what
 * its records hold (fields with their kind and their SPEC §5 rules), which are listed, filtered and sorted, who may
 * do what, which plan feature it needs and where it sits in the menu. From that one object come:
 * - its endpoints (list, get, save — id 0 creates —, delete), declared here by `defineEntity`;
 * - the server's actions over its table, scoped to the caller's site (server/entities);
 * - the dataProvider's mapping and the react-admin List and form (src/entities);
 * - its conformance tests (tests/api/conformance.test.ts).
 * An entity adds its own rules through hooks on the server and may replace any generated screen in the SPA.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { f } from './fields';
import { IdInput, IdReply, ListInput, listResult } from './list';
import type { Needed } from './permissions';
import type { Feature } from './plans';

/** How a field is edited and shown; the form picks its input by kind. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'richText'
  /** Made from the `from` field with pinyin when left empty. */
  | 'slug'
  /** An image address: uploaded or picked from the library. */
  | 'image'
  /** An integer amount in TWD. */
  | 'money'
  | 'number'
  | 'switch'
  | 'enum'
  /** The id of one record of `reference`. */
  | 'reference'
  /** Ids of records of `reference`. */
  | 'references'
  /** One sub-record per content language (`fields` with `lang_id`), shown as tabs. */
  | 'languages'
  /** A nested list of sub-records (`fields`), such as a product's SKUs. */
  | 'list'
  /** Shown, never edited (ids, dates, counts). */
  | 'readOnly'
  /** A date and time (ISO string), shown in the site's zone. */
  | 'dateTime';

export interface Field {
  kind: FieldKind;
  /** The rule a saved value must meet. Absent: the field is not sent on save (read-only). */
  input?: z.ZodType;
  /** The value as a record carries it. */
  output: z.ZodType;
  /** A column of the List. */
  list?: boolean;
  /** Filterable: by keyword (`search`) or by one or several values (`in`). */
  filter?: 'search' | 'in';
  sort?: boolean;
  /** slug: the field it is made from. */
  from?: string;
  /** enum: the values (their words are `resources.<name>.fields.<field>_<value>`). */
  choices?: readonly (string | number)[];
  /** reference(s): the resource referred to. */
  reference?: string;
  /** languages, list: the sub-record's fields. */
  fields?: Record<string, Field>;
}

export type Fields = Record<string, Field>;

/** The four record actions; `save` with id 0 creates (and needs the create permission too). */
export type EntityOp = 'list' | 'get' | 'save' | 'delete';

/** Where a resource sits in the side menu. */
export interface MenuPlace {
  group: 'content' | 'site' | 'settings' | 'shop' | 'members' | 'personal';
  /** Position inside the group (lower first). */
  order: number;
  /** Loads the menu and list icon (a @mui/icons-material default export); only the SPA calls it. */
  icon: () => Promise<{ default: unknown }>;
}

/**
 * A react-admin resource over the entity. Most entities are one resource of their own name; one table may serve
 * several (tags and categories are labels told apart by `type`), each sending its `fixed` fields with every call.
 */
export interface EntityResource {
  name: string;
  fixed?: Record<string, string | number>;
  menu: MenuPlace;
}

export interface EntityDef<F extends Fields = Fields> {
  /** The entity's name: its API module and, unless `resources` says otherwise, its one resource. */
  name: string;
  /** The Drizzle table (its export name in server/db/schema.ts); it has `id` and `siteId` columns. */
  table: string;
  fields: F;
  /** The action paths when they are not `<name>/<op>` (those of SPEC §7). */
  paths?: Partial<Record<EntityOp, string>>;
  permissions: Record<'list' | 'create' | 'edit' | 'delete', Needed>;
  /** The plan feature the entity needs, if any (contract/plans.ts). */
  feature?: Feature;
  defaultSort: { col: string; order: 'asc' | 'desc' };
  /** The field a record is named by (lists of references, titles). */
  title: string;
  /** Cross-field rules of the save input. */
  refine?: (record: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  /** Defaults to one resource named like the entity. */
  resources?: EntityResource[];
  menu?: MenuPlace;
}

const inputShape = (fields: Fields) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.input)
      .map(([name, field]) => [name, field.input as z.ZodType]),
  );
const outputShape = (fields: Fields) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.output]));

/** The columns a list may filter and sort on (contract/list.ts ListColumns). */
export const listColumns = (fields: Fields) => ({
  filter: ['id', ...Object.keys(fields).filter((k) => fields[k].filter)],
  sort: ['id', ...Object.keys(fields).filter((k) => fields[k].sort)],
});

/** The resources an entity serves. */
export const resourcesOf = (def: EntityDef): EntityResource[] =>
  def.resources ?? (def.menu ? [{ name: def.name, menu: def.menu }] : []);

/** Declares an entity: its definition with its record schema, save input and endpoints. */
export function defineEntity<F extends Fields>(def: EntityDef<F>) {
  const path = (op: EntityOp) => def.paths?.[op] ?? `${def.name}/${op}`;
  const fixedShape = Object.fromEntries(
    [...new Set(resourcesOf(def).flatMap((r) => Object.keys(r.fixed ?? {})))].map((k) => [
      k,
      z.union(resourcesOf(def).map((r) => z.literal(r.fixed?.[k] as string | number))),
    ]),
  );
  const record = z.object({ id: z.number(), ...outputShape(def.fields) });
  const saveBase = z.strictObject({ id: f.uint(), ...fixedShape, ...inputShape(def.fields) });
  const save = def.refine ? saveBase.superRefine(def.refine) : saveBase;
  const ref = IdInput.extend(fixedShape).strict();
  const { permissions: perm } = def;
  const api = {
    list: endpoint({
      path: path('list'),
      input: ListInput.extend(fixedShape).strict(),
      output: listResult(record),
      access: 'site',
      permission: perm.list,
      summary: `Lists the site's ${def.name} records: a page, filters and a sort`,
    }),
    get: endpoint({
      path: path('get'),
      input: ref,
      output: record,
      access: 'site',
      permission: perm.list,
      summary: `One ${def.name} record of the site`,
    }),
    save: endpoint({
      path: path('save'),
      input: save,
      output: record,
      access: 'site',
      // id 0 creates, which also needs the create permission (checked by the server's generic action).
      permission: perm.edit,
      summary: `Adds (id 0) or changes a ${def.name} record`,
    }),
    delete: endpoint({
      path: path('delete'),
      input: ref,
      output: IdReply,
      access: 'site',
      permission: perm.delete,
      summary: `Deletes a ${def.name} record`,
    }),
  };
  return { ...def, record, save, api, columns: listColumns(def.fields) };
}

export type Entity = ReturnType<typeof defineEntity>;
export type EntityRecord<E extends Entity> = z.output<E['record']>;

type FieldOptions = Omit<Field, 'kind' | 'input' | 'output'>;

/** Field builders: the kind, the §5 rule and the record's value type together. */
export const field = {
  text: (input: z.ZodType, o: FieldOptions = {}): Field => ({ kind: 'text', input, output: z.string(), ...o }),
  longText: (input: z.ZodType, o: FieldOptions = {}): Field => ({
    kind: 'longText',
    input,
    output: z.string(),
    ...o,
  }),
  image: (o: FieldOptions = {}): Field => ({
    kind: 'image',
    input: f.linkOrEmpty().default(''),
    output: z.string(),
    ...o,
  }),
  /** Shown and sorted, never sent. */
  readOnly: (output: z.ZodType, o: FieldOptions = {}): Field => ({ kind: 'readOnly', output, ...o }),
  /** A record's creation or change time (never sent). */
  dateTime: (o: FieldOptions = {}): Field => ({ kind: 'dateTime', output: z.string(), ...o }),
};
