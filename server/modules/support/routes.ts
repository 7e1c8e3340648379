/** `/api/site/admin_token`, `join`, `leave` (platform operators) and `support_get` / `support_save` (site owners). */
import { supportApi } from '../../../contract/api/support';
import { action } from '../../http/action';
import { adminToken, join, leave, saveSupport, supportLog } from './service';

export const supportActions = [
  action({ ...supportApi.adminToken, handler: (input, ctx) => adminToken(ctx, input) }),
  action({ ...supportApi.join, handler: (input, ctx) => join(ctx, input.token) }),
  action({ ...supportApi.leave, handler: (_input, ctx) => leave(ctx) }),
  action({ ...supportApi.get, handler: (input, ctx) => supportLog(ctx, input.page) }),
  action({ ...supportApi.save, handler: (input, ctx) => saveSupport(ctx, input.support_access) }),
];
