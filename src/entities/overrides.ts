/**
 * What an entity may put in place of the generated screens, or beside them: src/entities/overrides/<resource>.tsx
 * default-exports these (loaded with the resource's list). Anything not given is generated from the declaration.
 * The extension points the hand-built screens attach by: a record page (`Show`, at /<resource>/:id, which the rows
 * open), buttons of the list's toolbar (`Actions`), what shows under the list (`Below`), cells, inputs, row and bulk
 * actions, the dialog or the whole list — or, where the records are written elsewhere (`rowPath`: the content
 * lists, whose rows open the writer), the list's table only, with the override's own toolbar, row menu and empty state.
 */
import type { SxProps, Theme } from '@mui/material';
import type { Identifier, RaRecord, SortPayload } from 'ra-core';
import { type ComponentType, createContext, useContext } from 'react';
import type { FieldInputProps } from './view';

export interface EntityListProps {
  resource: string;
  overrides?: EntityOverrides;
  /** Where the list lives (`/<resource>` unless it is shown inside another screen). */
  basePath?: string;
  /** Kept on the dialog addresses (e.g. a tab's `?type=…`). */
  search?: string;
  /** Inside another screen: the list's parameters are kept in the store under its own key, not in the address. */
  embedded?: boolean;
  /** The page title (an i18n key), when not the resource's name. */
  title?: string;
}

export interface EntityDialogProps {
  resource: string;
  /** 0: a new record. */
  id: number;
  onClose: () => void;
  /** Asks to delete the record being edited (the delete dialog opens over this one). */
  onDelete: (record: RaRecord) => void;
  overrides?: EntityOverrides;
}

/** What a record page gets: the resource and the record's id (a positive whole number). */
export interface EntityShowProps {
  resource: string;
  id: number;
}

export interface EntityOverrides {
  /**
   * The record's own page, at /<resource>/:id in place of the list (its rows open it, and the edit dialog is not
   * used): an order with its moves, a member's record. Load it lazily (`lazy(() => import(…))`), so that the list
   * does not carry it.
   */
  Show?: ComponentType<EntityShowProps>;
  /**
   * Further buttons of the list's toolbar (before the export and add buttons), rendered in the list's context: a
   * limit counter, an import, an invitation.
   */
  Actions?: ComponentType;
  /**
   * What the screen shows under the list, in the resource's context: another table of the same screen (the staff
   * list's open invitations).
   */
  Below?: ComponentType;
  /** Records per page of the list (10 by default). */
  perPage?: number;
  /**
   * The list's first order in place of the declared `defaultSort`; one without a column (`{ field: '' }`) sends none,
   * leaving the order to the server (the articles' pinned first).
   */
  sort?: SortPayload;
  /**
   * Where a row leads, in place of the dialog or record page: the records are written elsewhere (the content
   * writer), so the list generates no dialog, no add button and no edit or delete of a row — the override gives its
   * own (`Actions`, `Empty`, `RowActions`). Bulk delete stays (`BulkDelete`).
   */
  rowPath?: (id: Identifier) => string;
  /** The buttons of the empty list (in place of the add button). */
  Empty?: ComponentType;
  /** The bulk delete in place of the generated one (components/BulkDeleteButton with the resource's own words). */
  BulkDelete?: ComponentType;
  /** Columns shown from the `md` breakpoint up only (a phone keeps the others). */
  wideOnly?: string[];
  /**
   * The table's own styles, after the generated ones (entities/view.ts tableSx); the row actions' column has the
   * class `column-row-actions` (say, kept in sight at the right edge of a table that scrolls sideways).
   */
  tableSx?: SxProps<Theme>;
  /**
   * Other views of the list in place of its table, which the toolbar (`Actions`) switches to with `useListMode()`:
   * the filter panel and the pagination are hidden meanwhile, and `onDone` comes back to the table (the articles'
   * reorder-pinned mode).
   */
  modes?: Record<string, ComponentType<{ onDone: () => void }>>;
  /** The whole list screen. */
  List?: ComponentType<EntityListProps>;
  /**
   * The list's filter panel in place of the generated one (components/lists.tsx FilterPanel), sending the filter
   * names the entity's resource maps (contract/resources.ts entityFilters): choices the server gives (a member's
   * tags and plans), say.
   */
  Filters?: ComponentType;
  /** The create/edit dialog. */
  Dialog?: ComponentType<EntityDialogProps>;
  /** A column's cell, rendered with the record in context. */
  cells?: Record<string, ComponentType>;
  /** A field's input in the generated dialog, in place of the one of its kind. */
  inputs?: Record<string, ComponentType<FieldInputProps>>;
  /** Further actions of a row (before edit and delete), rendered with the record in context. */
  RowActions?: ComponentType;
  /** Further bulk actions of the list (beside delete), rendered with the selection in context. */
  BulkActions?: ComponentType;
  /** Why a record may not be changed here (an i18n key): its edit and delete are disabled with that reason. */
  locked?: (record: RaRecord) => string | undefined;
  /** What the dialog shows for a locked record instead of the form. */
  Locked?: ComponentType<{ record: RaRecord; onClose: () => void; titleId: string }>;
  /** The delete confirmation's text for a record (default `resources.<resource>.deleteBody`). */
  deleteContent?: (record: RaRecord) => { content: string; options?: object };
  /** A business code the server may answer to a save or a delete: expected, so a warning rather than an error. */
  warnCode?: number;
}

/** The list's view (`modes`): its name, or null for the table, and the switch. */
export interface ListMode {
  mode: string | null;
  setMode: (mode: string | null) => void;
}

export const ListModeContext = createContext<ListMode>({ mode: null, setMode: () => {} });

/** The view of the generated list around (in its toolbar): which `modes` entry shows, and the switch to another. */
export const useListMode = () => useContext(ListModeContext);
