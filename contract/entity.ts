/**
 * Entity declarations: the schema-driven resource layer. One file per entity, contract/entities/<name>.ts, says what
 * its records hold (fields with their kind and their SPEC §5 rules), which are listed, filtered and sorted, who may
 * do what, which plan feature it needs and where it sits in the menu. From that one object come:
 * - its endpoints (list, get, save — id 0 creates —, delete: those of its `ops`; and `export`, a CSV of the list,
 *   when it declares one), declared here by `defineEntity`;
 * - the server's actions over its table, scoped to the caller's site (server/entities);
 * - the dataProvider's mapping and the react-admin List and form (src/entities);
 * - its conformance tests (tests/api/conformance.test.ts).
 * An entity adds its own rules through hooks on the server (server/entities/hooks.ts: a hook may replace an op's
 * handler, the endpoint staying the declaration's) and may replace any generated screen in the SPA, or add a record
 * page and toolbar buttons (src/entities/overrides.ts).
 */
import { z } from 'zod';
import { TIMEOUT } from './constants';
import { LangId } from './content';
import { LANG_IDS } from './contentConstants';
import type { AnyEndpoint } from './endpoint';
import { endpoint } from './endpoint';
import {
  type EntityAction,
  type EntityBrief,
  type EntityOp,
  type EntityResource,
  type FilterKind,
  type MenuPlace,
  type OwnPermissions,
  rangeField,
  resourcesOf,
  serves,
  updates,
} from './entityBrief';
import { bounded, f, ruled } from './fields';
import { IdInput, IdReply, IdsReply, ListInput, listResult } from './list';
import { PATTERNS } from './patterns';
import type { ResourcePermissions } from './permissions';
import type { Feature } from './plans';
import { rules } from './validation';

/** How a field is edited and shown; the form picks its input by kind. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'richText'
  /** Made from the `from` field with pinyin when left empty. */
  | 'slug'
  /** An image address: uploaded or picked from the library. */
  | 'image'
  /** Several image addresses (a gallery), in order. */
  | 'images'
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
  /** A calendar day of the site (YYYY-MM-DD), picked with a date picker and shown in the interface language. */
  | 'date'
  /**
   * A moment (an ISO 8601 string, UTC on the way out), picked and shown as the site's wall clock in its time zone;
   * read-only without a rule (created_at, updated_at).
   */
  | 'dateTime';

export interface Field<O extends z.ZodType = z.ZodType, I extends z.ZodType = z.ZodType> {
  kind: FieldKind;
  /** The rule a saved value must meet. Absent: the field is not sent on save (read-only). */
  input?: I;
  /** The value as a record carries it. */
  output: O;
  /** A column of the List. */
  list?: boolean;
  /**
   * Filterable: by keyword (`search`), by one or several values (`in`), or — a date or dateTime field, one per
   * entity — by a range of days of the site's time zone (`range`: the filters `from` and `to`, YYYY-MM-DD, both days
   * included).
   */
  filter?: 'search' | 'in' | 'range';
  /**
   * The filter's name — react-admin's and the API's `col` — when it is not the field's: a member's `tags` are
   * filtered one tag at a time as `tag`.
   */
  filterAs?: string;
  sort?: boolean;
  /** slug: the field it is made from (`lang.title`: the title of a languages field, its first language). */
  from?: string;
  /** enum: the values (their words are `resources.<name>.fields.<field>_<value>`). */
  choices?: readonly (string | number)[];
  /** enum: several of the choices may be picked (the value is an array). */
  multiple?: boolean;
  /** The table column when it is not the field's name in camelCase (`lang` → `langs`). */
  column?: string;
  /** reference(s): the resource referred to. */
  reference?: string;
  /** languages, list: the sub-record's fields. */
  fields?: Record<string, Field>;
  /** images: how many at most. */
  max?: number;
}

export type Fields = Record<string, Field>;

/** The shapes of a record's values and of a save's values, field by field (a read-only field has no input). */
export type OutputsOf<F extends Fields> = { [K in keyof F]: F[K]['output'] };
export type InputsOf<F extends Fields> = {
  [K in keyof F as [Exclude<F[K]['input'], undefined>] extends [never] ? never : K]-?: Exclude<
    F[K]['input'],
    undefined
  >;
};
/**
 * The fixed fields of an entity's resources sent in the body (a label's `type`: 'tag' or 'category'); those of a
 * resource sending them in the query string (`query: true`) are no field of the record nor of the save.
 */
type FixedValues<R extends readonly EntityResource[]> = NonNullable<
  Exclude<R[number], { query: true }>['fixed']
>;
/** Typed only for a declaration's own resources (a tuple); any entity's (`Entity`) have none in their type. */
type Untyped<R extends readonly EntityResource[]> = [R[number]] extends [never]
  ? true
  : number extends R['length']
    ? true
    : [FixedValues<R>] extends [never]
      ? true
      : false;
export type FixedShape<R extends readonly EntityResource[]> =
  Untyped<R> extends true ? unknown : { [K in keyof FixedValues<R>]: z.ZodType<FixedValues<R>[K]> };
export type RecordShape<F extends Fields, R extends readonly EntityResource[] = []> = {
  id: z.ZodNumber;
} & FixedShape<R> &
  OutputsOf<F>;
export type SaveShape<F extends Fields, R extends readonly EntityResource[] = []> = {
  id: z.ZodNumber;
} & FixedShape<R> &
  InputsOf<F>;
/** A checked save: `id` (0 creates), the fixed fields and every editable field, defaults filled in. */
export type SaveOutput<F extends Fields, R extends readonly EntityResource[] = []> = z.output<
  z.ZodObject<SaveShape<F, R>>
>;
/** What a save may send of the declared fields (a sample record): without `id` and the fixed fields. */
export type SampleOf<F extends Fields> = z.input<z.ZodObject<InputsOf<F>>>;
type Loose = Record<string, z.ZodType>;

export type { EntityOp };

/**
 * Keyword filters that are no one field's, by name (the API filter `{col: <name>, type: 'search'}`, a box of the
 * filter panel, the words `filters.<name>`): over several fields (`keyword: ['order_number', 'buyer_name']`, any of
 * them matching), or `'own'`, answered by the entity's hooks (`hooks.search.<name>`, or its own `hooks.list`).
 */
export type Searches<F extends Fields, S extends string = string> = {
  [K in S]: readonly (keyof F & string)[] | 'own';
};

/**
 * A CSV export of the list (`<name>/export`, SPEC's `order/export`): the list's filters and sort, the list's
 * permission and the feature, at most ENTITY_EXPORT_MAX records. `columns` in order, each headed by the words
 * `export.header.<column>`; each cell is the record's field of that name (in the caller's language and the site's
 * zone) unless the entity's `hooks.exportRows` gives the rows (one record, several rows: an order's items).
 */
export interface EntityExport<C extends string = string> {
  columns: readonly C[];
  /** The file's name before the site and the day (`staff` → staff-<site>-<day>.csv); the entity's name by default. */
  file?: string;
}
/** The most records one export holds. */
export const ENTITY_EXPORT_MAX = 10_000;

/** The fields a record page's `get` answers beyond the list's record (an order's items and moves). */
export type DetailShape = Record<string, z.ZodType>;
/** No detail: `get` answers the record. */
export type NoDetail = Record<never, never>;

/**
 * An entity's declaration: what defineEntity takes. Its brief (name, title, permissions, feature, menu, resources:
 * contract/entityBrief.ts) and the rest.
 */
export interface EntityDef<
  F extends Fields = Fields,
  N extends string = string,
  T extends string = string,
  L extends string = string,
  R extends readonly EntityResource[] = readonly EntityResource[],
  O extends EntityOp = EntityOp,
  S extends string = string,
  C extends string = string,
  D extends DetailShape = NoDetail,
  P extends CatalogueEndpoints = NoEndpoints,
> extends EntityParts<F, N, T, R, S, C, D> {
  /** The operations it serves (all four unless it says; `list` and `get` always): see EntityBrief. */
  ops?: readonly O[];
  /**
   * Who may do what: the entity's own permissions (`{group, leaves}`: see OwnPermissions, the usual choice for a
   * new entity), or permission ids of the tree for each action (`RESOURCE_PERMISSIONS.<resource>`).
   */
  permissions: OwnPermissionsOf<L> | ResourcePermissions;
  /** Ops served by endpoints of the catalogue (see EntityParts `endpoints`), typed as they are. */
  endpoints?: P;
}

/** An entity's own permissions as declared: `actions` must name every action's leaf when the defaults are not there. */
export type OwnPermissionsOf<L extends string> = OwnPermissions<L> &
  (['view' | 'edit' | 'delete'] extends [L] ? unknown : { actions: Record<EntityAction, L> });

/** What a declaration and the entity it makes have alike (methods, so that any entity is an `Entity`). */
interface EntityParts<
  F extends Fields,
  N extends string,
  T extends string,
  R extends readonly EntityResource[],
  S extends string,
  C extends string,
  D extends DetailShape,
> {
  /** The API module (`<name>/list` …), its resource's name and its words' (`resources.<name>`). */
  name: N;
  /** The Drizzle table: its export name in its module's server/modules/<m>/schema.ts, with `id` and `siteId` columns. */
  table: T;
  /** The field a record is named by (references, delete confirmations). */
  title: keyof F & string;
  fields: F;
  /** The plan feature it needs (contract/plans.ts FEATURES; see EntityBrief). */
  feature?: Feature;
  /** Its menu place (see MenuPlace); without one (and without `resources`) it is served but not shown. */
  menu?: MenuPlace;
  /** Several resources over one table, each with its fixed fields and menu place (labels: tags and categories). */
  resources?: R;
  /**
   * `false`: its `save` changes records and never makes one (id 0 is no id: 格式錯誤), for records made elsewhere —
   * staff join by invitation. Its conformance tests change and delete records made as the app makes them
   * (tests/fixtures/entities/records.ts), and neither integrator face nor the list offers to create.
   */
  creates?: boolean;
  /**
   * `false`: its `save` only makes records (its `id` is 0, or left out; another is 格式錯誤), which change by the
   * entity's own calls — a member's tags and note. Neither integrator face nor the list offers to update, and its
   * conformance tests check that an id is refused.
   */
  updates?: boolean;
  /** The action paths when they are not `<name>/<op>` (those of SPEC §7). */
  paths?: Partial<Record<EntityOp | 'export', string>>;
  /** Other names of an action, served alike (SPEC §7's `label/edit`, `author/show`). */
  aliases?: Partial<Record<EntityOp, readonly string[]>>;
  /**
   * Several records deleted in ONE call, all or none (a bulk delete of the list): the delete takes `{id}` or `{ids}`
   * (at most ENTITY_DELETE_MAX) and answers `{ids}`; another site's id among them is 404 and deletes nothing. The
   * dataProvider's deleteMany sends them at once. Without it, `{id}`, answered `{id}`.
   */
  deleteMany?: boolean;
  /** The list's order when none is asked for. */
  defaultSort: { col: 'id' | (keyof F & string); order: 'asc' | 'desc' };
  /**
   * A valid record to save (without id and fixed fields) for the generated conformance tests, `n` making its values
   * unique. Rarely needed: by default one is derived from the field rules (contract/entitySample.ts), which meets
   * each field's own rule; give one when a `refine` rule ties fields together in a way the derived one misses.
   */
  sample?(n: number): SampleOf<F>;
  /** Cross-field rules of the save input. */
  refine?(record: SaveOutput<F, R>, ctx: z.RefinementCtx): void;
  /** Keyword filters that are no one field's (see Searches). */
  searches?: Searches<F, S>;
  /** A CSV export of the list (see EntityExport). */
  export?: EntityExport<C>;
  /**
   * The list's filters that are no field's nor search's, by name, each of a kind (FilterKind: `keyword`, `ids`,
   * `flag` — content's pinned items, `to_top: true` → `{col: 'to_top', value: [1], type: 'in'}`); one named like a
   * field or a search is this one.
   */
  filters?: Record<string, FilterKind>;
  /**
   * Ops served by endpoints of the catalogue (contract/api/<module>.ts) in place of generated ones, for an API whose
   * bodies are its own (SPEC §7's `press/save` takes the writer's whole item and answers a summary, `press/get` takes
   * a language): their path and schemas are the catalogue's; the layer still checks each resource's permissions and
   * feature, and the entity's hooks answer them (`hooks.list` …). A save given here answers a summary: both
   * integrator faces read the record again (ResourceApi `reread`).
   */
  endpoints?: CatalogueEndpoints;
  /**
   * The delete is `endpoints.delete` called with these fields besides `{id}` (content: `press/publish` with
   * `{mode: -1}`): an action of the entity's module that does more than delete, served by that module, not by the
   * layer.
   */
  deleteWith?: Record<string, unknown>;
  /**
   * What `get` answers besides the record's fields, for a record page (`overrides.Show` in the SPA) whose data is
   * more than a row: an order's items, moves and payments. Its values come from the entity's `hooks.get`.
   */
  detail?: D;
}

/** The most records one delete takes (`deleteMany`). */
export const ENTITY_DELETE_MAX = 1000;

const inputShape = (fields: Fields): Loose =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.input)
      .map(([name, field]) => [name, field.input as z.ZodType]),
  );
const outputShape = (fields: Fields): Loose =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.output]));

/** The filters a list takes (contract/list.ts ListColumns), fields' and searches', and the columns it sorts on. */
export const listColumns = (fields: Fields, searches: object = {}) => ({
  filter: [
    'id',
    ...Object.keys(fields)
      .filter((k) => fields[k].filter === 'search' || fields[k].filter === 'in')
      .map((k) => fields[k].filterAs ?? k),
    ...Object.keys(searches),
    ...(rangeField(fields) ? ['from', 'to'] : []),
  ],
  sort: ['id', ...Object.keys(fields).filter((k) => fields[k].sort)],
});

/**
 * The permissions an entity's actions need, from its own (`<entity>.<leaf>`) by `actions` or the default; a leaf it
 * does not declare is refused by the type (OwnPermissionsOf) and by the tests (tests/api/permission-matrix.test.ts).
 */
const ownResourcePermissions = (
  name: string,
  { leaves, actions: a = {} }: OwnPermissions,
): ResourcePermissions => ({
  list: `${name}.${a.list ?? 'view'}`,
  create: `${name}.${a.create ?? (leaves.includes('add') ? 'add' : 'edit')}`,
  edit: `${name}.${a.edit ?? 'edit'}`,
  delete: `${name}.${a.delete ?? 'delete'}`,
});

/** A declared entity: its declaration with the permissions resolved, its schemas, endpoints and list columns. */
export interface DefinedEntity<
  F extends Fields = Fields,
  N extends string = string,
  T extends string = string,
  L extends string = string,
  R extends readonly EntityResource[] = readonly EntityResource[],
  O extends EntityOp = EntityOp,
  S extends string = string,
  C extends string = string,
  D extends DetailShape = NoDetail,
  P extends CatalogueEndpoints = NoEndpoints,
> extends EntityParts<F, N, T, R, S, C, D> {
  /** The operations it serves (all four unless the declaration says). */
  ops?: readonly EntityOp[];
  /** What each action needs (an entity's own permissions as their ids). */
  permissions: ResourcePermissions;
  /** The entity's own permissions, when it declares them. */
  ownPermissions?: OwnPermissions<L>;
  /** A record as the API answers it. */
  record: z.ZodObject<RecordShape<F, R>>;
  /** The save's input (id 0 creates). */
  save: SaveSchema<F, R, P>;
  /** The endpoints it serves: list and get always, save and delete as `ops` says, export when declared. */
  api: WithEndpoints<ServedApi<F, R, D, O>, P>;
  columns: ReturnType<typeof listColumns>;
}

/** Ops served by endpoints of the catalogue (EntityParts `endpoints`). */
export type CatalogueEndpoints = Partial<Record<EntityOp, AnyEndpoint>>;
/** None: every op's endpoint is generated. */
export type NoEndpoints = Record<never, never>;
/**
 * The catalogue's list, get and save typed as they are; a delete by another action (`deleteWith`) keeps the generated
 * type, as no integrator reads its answer.
 */
type TypedEndpoints<P> = Omit<P, 'delete'>;
/** An entity's API with the catalogue's endpoints in place of the generated ones. */
export type WithEndpoints<A, P> = Omit<A, keyof TypedEndpoints<P>> & TypedEndpoints<P>;
/** The save's input: the catalogue's save's, or the generated one. */
export type SaveSchema<F extends Fields, R extends readonly EntityResource[], P> = P extends {
  save: infer E extends AnyEndpoint;
}
  ? E['input']
  : z.ZodObject<SaveShape<F, R>, z.core.$strict>;

/** Every endpoint an entity may have. */
export type EntityApi<
  F extends Fields,
  R extends readonly EntityResource[],
  D extends DetailShape = NoDetail,
> = ReturnType<typeof endpointsOf<F, R, D>>;

/** The endpoints an entity serving `O` has: list and get always; the others only when served (or declared). */
export type ServedApi<
  F extends Fields,
  R extends readonly EntityResource[],
  D extends DetailShape,
  O extends EntityOp,
> = Pick<EntityApi<F, R, D>, 'list' | 'get' | O> &
  Partial<Pick<EntityApi<F, R, D>, 'save' | 'delete' | 'export'>>;

/** A record page's record: the record with the declaration's `detail`. */
export type DetailSchema<
  F extends Fields,
  R extends readonly EntityResource[],
  D extends DetailShape,
> = z.ZodObject<RecordShape<F, R> & D>;

/** The endpoints of an entity. */
function endpointsOf<F extends Fields, R extends readonly EntityResource[], D extends DetailShape>(
  def: Pick<
    EntityDef<F, string, string, string, R>,
    'name' | 'paths' | 'aliases' | 'feature' | 'creates' | 'deleteMany'
  >,
  permissions: ResourcePermissions | undefined,
  fixedShape: Record<string, z.ZodType>,
  record: z.ZodObject<RecordShape<F, R>>,
  detail: DetailSchema<F, R, D>,
  save: z.ZodObject<SaveShape<F, R>, z.core.$strict>,
) {
  const path = (op: EntityOp | 'export') => def.paths?.[op] ?? `${def.name}/${op}`;
  // Typed as the fixed fields the resources send (a label's `type`), and nothing else.
  const ref = IdInput.extend(fixedShape).strict() as unknown as z.ZodObject<
    (typeof IdInput)['shape'] & FixedShape<R>,
    z.core.$strict
  >;
  const query = ListInput.extend(fixedShape).strict() as unknown as z.ZodObject<
    (typeof ListInput)['shape'] & FixedShape<R>,
    z.core.$strict
  >;
  const { feature } = def;
  // `{id}` or `{ids}` when it deletes several at once (typed as `{id}`: a hook gets the ids as a list, hooks.ts).
  const removal = (
    def.deleteMany
      ? z
          .strictObject({
            ...fixedShape,
            id: f.id().optional(),
            ids: z.array(f.id()).min(1).max(ENTITY_DELETE_MAX).optional(),
          })
          .refine((v) => v.id !== undefined || v.ids !== undefined, {
            message: 'validation.required',
            path: ['id'],
          })
      : ref
  ) as typeof ref;
  return {
    list: endpoint({
      path: path('list'),
      aliases: def.aliases?.list,
      input: query,
      output: listResult(record),
      access: 'site',
      permission: permissions?.list,
      feature,
      summary: `Lists the site's ${def.name} records: a page, filters and a sort`,
    }),
    get: endpoint({
      path: path('get'),
      aliases: def.aliases?.get,
      input: ref,
      output: detail,
      access: 'site',
      permission: permissions?.list,
      feature,
      summary: `One ${def.name} record of the site`,
    }),
    save: endpoint({
      path: path('save'),
      aliases: def.aliases?.save,
      input: save,
      output: record,
      access: 'site',
      permission: permissions?.edit,
      feature,
      createPermission: def.creates === false ? undefined : permissions?.create,
      summary:
        def.creates === false
          ? `Changes a ${def.name} record`
          : `Adds (id 0) or changes a ${def.name} record`,
    }),
    delete: endpoint({
      path: path('delete'),
      aliases: def.aliases?.delete,
      input: removal,
      output: (def.deleteMany ? IdsReply : IdReply) as typeof IdReply,
      access: 'site',
      permission: permissions?.delete,
      feature,
      summary: def.deleteMany
        ? `Deletes one ${def.name} record ({id}) or several at once ({ids})`
        : `Deletes a ${def.name} record`,
    }),
    export: endpoint({
      path: path('export'),
      input: query,
      // A CSV file (UTF-8 with a byte-order mark), not an envelope; refusals still answer envelopes.
      output: z.string(),
      access: 'site',
      permission: permissions?.list,
      feature,
      raw: true,
      timeout: TIMEOUT.upload,
      summary: `The ${def.name} records of the list's filters and sort as CSV`,
    }),
  };
}

/** Declares an entity: its definition with its record schema, save input and endpoints. */
export function defineEntity<
  F extends Fields,
  const N extends string,
  const T extends string,
  const L extends string = never,
  const R extends readonly EntityResource[] = [],
  const O extends EntityOp = EntityOp,
  const S extends string = never,
  const C extends string = never,
  D extends DetailShape = NoDetail,
  const P extends CatalogueEndpoints = NoEndpoints,
>(def: EntityDef<F, N, T, L, R, O, S, C, D, P>): DefinedEntity<F, N, T, L, R, O, S, C, D, P> {
  const declared = def.permissions;
  const ownPermissions = 'group' in declared ? declared : undefined;
  const permissions = 'group' in declared ? ownResourcePermissions(def.name, declared) : declared;
  const brief: EntityBrief = { ...def, permissions };
  // The fixed fields each resource sends in the body (typed by FixedShape in the record and save schemas).
  const inBody = resourcesOf(brief).filter((r) => !r.query);
  const fixedShape: Record<string, z.ZodType> = Object.fromEntries(
    [...new Set(inBody.flatMap((r) => Object.keys(r.fixed ?? {})))].map((k) => [
      k,
      z.union(inBody.map((r) => z.literal(r.fixed?.[k] as string | number))),
    ]),
  );
  const record = z.object({
    id: z.number(),
    ...fixedShape,
    ...outputShape(def.fields),
  }) as unknown as z.ZodObject<RecordShape<F, R>>;
  const detail = (def.detail ? record.extend(def.detail) : record) as unknown as DetailSchema<F, R, D>;
  const saveBase = z.strictObject({
    // A record is made elsewhere when the entity does not create: its save takes an id only. One that does not
    // update takes id 0 (or none), as members' `profile/save` always has.
    id: def.creates === false ? f.id() : updates(def) ? f.uint() : z.literal(0).default(0),
    ...fixedShape,
    ...inputShape(def.fields),
  }) as unknown as z.ZodObject<SaveShape<F, R>, z.core.$strict>;
  const { refine } = def;
  const save = (def.endpoints?.save?.input ??
    (refine
      ? saveBase.superRefine((value, ctx) => refine.call(def, value, ctx))
      : saveBase)) as typeof saveBase;
  // With permissions of their own, the resources' are checked per call (server/entities/actions.ts), not here.
  const own = resourcesOf(brief).some((r) => r.permissions);
  const all = endpointsOf<F, R, D>(def, own ? undefined : permissions, fixedShape, record, detail, save);
  // Only what it serves: an op it does not is no endpoint at all (no route, no mapping, no test).
  const api = Object.fromEntries(
    Object.entries({ ...all, ...def.endpoints }).filter(([op]) =>
      op === 'export' ? def.export : serves(def, op as EntityOp),
    ),
  ) as unknown as ServedApi<F, R, D, O>;
  return {
    ...def,
    permissions,
    ownPermissions,
    record,
    save: save as SaveSchema<F, R, P>,
    api: api as WithEndpoints<ServedApi<F, R, D, O>, P>,
    columns: listColumns(def.fields, def.searches),
  };
}

/** The fixed fields of a call, by resource: `{type: 'tag'} | {type: 'category'}` → `{type: 'tag' | 'category'}`. */
export type FixedOf<R extends readonly EntityResource[]> =
  Untyped<R> extends true ? Record<never, never> : { [K in keyof FixedValues<R>]: FixedValues<R>[K] };

/**
 * Any entity: its fields, fixed fields and values typed loosely; it lists and gets, and may save, delete and export
 * (`api.save` and the others are there only when served).
 */
export type Entity = DefinedEntity<
  Fields,
  string,
  string,
  string,
  readonly EntityResource[],
  'list' | 'get',
  string,
  string,
  DetailShape
>;
export type EntityRecord<E extends Entity> = z.output<E['record']>;
/** The columns of the entity's CSV export. */
export type ExportColumns<E extends Entity> = NonNullable<E['export']>['columns'][number];
/** A checked save of the entity: what the server's hooks receive. */
export type EntitySave<E extends Entity> = z.output<E['save']>;

type FieldOptions = Omit<Field, 'kind' | 'input' | 'output'>;
/** No options given. */
type NoOptions = Record<never, never>;

/**
 * A field of `kind`: its rule (`undefined` for a read-only one), its value in a record, and its options — kept in
 * the type as written (`filter: 'search'`, an enum's choices, a sub-record's fields), so that the words file of the
 * entity can be checked against them (i18n/types.ts EntityWords).
 */
const make = <
  K extends FieldKind,
  O extends z.ZodType,
  I extends z.ZodType = never,
  X extends object = NoOptions,
  Y extends object = NoOptions,
>(
  kind: K,
  input: I | undefined,
  output: O,
  o?: X,
  own?: Y,
) => {
  const { max: _max, ...options } = (o ?? {}) as { max?: number };
  return { kind, ...(input ? { input } : {}), output, ...options, ...own } as unknown as Field<O, I> & {
    kind: K;
  } & Omit<X, 'max'> &
    Y;
};

/** A sub-record's rule and value (languages and list fields). */
const subRecord = <S extends Fields>(fields: S) => ({
  input: z.strictObject(inputShape(fields)) as unknown as z.ZodObject<InputsOf<S>>,
  output: z.object(outputShape(fields)) as unknown as z.ZodObject<OutputsOf<S>>,
});

/** Whether `v` is a day of the calendar written YYYY-MM-DD, from the year 1000 (not 2026-02-30, which rolls over). */
const isDay = (v: string) => {
  const at = new Date(`${v}T00:00Z`).getTime();
  return (
    PATTERNS.date.re.test(v) && v >= '1000' && !Number.isNaN(at) && new Date(at).toISOString().startsWith(v)
  );
};
const FORMAT = { message: 'validation.format' };
/** A calendar day, YYYY-MM-DD, that exists (a date field's rule; 2026-02-30 is 格式錯誤). */
const day = () => ruled(bounded(10), rules.required, (v) => (isDay(v) ? undefined : FORMAT));
/**
 * A moment in ISO 8601 with seconds and its offset (2026-03-01T09:30:00+08:00, …Z), answered as UTC ISO
 * (2026-03-01T01:30:00.000Z): an editable dateTime field's rule.
 */
const instant = () =>
  ruled(bounded(40), rules.required, (v) =>
    isDay(v.slice(0, 10)) && z.iso.datetime({ offset: true }).safeParse(v).success ? undefined : FORMAT,
  ).transform((v) => new Date(v).toISOString());

/** A date or dateTime field: its rule when editable (nullable and null unless sent when optional) and its value. */
const moment = (kind: 'date' | 'dateTime', rule: () => z.ZodType, o: DateTimeOptions = {}) => {
  const { editable, optional, ...rest } = o;
  const input =
    kind === 'date' || editable ? (optional ? rule().nullable().default(null) : rule()) : undefined;
  return make<FieldKind, z.ZodType, z.ZodType>(
    kind,
    input,
    optional ? z.string().nullable() : z.string(),
    rest,
  );
};

/** A date field's options: `optional` lets it be empty (null). */
type DateOptions = FieldOptions & { optional?: boolean };
/** A date-and-time field's options: `editable` gives it a picker and a rule; `optional` lets it be empty (null). */
type DateTimeOptions = FieldOptions & { editable?: boolean; optional?: boolean };
type Maybe<S extends z.ZodType, X> = X extends { optional: true } ? z.ZodNullable<S> : S;
type MaybeRule<S extends z.ZodType, X> = X extends { optional: true } ? z.ZodDefault<z.ZodNullable<S>> : S;
type DayRule = ReturnType<typeof day>;
type InstantRule = ReturnType<typeof instant>;
type DateField<X> = Field<Maybe<z.ZodString, X>, MaybeRule<DayRule, X>> & { kind: 'date' } & Omit<
    X,
    'optional'
  >;
type DateTimeField<X> = Field<
  Maybe<z.ZodString, X>,
  X extends { editable: true } ? MaybeRule<InstantRule, X> : never
> & { kind: 'dateTime' } & Omit<X, 'editable' | 'optional'>;

/** Field builders: the kind, the §5 rule and the record's value type together. */
export const field = {
  text: <I extends z.ZodType, const X extends FieldOptions = NoOptions>(input: I, o?: X) =>
    make('text', input, z.string(), o),
  longText: <I extends z.ZodType, const X extends FieldOptions = NoOptions>(input: I, o?: X) =>
    make('longText', input, z.string(), o),
  /** HTML from the rich-text input, bounded like any text. */
  richText: <I extends z.ZodType, const X extends FieldOptions = NoOptions>(input: I, o?: X) =>
    make('richText', input, z.string(), o),
  /** A slug by the SPEC rule, or '' for the server to make one from `from` with pinyin. */
  slug: <const X extends FieldOptions = NoOptions>(from: string, o?: X) =>
    make('slug', f.slugOrEmpty().default(''), z.string(), o, { from }),
  image: <const X extends FieldOptions = NoOptions>(o?: X) =>
    make('image', f.linkOrEmpty().default(''), z.string(), o),
  /** Image addresses (at most `max`), each by the image rule and none empty. */
  images: <const X extends FieldOptions & { max?: number } = NoOptions>(o?: X) => ({
    ...make(
      'images',
      z
        .array(f.linkOrEmpty().refine((v) => v !== '', { message: 'validation.required' }))
        .max(o?.max ?? 20)
        .default([]),
      z.array(z.string()),
      o,
    ),
    max: o?.max ?? 20,
  }),
  /** A whole amount in TWD, from 0 (to `max`). */
  money: <const X extends FieldOptions & { max?: number } = NoOptions>(o?: X) =>
    make('money', o?.max === undefined ? f.uint() : f.uint().max(o.max), z.number(), o),
  /** A whole number an int4 column holds, or the rule given. */
  number: <I extends z.ZodType = ReturnType<typeof f.int>, const X extends FieldOptions = NoOptions>(
    input?: I,
    o?: X,
  ) => make('number', (input ?? f.int()) as I, z.number(), o),
  /** On or off (false unless sent). */
  switch: <const X extends FieldOptions = NoOptions>(o?: X) =>
    make('switch', z.boolean().default(false), z.boolean(), o),
  /** One of `choices` (the first unless sent). */
  enum: <
    const C extends readonly [string | number, ...(string | number)[]],
    const X extends Omit<FieldOptions, 'multiple'> = NoOptions,
  >(
    choices: C,
    o?: X,
  ) => {
    const one = z.union(choices.map((c) => z.literal(c))) as unknown as z.ZodType<C[number]>;
    return make('enum', one.default(choices[0] as never), one, o, { choices });
  },
  /** Several of `choices` (the first unless sent), each once. */
  enums: <
    const C extends readonly [string | number, ...(string | number)[]],
    const X extends FieldOptions = NoOptions,
  >(
    choices: C,
    o?: X,
  ) => {
    const one = z.union(choices.map((c) => z.literal(c))) as unknown as z.ZodType<C[number]>;
    const input = z
      .array(one)
      .max(choices.length)
      .default([choices[0]] as never);
    return make('enum', input, z.array(one), o, { choices, multiple: true as const });
  },
  /** The id of one of the site's `reference` records, or null. */
  reference: <const X extends FieldOptions = NoOptions>(reference: string, o?: X) =>
    make('reference', f.id().nullable().default(null), z.number().nullable(), o, { reference }),
  /** Ids of the site's `reference` records (at most `max`; the server drops repeats). */
  references: <const X extends FieldOptions & { max?: number } = NoOptions>(reference: string, o?: X) =>
    make(
      'references',
      z
        .array(f.id())
        .max(o?.max ?? 100)
        .default([]),
      z.array(z.number()),
      o,
      { reference },
    ),
  /** One sub-record per content language (`lang_id` 1–5 once each; at least one). */
  languages: <S extends Fields, const X extends FieldOptions = NoOptions>(fields: S, o?: X) => {
    const sub = subRecord(fields);
    const input = z
      .array(sub.input.extend({ lang_id: LangId }))
      .min(1)
      .max(LANG_IDS.length)
      .superRefine((entries, ctx) => {
        const ids = entries.map((e) => (e as { lang_id: number }).lang_id);
        if (new Set(ids).size !== ids.length)
          ctx.addIssue({ code: 'custom', message: 'validation.duplicate' });
      });
    return make('languages', input, z.array(sub.output.extend({ lang_id: z.number() })), o, { fields });
  },
  /** A nested list of sub-records, such as a product's SKUs (at most `max`). */
  list: <S extends Fields, const X extends FieldOptions & { max?: number } = NoOptions>(fields: S, o?: X) => {
    const sub = subRecord(fields);
    const input = z
      .array(sub.input)
      .max(o?.max ?? 100)
      .default([]);
    return make('list', input, z.array(sub.output), o, { fields });
  },
  /** Shown and sorted, never sent. */
  readOnly: <O extends z.ZodType, const X extends FieldOptions = NoOptions>(output: O, o?: X) =>
    make<'readOnly', O, never, X>('readOnly', undefined, output, o),
  /**
   * A calendar day of the site (YYYY-MM-DD, a day that exists), picked with a date picker (react-admin's DateInput)
   * and shown in the interface language; `optional`: it may be null. Stored in a `date` column (mode 'string').
   */
  date: <const X extends DateOptions = NoOptions>(o?: X) => moment('date', day, o) as unknown as DateField<X>,
  /**
   * A moment. With `editable`, picked as a date and a time of the site's clock in its time zone (the form says
   * which) and sent as ISO 8601 with its offset; the server takes any offset and answers it in UTC (….000Z), stored
   * in a `timestamp with time zone` column; `optional`: it may be null. Without `editable`, read-only: a record's
   * creation or change time (created_at, updated_at). Lists show it in the site's zone either way.
   */
  dateTime: <const X extends DateTimeOptions = NoOptions>(o?: X) =>
    moment('dateTime', instant, o) as unknown as DateTimeField<X>,
};
