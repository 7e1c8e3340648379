/**
 * The signed-in user's own profile (SPEC §3 Profile save fields, §4 Profile): `member/save_profile`.
 *
 * One call, several uses:
 * - `language` alone: the interface language, saved at any time.
 * - `avatar`, `nickname`: the profile (also the user's linked bylines); refused with 2003 while the e-mail is
 *   unverified, unless the same call changes the e-mail or confirms it.
 * - `email`: a new address becomes `pending_email` and a 6-digit code is mailed to it (the reply's `verify`), the
 *   same answer whether or not another account has it (that is told at confirmation, 2004). The account keeps its
 *   current address (sign-in, mail; registration finds it taken, not the pending one) until the code is confirmed.
 *   The current address calls a pending change off, or, while unverified, mails it a fresh code. Resending goes
 *   through `verify/resend`.
 * - `token` + `verify`: the verification's token and the mailed code; a right code moves the account to the pending
 *   address (2004 when another account registered it meanwhile) or marks an unverified current one verified; a code
 *   for an address no longer asked for is 1011.
 */
import { z } from 'zod';
import { VerifyReply } from './auth';
import { LOCALES, NICKNAME_MAX } from './constants';
import { f } from './fields';

export const SaveProfileInput = z
  .strictObject({
    /** An uploaded image's path; '' removes it. */
    avatar: f.linkOrEmpty().optional(),
    language: f.locale().optional(),
    nickname: f.requiredText(NICKNAME_MAX).optional(),
    email: f.email().optional(),
    /** The token of the e-mail verification (from `verify` of an earlier reply). */
    token: f.token().optional(),
    /** The 6-digit code mailed to the address. */
    verify: f.verifyCode().optional(),
  })
  .superRefine((v, ctx) => {
    // A code means nothing without its verification, and the other way round.
    if (v.token !== undefined && v.verify === undefined)
      ctx.addIssue({ code: 'custom', path: ['verify'], message: 'validation.required' });
    if (v.verify !== undefined && v.token === undefined)
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'validation.required' });
  });
export type SaveProfileInput = z.input<typeof SaveProfileInput>;

export const Profile = z.object({
  id: z.number(),
  /** The account's address. */
  email: z.string(),
  /** A new address waiting for its code, or null. */
  pending_email: z.string().nullable(),
  is_verified: z.boolean(),
  nickname: z.string(),
  avatar: z.string(),
  language: z.enum(LOCALES),
});
export type Profile = z.infer<typeof Profile>;

export const SaveProfileReply = Profile.extend({
  /** Set when a code was mailed: the verification to confirm (with `token` + `verify`) or resend. */
  verify: VerifyReply.nullable(),
});
export type SaveProfileReply = z.infer<typeof SaveProfileReply>;
