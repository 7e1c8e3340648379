/**
 * Who acts on which kind of content. The type comes from `?t=`, so the permission cannot be declared on the action:
 * it is checked here, per type (RESOURCE_PERMISSIONS: posts and e-papers use the press permissions, pages their own).
 */
import { and, eq, ne } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import { CONTENT_TYPE, type ContentTypeId, contentTypeName, STATUS } from '../../../contract/content';
import { RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SiteContext } from '../../http/action';
import { AppError, FieldError, notFound } from '../../http/errors';
import type { AuthUser } from '../auth/session';

export type Need = 'list' | 'create' | 'edit' | 'delete';
export type ContentRecord = typeof contents.$inferSelect;

export interface Scope {
  deps: Deps;
  siteId: number;
  type: ContentTypeId;
  user: AuthUser;
}

/** `?t=` when given (a validation error when it is not a known type), else undefined. */
export function queryType(query: Record<string, unknown>): ContentTypeId | undefined {
  const t = query.t;
  if (t === undefined) return undefined;
  const type = typeof t === 'string' && /^\d{1,2}$/.test(t) ? contentTypeName(Number(t)) : undefined;
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

export function assertAllowed(ctx: SiteContext, type: ContentTypeId, needs: readonly Need[]) {
  const perms = resourceOf(type);
  if (!needs.every((n) => ctx.site.permissions.has(perms[n]))) throw new AppError(Code.FORBIDDEN);
}

export const scopeOf = (ctx: SiteContext, type: ContentTypeId): Scope => ({
  deps: ctx.deps,
  siteId: ctx.site.id,
  type,
  user: ctx.user,
});

/** A live (not deleted) item of the site, of `type` when given; anything else is 404. */
export async function findItem(db: Db, siteId: number, id: number, type?: ContentTypeId) {
  const [row] = await db
    .select()
    .from(contents)
    .where(
      and(
        eq(contents.siteId, siteId),
        eq(contents.id, id),
        ne(contents.status, STATUS.DELETED),
        type ? eq(contents.type, type) : undefined,
      ),
    );
  if (!row) throw notFound();
  return row;
}
