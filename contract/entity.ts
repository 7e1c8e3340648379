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
import { LangId } from './content';
import { LANG_IDS } from './contentConstants';
import { endpoint } from './endpoint';
import { type EntityBrief, type EntityResource, resourcesOf } from './entityBrief';
import { f } from './fields';
import { IdInput, IdReply, ListInput, listResult } from './list';

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
  /** A date and time (ISO string), shown in the site's zone. */
  | 'dateTime';

export interface Field<O extends z.ZodType = z.ZodType, I extends z.ZodType = z.ZodType> {
  kind: FieldKind;
  /** The rule a saved value must meet. Absent: the field is not sent on save (read-only). */
  input?: I;
  /** The value as a record carries it. */
  output: O;
  /** A column of the List. */
  list?: boolean;
  /** Filterable: by keyword (`search`) or by one or several values (`in`). */
  filter?: 'search' | 'in';
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
/** The fixed fields of an entity's resources (a label's `type`: 'tag' or 'category'). */
type FixedValues<R extends readonly EntityResource[]> = NonNullable<R[number]['fixed']>;
export type FixedShape<R extends readonly EntityResource[]> = [R[number]] extends [never]
  ? unknown
  : { [K in keyof FixedValues<R>]: z.ZodType<FixedValues<R>[K]> };
export type RecordShape<F extends Fields, R extends readonly EntityResource[] = []> = {
  id: z.ZodNumber;
} & FixedShape<R> &
  OutputsOf<F>;
export type SaveShape<F extends Fields, R extends readonly EntityResource[] = []> = {
  id: z.ZodNumber;
} & FixedShape<R> &
  InputsOf<F>;
type Loose = Record<string, z.ZodType>;

/** The four record actions; `save` with id 0 creates (and needs the create permission too). */
export type EntityOp = 'list' | 'get' | 'save' | 'delete';

/** An entity's definition: its brief (what the SPA's menu and routes need) and the rest. */
export interface EntityDef<F extends Fields = Fields> extends EntityBrief {
  /** The Drizzle table (its export name in a server/modules/<m>/schema.ts); it has `id` and `siteId` columns. */
  table: string;
  fields: F;
  /** The action paths when they are not `<name>/<op>` (those of SPEC §7). */
  paths?: Partial<Record<EntityOp, string>>;
  /** Other names of an action, served alike (SPEC §7's `label/edit`, `author/show`). */
  aliases?: Partial<Record<EntityOp, readonly string[]>>;
  defaultSort: { col: string; order: 'asc' | 'desc' };
  /**
   * A valid record to save (without id and fixed fields), for the generated conformance tests; by default one is
   * made from the field kinds. A function gets a number to make unique values with.
   */
  sample?: (n: number) => Record<string, unknown>;
  /** Cross-field rules of the save input. */
  refine?: (record: Record<string, unknown>, ctx: z.RefinementCtx) => void;
}

const inputShape = (fields: Fields): Loose =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.input)
      .map(([name, field]) => [name, field.input as z.ZodType]),
  );
const outputShape = (fields: Fields): Loose =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.output]));

/** The columns a list may filter and sort on (contract/list.ts ListColumns). */
export const listColumns = (fields: Fields) => ({
  filter: ['id', ...Object.keys(fields).filter((k) => fields[k].filter)],
  sort: ['id', ...Object.keys(fields).filter((k) => fields[k].sort)],
});

/** Declares an entity: its definition with its record schema, save input and endpoints. */
export function defineEntity<F extends Fields, const R extends readonly EntityResource[] = []>(
  def: EntityDef<F> & { resources?: R },
) {
  const path = (op: EntityOp) => def.paths?.[op] ?? `${def.name}/${op}`;
  // The fixed fields each resource sends (typed by FixedShape in the record and save schemas).
  const fixedShape: Record<string, z.ZodType> = Object.fromEntries(
    [...new Set(resourcesOf(def).flatMap((r) => Object.keys(r.fixed ?? {})))].map((k) => [
      k,
      z.union(resourcesOf(def).map((r) => z.literal(r.fixed?.[k] as string | number))),
    ]),
  );
  const record = z.object({
    id: z.number(),
    ...fixedShape,
    ...outputShape(def.fields),
  }) as unknown as z.ZodObject<RecordShape<F, R>>;
  const saveBase = z.strictObject({
    id: f.uint(),
    ...fixedShape,
    ...inputShape(def.fields),
  }) as unknown as z.ZodObject<SaveShape<F, R>, z.core.$strict>;
  const save = def.refine ? saveBase.superRefine(def.refine) : saveBase;
  const ref = IdInput.extend(fixedShape).strict();
  const { permissions: perm, feature } = def;
  const api = {
    list: endpoint({
      path: path('list'),
      aliases: def.aliases?.list,
      input: ListInput.extend(fixedShape).strict(),
      output: listResult(record),
      access: 'site',
      permission: perm.list,
      feature,
      summary: `Lists the site's ${def.name} records: a page, filters and a sort`,
    }),
    get: endpoint({
      path: path('get'),
      aliases: def.aliases?.get,
      input: ref,
      output: record,
      access: 'site',
      permission: perm.list,
      feature,
      summary: `One ${def.name} record of the site`,
    }),
    save: endpoint({
      path: path('save'),
      aliases: def.aliases?.save,
      input: save,
      output: record,
      access: 'site',
      permission: perm.edit,
      feature,
      createPermission: perm.create,
      summary: `Adds (id 0) or changes a ${def.name} record`,
    }),
    delete: endpoint({
      path: path('delete'),
      aliases: def.aliases?.delete,
      input: ref,
      output: IdReply,
      access: 'site',
      permission: perm.delete,
      feature,
      summary: `Deletes a ${def.name} record`,
    }),
  };
  const resources: readonly EntityResource[] | undefined = def.resources;
  return { ...def, resources, record, save, api, columns: listColumns(def.fields) };
}

// Any entity: its fixed fields and values typed loosely.
export type Entity = ReturnType<typeof defineEntity<Fields, []>>;
export type EntityRecord<E extends Entity> = z.output<E['record']>;

type FieldOptions = Omit<Field, 'kind' | 'input' | 'output'>;

/** A field of `kind`: its rule (`undefined` for a read-only one) and its value in a record. */
const make = <O extends z.ZodType, I extends z.ZodType = never>(
  kind: FieldKind,
  input: I | undefined,
  output: O,
  o: FieldOptions,
): Field<O, I> => {
  const { max: _max, ...options } = o as FieldOptions & { max?: number };
  return { kind, ...(input ? { input } : {}), output, ...options };
};

/** A sub-record's rule and value (languages and list fields). */
const subRecord = <S extends Fields>(fields: S) => ({
  input: z.strictObject(inputShape(fields)) as unknown as z.ZodObject<InputsOf<S>>,
  output: z.object(outputShape(fields)) as unknown as z.ZodObject<OutputsOf<S>>,
});

/** Field builders: the kind, the §5 rule and the record's value type together. */
export const field = {
  text: <I extends z.ZodType>(input: I, o: FieldOptions = {}) => make('text', input, z.string(), o),
  longText: <I extends z.ZodType>(input: I, o: FieldOptions = {}) => make('longText', input, z.string(), o),
  /** HTML from the rich-text input, bounded like any text. */
  richText: <I extends z.ZodType>(input: I, o: FieldOptions = {}) => make('richText', input, z.string(), o),
  /** A slug by the SPEC rule, or '' for the server to make one from `from` with pinyin. */
  slug: (from: string, o: FieldOptions = {}) =>
    make('slug', f.slugOrEmpty().default(''), z.string(), { ...o, from }),
  image: (o: FieldOptions = {}) => make('image', f.linkOrEmpty().default(''), z.string(), o),
  /** Image addresses (at most `max`), each by the image rule and none empty. */
  images: (o: FieldOptions & { max?: number } = {}) => ({
    ...make(
      'images',
      z
        .array(f.linkOrEmpty().refine((v) => v !== '', { message: 'validation.required' }))
        .max(o.max ?? 20)
        .default([]),
      z.array(z.string()),
      o,
    ),
    max: o.max ?? 20,
  }),
  /** A whole amount in TWD, from 0 (to `max`). */
  money: (o: FieldOptions & { max?: number } = {}) =>
    make('money', o.max === undefined ? f.uint() : f.uint().max(o.max), z.number(), o),
  /** A whole number an int4 column holds, or the rule given. */
  number: <I extends z.ZodType = ReturnType<typeof f.int>>(input?: I, o: FieldOptions = {}) =>
    make('number', (input ?? f.int()) as I, z.number(), o),
  /** On or off (false unless sent). */
  switch: (o: FieldOptions = {}) => make('switch', z.boolean().default(false), z.boolean(), o),
  /** One of `choices` (the first unless sent). */
  enum: <const C extends readonly [string | number, ...(string | number)[]]>(
    choices: C,
    o: Omit<FieldOptions, 'multiple'> = {},
  ) => {
    const one = z.union(choices.map((c) => z.literal(c))) as unknown as z.ZodType<C[number]>;
    return make('enum', one.default(choices[0] as never), one, { ...o, choices });
  },
  /** Several of `choices` (the first unless sent), each once. */
  enums: <const C extends readonly [string | number, ...(string | number)[]]>(
    choices: C,
    o: FieldOptions = {},
  ) => {
    const one = z.union(choices.map((c) => z.literal(c))) as unknown as z.ZodType<C[number]>;
    const input = z
      .array(one)
      .max(choices.length)
      .default([choices[0]] as never);
    return make('enum', input, z.array(one), { ...o, choices, multiple: true });
  },
  /** The id of one of the site's `reference` records, or null. */
  reference: (reference: string, o: FieldOptions = {}) =>
    make('reference', f.id().nullable().default(null), z.number().nullable(), { ...o, reference }),
  /** Ids of the site's `reference` records (at most `max`; the server drops repeats). */
  references: (reference: string, o: FieldOptions & { max?: number } = {}) =>
    make(
      'references',
      z
        .array(f.id())
        .max(o.max ?? 100)
        .default([]),
      z.array(z.number()),
      { ...o, reference },
    ),
  /** One sub-record per content language (`lang_id` 1–5 once each; at least one). */
  languages: <S extends Fields>(fields: S, o: FieldOptions = {}) => {
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
    return make('languages', input, z.array(sub.output.extend({ lang_id: z.number() })), { ...o, fields });
  },
  /** A nested list of sub-records, such as a product's SKUs (at most `max`). */
  list: <S extends Fields>(fields: S, o: FieldOptions & { max?: number } = {}) => {
    const sub = subRecord(fields);
    const input = z
      .array(sub.input)
      .max(o.max ?? 100)
      .default([]);
    return make('list', input, z.array(sub.output), { ...o, fields });
  },
  /** Shown and sorted, never sent. */
  readOnly: <O extends z.ZodType>(output: O, o: FieldOptions = {}) =>
    make<O>('readOnly', undefined, output, o),
  /** A record's creation or change time (never sent). */
  dateTime: (o: FieldOptions = {}) => make<z.ZodString>('dateTime', undefined, z.string(), o),
};
