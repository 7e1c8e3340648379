/**
 * Page structure (issue 17, SPEC §7 `page list, children, set_tab, get_tab, active, get, save`): static pages
 * (contents of type 3, one row per language sharing a uuid) placed in a tree of at most PAGE_DEPTH_MAX levels, in a
 * page category, with their children's order (their tabs), the child whose tab opens first, and whether the page is
 * listed in the public navigation. Page ids are content row ids: any language's row names its page, and replies
 * name each page by its row in the asked `lang_id` (else the site's first display language, else any row).
 */
import { z } from 'zod';
import { LangId, Status } from './content';
import { f } from './fields';
import { PAGE_SORT_MAX } from './pageConstants';

/** Where a page stands in the tree. */
const Place = {
  /** The parent page's row id; 0: top level. */
  parent_id: z.number(),
  /** The page category's id; 0: none. */
  category_id: z.number(),
  /** Position among its siblings (lower first; also its tab's position). */
  sort: z.number(),
  /** Listed in the public navigation. */
  active: z.boolean(),
  /** The child (row id) whose tab opens first; 0: the first in order. */
  first_tab: z.number(),
};

export const PageNode = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  status: Status,
  slug: z.string(),
  lang_id: z.number(),
  parent_id: z.number(),
  category_id: z.number(),
  sort: z.number(),
  active: z.boolean(),
  first_tab: z.number(),
  get children(): z.ZodArray<typeof PageNode> {
    return z.array(PageNode);
  },
});
export type PageNode = z.infer<typeof PageNode>;

export const PageListInput = z.strictObject({
  /** Only pages of this category (a page whose parent is not among them is shown at the top). */
  category_id: f.id().optional(),
  lang_id: LangId.optional(),
});

export const PageIdInput = z.strictObject({ id: f.id(), lang_id: LangId.optional() });

export const PageStructure = z.object({
  id: z.number(),
  ...Place,
  /** The children's row ids in order. */
  tabs: z.array(z.number()),
});
export type PageStructure = z.infer<typeof PageStructure>;

export const PageSave = z.strictObject({
  id: f.id(),
  /** 0: top level. */
  parent_id: f.uint(),
  /** 0: none. */
  category_id: f.uint(),
  /** Its place among its new siblings; by default the end. */
  sort: f.uint().max(PAGE_SORT_MAX).optional(),
});

/** At most this many children are ordered at once (a page's tabs). */
export const PAGE_TABS_MAX = 200;

export const PageSetTab = z.strictObject({
  id: f.id(),
  /** Every child's row id, in the order wanted. */
  tabs: z.array(f.id()).max(PAGE_TABS_MAX),
  /** The child that opens first (one of `tabs`); 0: the first in order. */
  first: f.uint(),
});

export const PageTab = z.object({ id: z.number(), title: z.string(), slug: z.string(), status: Status });
export const PageTabs = z.object({ tabs: z.array(PageTab), first: z.number() });
export type PageTabs = z.infer<typeof PageTabs>;

/** One page, or several at once. */
export const PageActive = z.union([
  z.strictObject({ id: f.id(), active: z.boolean() }),
  z.strictObject({ ids: z.array(f.id()).min(1).max(100), active: z.boolean() }),
]);
export type PageActive = z.infer<typeof PageActive>;
