/** `/api/member/*` (called with `?t=writer`) and `/api/verify/*`: thin declarations over the auth service. */
import { z } from 'zod';
import {
  ChangeInput,
  EmptyInput,
  ForgotInput,
  LoginInput,
  RegisterInput,
  ResendInput,
  ResetInput,
  TokenLoginInput,
  VerifyInput,
  VerifyingInput,
} from '../../../contract/auth';
import { SaveProfileInput } from '../../../contract/profile';
import { action } from '../../http/action';
import { saveProfile } from './profile';
import * as auth from './service';
import { checkCode, resendVerification } from './verification';

export const authActions = [
  action({
    path: 'captcha',
    method: 'GET',
    input: z.object({ v: z.string().max(255).optional() }),
    access: 'public',
    raw: true,
    handler: (input, ctx) => ctx.deps.captcha.challenge(input.v ?? ctx.req.host),
  }),
  action({
    path: 'member/status',
    input: EmptyInput,
    access: 'public',
    handler: (_input, ctx) => auth.status(ctx.deps, ctx),
  }),
  action({
    path: 'member/verify',
    input: VerifyInput,
    access: 'public',
    captcha: true,
    handler: (input, ctx) => auth.startRegistration(ctx.deps, input.email, ctx.lang),
  }),
  action({
    path: 'verify/verifying',
    input: VerifyingInput,
    access: 'public',
    handler: async (input, ctx) => {
      await checkCode(ctx.deps, input.token, input.pincode);
      return { verified: true };
    },
  }),
  action({
    path: 'verify/resend',
    input: ResendInput,
    access: 'public',
    handler: (input, ctx) => resendVerification(ctx.deps, input.token, ctx.lang),
  }),
  action({
    path: 'member/register',
    input: RegisterInput,
    access: 'public',
    captcha: true,
    handler: (input, ctx) => auth.register(ctx.deps, input, ctx.lang),
  }),
  action({
    path: 'member/login',
    input: LoginInput,
    access: 'public',
    captcha: true,
    handler: (input, ctx) => auth.login(ctx.deps, ctx, input),
  }),
  action({
    path: 'member/token_login',
    input: TokenLoginInput,
    access: 'public',
    handler: (input, ctx) => auth.tokenLogin(ctx.deps, ctx, input),
  }),
  action({
    path: 'member/logout',
    input: EmptyInput,
    access: 'public',
    handler: (_input, ctx) => auth.logout(ctx.deps, ctx),
  }),
  action({
    path: 'member/forgot',
    input: ForgotInput,
    access: 'public',
    captcha: true,
    handler: (input, ctx) => auth.forgot(ctx.deps, ctx, input),
  }),
  action({
    path: 'member/reset',
    input: ResetInput,
    access: 'public',
    captcha: true,
    handler: (input, ctx) => auth.reset(ctx.deps, input),
  }),
  action({
    path: 'member/change',
    input: ChangeInput,
    access: 'user',
    handler: (input, ctx) => auth.change(ctx.deps, ctx, input),
  }),
  action({
    path: 'member/save_profile',
    input: SaveProfileInput,
    access: 'user',
    handler: (input, ctx) => saveProfile(ctx.deps, ctx, input),
  }),
];
