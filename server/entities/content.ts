/**
 * The content entity (contract/entities/content.ts) on the content service: an item is more than a row (its
 * versions, languages, tags and authors), so list, get and save are the service's, within the sight rules it applies
 * (scope.ts visibleTo: post.view its own and linked items, post.view_site the published too, post.view_all all; an
 * item out of sight is not found). The layer has found the kind (`?t=`) and checked its permissions; deleting is
 * `press/publish` with mode -1, the content module's (server/modules/content/routes.ts).
 */
import { content } from '../../contract/entities/content';
import type { SiteContext } from '../http/action';
import { listContents } from '../modules/content/list';
import { getContent } from '../modules/content/read';
import { findItem, requireType, scopeOf } from '../modules/content/scope';
import { saveContent } from '../modules/content/service';
import { entityHooks } from './hooks';

/** The caller's scope on the kind of the call. */
const scope = (ctx: SiteContext) => scopeOf(ctx, requireType(ctx.query));

export const hooks = entityHooks(content, {
  list: (input, ctx) => listContents(scope(ctx), input.query),
  get: async (input, ctx) => {
    const s = scope(ctx);
    return getContent(s, await findItem(s, input.id, s.type), input.lang);
  },
  // An existing item must be in the caller's sight (checked where the save locks it).
  save: (input, ctx) => saveContent(scope(ctx), input),
});
