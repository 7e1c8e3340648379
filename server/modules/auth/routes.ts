/**
 * `/api/member/*` (called with `?t=writer`) and `/api/verify/*`: thin bindings of contract/api/auth.ts and
 * contract/api/profile.ts.
 */
import { authApi } from '../../../contract/api/auth';
import { profileApi } from '../../../contract/api/profile';
import { action } from '../../http/action';
import { saveProfile } from './profile';
import * as auth from './service';
import { checkCode, resendVerification } from './verification';

export const authActions = [
  action({
    ...authApi.captcha,
    handler: (input, ctx) => ctx.deps.captcha.challenge(input.v ?? ctx.req.host),
  }),
  action({
    ...authApi.status,
    handler: (_input, ctx) => auth.status(ctx.deps, ctx),
  }),
  action({
    ...authApi.verify,
    handler: (input, ctx) => auth.startRegistration(ctx.deps, input.email, ctx.lang),
  }),
  action({
    ...authApi.verifying,
    handler: async (input, ctx) => {
      await checkCode(ctx.deps, input.token, input.pincode);
      return { verified: true as const };
    },
  }),
  action({
    ...authApi.resend,
    handler: (input, ctx) => resendVerification(ctx.deps, input.token, ctx.lang),
  }),
  action({
    ...authApi.register,
    handler: (input, ctx) => auth.register(ctx.deps, input, ctx.lang),
  }),
  action({
    ...authApi.login,
    handler: (input, ctx) => auth.login(ctx.deps, ctx, input),
  }),
  action({
    ...authApi.tokenLogin,
    handler: (input, ctx) => auth.tokenLogin(ctx.deps, ctx, input),
  }),
  action({
    ...authApi.logout,
    handler: (_input, ctx) => auth.logout(ctx.deps, ctx),
  }),
  action({
    ...authApi.forgot,
    handler: (input, ctx) => auth.forgot(ctx.deps, ctx, input),
  }),
  action({
    ...authApi.reset,
    handler: (input, ctx) => auth.reset(ctx.deps, input),
  }),
  action({
    ...authApi.change,
    handler: (input, ctx) => auth.change(ctx.deps, ctx, input),
  }),
  action({
    ...profileApi.save,
    handler: (input, ctx) => saveProfile(ctx.deps, ctx, input),
  }),
];
