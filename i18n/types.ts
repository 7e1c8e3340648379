import type { AnyEndpoint } from '../contract/endpoint';
import type { Entity, Fields } from '../contract/entity';
import type { OwnPermissions } from '../contract/entityBrief';

/** The shape every language must have: the same keys as zh-TW, each a string. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** A word for each key. */
type Strings<K extends string> = { [P in K]: string };
/** Words beyond the required ones (an entity's own screens'). */
type More = { [key: string]: string | More };

/**
 * The word keys of fields, as the generated screens look them up under `fields.`: each field, an enum's values
 * (`<field>_<value>`), a switch filtered by value (`<field>_true`, `<field>_false`), and the fields of sub-records
 * (a product's SKUs, a label's languages).
 */
type FieldKeys<F extends Fields> = {
  [K in keyof F & string]:
    | K
    | (F[K] extends { choices: readonly (infer C extends string | number)[] } ? `${K}_${C}` : never)
    | (F[K] extends { kind: 'switch'; filter: 'in' } ? `${K}_true` | `${K}_false` : never)
    | (F[K] extends { fields: infer S extends Fields } ? FieldKeys<S> : never);
}[keyof F & string];
/**
 * The filters with words under `filters.`: each field filtered by keyword and each of `searches` (its search box),
 * and a day range's `from` and `to`.
 */
type FilterKeys<E extends Entity> =
  | {
      [K in keyof E['fields'] & string]: E['fields'][K] extends { filter: 'search' } ? K : never;
    }[keyof E['fields'] & string]
  | (keyof NonNullable<E['searches']> & string)
  | ({
      [K in keyof E['fields']]: E['fields'][K] extends { filter: 'range' } ? K : never;
    }[keyof E['fields']] extends never
      ? never
      : 'from' | 'to');

/** Served: the words of what a served op shows (or none of them). */
type When<P, W> = [P] extends [AnyEndpoint] ? W : unknown;

/**
 * The words of one resource of an entity (react-admin's `resources.<resource>`): what its generated list, filters,
 * form, dialogs, notices and CSV export show — the dialog's and the delete's only when it saves and deletes. An
 * entity's own screens may add more.
 */
export type ResourceWords<E extends Entity> = {
  /** Singular |||| plural. */
  name: string;
  fields: Strings<FieldKeys<E['fields']>> & { id?: string };
  /** A field's line of help under its input. */
  hints?: Partial<Strings<FieldKeys<E['fields']>>>;
  /** The empty list: a title and a line. */
  empty: string;
  emptyHint: string;
  notFound: string;
} & When<
  E['api']['save'],
  {
    /** The dialog's titles. */
    create: string;
    edit: string;
    /** Notices. */
    saved: string;
  }
> &
  When<
    E['api']['delete'],
    {
      deleted: string;
      /** The delete confirmation (`%{name}` is the record's title). */
      deleteTitle: string;
      deleteBody: string;
    }
  > &
  When<
    E['api']['export'],
    {
      /** The export button, its notice once downloaded, and the CSV's header. */
      export: { label: string; done: string; header: Strings<NonNullable<E['export']>['columns'][number]> };
    }
  > &
  // An entity's own filter panel (overrides.Filters) may word more filters.
  ([FilterKeys<E>] extends [never] ? { filters?: More } : { filters: Strings<FilterKeys<E>> & More }) &
  More;

/** The resources an entity serves: its own name, or those of `resources`. */
type ResourceNames<E extends Entity> = [NonNullable<E['resources']>[number]] extends [never]
  ? E['name']
  : NonNullable<E['resources']>[number]['name'];

/** The words of an entity's own permissions: its group's name and each leaf's, in the role editor. */
type PermissionWords<E extends Entity> =
  NonNullable<E['ownPermissions']> extends OwnPermissions<infer L>
    ? [L] extends [never]
      ? unknown
      : {
          permissions: {
            group: Strings<E['name']>;
            leaf: { [N in E['name']]: Strings<L> };
          };
        }
    : unknown;

/**
 * What an entity's words file (i18n/zh-TW/entities/<name>.ts) must hold, from its declaration: for each of its
 * resources the name, every field (and enum value, and sub-record field), the keyword filters, the dialog titles,
 * the notices and the delete confirmation; and the words of its own permissions. Checked by the type checker:
 *
 *   const words = { resources: { … } } satisfies EntityWords<typeof coupon>;
 *
 * names any key that is missing. en/ and ja/ are DeepStrings of zh-TW's, so they miss none either.
 */
export type EntityWords<E extends Entity> = {
  resources: { [R in ResourceNames<E>]: ResourceWords<E> };
} & PermissionWords<E> & { [area: string]: More };
