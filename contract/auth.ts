/** Sign-in and account calls (SPEC §7 Auth): `/api/member/*` and `/api/verify/*`. */
import { z } from 'zod';
import { EMAIL_MAX, NICKNAME_MAX } from './constants';
import { bounded, f, ruled } from './fields';
import { rules } from './validation';

/** `token` on these calls is the solved ALTCHA payload. */
const captcha = f.token;

export const VerifyInput = z.strictObject({ email: f.email(), token: captcha() });
export const VerifyReply = z.object({
  /** The verification's token for `verifying` and `resend`. */
  token: z.string(),
  /** When a resend is allowed again, in milliseconds since the epoch. */
  ts: z.number(),
});
export type VerifyReply = z.infer<typeof VerifyReply>;

export const VerifyingInput = z.strictObject({ pincode: f.verifyCode(), token: f.token() });
/** `verify/verifying`: the code was right; the verification's token now proves the address (`verify_token`). */
export const VerifiedReply = z.object({ verified: z.literal(true) });
export const ResendInput = z.strictObject({ token: f.token() });

export const RegisterInput = z.strictObject({
  email: f.email(),
  nickname: f.requiredText(NICKNAME_MAX),
  password: f.newPassword(),
  /** The token of the verification that proved the e-mail. */
  verify_token: f.token(),
  token: captcha(),
  language: f.locale().optional(),
});
/** Registering hands back a one-time ticket for `token_login`. */
export const TicketReply = z.object({ token: z.string() });
export type TicketReply = z.infer<typeof TicketReply>;

export const LoginInput = z.strictObject({
  account: f.email(),
  password: f.password(),
  token: captcha(),
  remember: z.boolean().default(false),
});

export const TokenLoginInput = z.strictObject({
  password: f.password(),
  /** A one-time sign-in ticket (from `register`). */
  token: f.token(),
  remember: z.boolean().default(false),
});

export const ForgotInput = z.strictObject({
  account: ruled(
    bounded(EMAIL_MAX, { lower: true }),
    (v) => (rules.required(v) ? { message: 'validation.resetNeedsEmail' } : undefined),
    rules.email,
  ),
  token: captcha(),
});

export const ResetInput = z.strictObject({
  password: f.newPassword(),
  token: captcha(),
  /** From the link in the reset mail. */
  reset_token: f.token(),
});

export const ChangeInput = z.strictObject({ current: f.password(), new: f.newPassword() });

export const EmptyInput = z.strictObject({});

/** What calls that only succeed or fail answer: `data` is null. */
export const NoReply = z.null();

/** `captcha` (GET, `v` the page's host): a signed ALTCHA challenge, the widget's own format (not an envelope). */
export const CaptchaInput = z.object({ v: z.string().max(255).optional() });
export const CaptchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;
