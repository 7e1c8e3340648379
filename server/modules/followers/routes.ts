/** Followers (/follower): thin bindings of contract/api/followers.ts. */
import { followerApi } from '../../../contract/api/followers';
import { action } from '../../http/action';
import { exportFollowers, listFollowers, removeFollowers } from './service';

export const followerActions = [
  action({
    ...followerApi.list,
    handler: (input, ctx) => listFollowers(ctx.deps.db, ctx.site.id, input.query),
  }),
  action({
    ...followerApi.export,
    handler: (input, ctx) => exportFollowers(ctx, input.query),
  }),
  action({
    ...followerApi.remove,
    handler: (input, ctx) => removeFollowers(ctx.deps.db, ctx.site.id, input.ids),
  }),
];
