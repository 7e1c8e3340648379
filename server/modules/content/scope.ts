/**
 * Who acts on which kind of content. The type comes from `?t=`, so the permission cannot be declared on the action:
 * it is checked here, per type (RESOURCE_PERMISSIONS: posts and e-papers use the press permissions, pages their own).
 * Which items a person sees at all (SPEC §6: post.view, post.view_site, post.view_all) is one SQL condition,
 * `visibleTo`, that every list, search and lookup of an item applies: an item out of sight is not found (404).
 */
import { and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { ContentTypeParam } from '../../../contract/content';
import {
  CONTENT_TYPE,
  type ContentTypeId,
  contentTypeName,
  STATUS,
} from '../../../contract/contentConstants';
import { type ContentSight, contentSight, PERM, RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import type { SiteContext } from '../../http/action';
import { AppError, FieldError, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/session';
import { authors, contentAuthors, contents } from './schema';

/** `reorder`: arranging the pinned items, which reorders the whole list: `edit` and post.view_all. */
export type Need = 'list' | 'create' | 'edit' | 'delete' | 'reorder';
export type ContentRecord = typeof contents.$inferSelect;

/** Who looks at a site's content, and how much of it they see. */
export interface Viewer {
  deps: Deps;
  siteId: number;
  user: AuthUser;
  sight: ContentSight;
  /** The types whose items they may read at all (`list`). */
  types: readonly ContentTypeId[];
}

export interface Scope extends Viewer {
  type: ContentTypeId;
}

/**
 * The items `v` sees, as a condition on `contents` (undefined: all of the site's). Their own are those they created
 * or where an author linked to their account is among the item's authors.
 */
export function visibleTo(v: { user: Pick<AuthUser, 'id'>; sight: ContentSight }): SQL | undefined {
  if (v.sight === 'all') return undefined;
  const own = or(
    eq(contents.createdBy, v.user.id),
    exists(
      sql`(SELECT 1 FROM ${contentAuthors} INNER JOIN ${authors} ON ${authors.id} = ${contentAuthors.authorId}
             WHERE ${contentAuthors.contentId} = ${contents.id} AND ${authors.memberId} = ${v.user.id})`,
    ),
  );
  return v.sight === 'site' ? or(inArray(contents.status, [STATUS.PUBLISHED, STATUS.SCHEDULED]), own) : own;
}

/**
 * The items `v` sees whatever their type: in sight and of a type they may read. For what an item points at (related
 * items may be of any type), where no `?t=` has been checked.
 */
export function seenBy(v: Pick<Viewer, 'user' | 'sight' | 'types'>): SQL {
  if (!v.types.length) return sql`false`;
  return and(inArray(contents.type, [...v.types]), visibleTo(v)) as SQL;
}

/** `?t=` when given (a validation error when it is not a known type), else undefined. */
export function queryType(query: Record<string, unknown>): ContentTypeId | undefined {
  const t = query.t;
  if (t === undefined) return undefined;
  const type = ContentTypeParam.safeParse(t).success ? contentTypeName(Number(t)) : undefined;
  if (!type) throw new FieldError({ t: { message: 'validation.format' } });
  return CONTENT_TYPE[type];
}

export function requireType(query: Record<string, unknown>): ContentTypeId {
  const type = queryType(query);
  if (!type) throw new FieldError({ t: { message: 'validation.required' } });
  return type;
}

const resourceOf = (type: ContentTypeId) =>
  type === CONTENT_TYPE.page
    ? RESOURCE_PERMISSIONS.page
    : type === CONTENT_TYPE.epaper
      ? RESOURCE_PERMISSIONS.epaper
      : RESOURCE_PERMISSIONS.press;

const ALL_TYPES = Object.values(CONTENT_TYPE);

export function assertAllowed(ctx: SiteContext, type: ContentTypeId, needs: readonly Need[]) {
  const perms = resourceOf(type);
  const has = (p: string) => ctx.site.permissions.has(p);
  const allowed = (n: Need) => (n === 'reorder' ? has(perms.edit) && has(PERM.postViewAll) : has(perms[n]));
  if (!needs.every(allowed)) throw new AppError(Code.FORBIDDEN);
}

export const viewerOf = (ctx: SiteContext): Viewer => ({
  deps: ctx.deps,
  siteId: ctx.site.id,
  user: ctx.user,
  sight: contentSight(ctx.site.permissions),
  types: ALL_TYPES.filter((t) => ctx.site.permissions.has(resourceOf(t).list)),
});

export const scopeOf = (ctx: SiteContext, type: ContentTypeId): Scope =>
  Object.assign(viewerOf(ctx), { type });

/**
 * A live (not deleted) item of the viewer's site that they see, of `type` when given; anything else is 404. `db`
 * may be a transaction's.
 */
export async function findItem(v: Viewer, id: number, type?: ContentTypeId, db: Db = v.deps.db) {
  const [row] = await db
    .select()
    .from(contents)
    .where(
      and(
        eq(contents.siteId, v.siteId),
        eq(contents.id, id),
        ne(contents.status, STATUS.DELETED),
        type ? eq(contents.type, type) : undefined,
        visibleTo(v),
      ),
    );
  if (!row) throw notFound();
  return row;
}
