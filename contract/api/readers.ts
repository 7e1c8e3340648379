/**
 * Readers on a public site (issue 14): sign-in and sign-up by a mailed 6-digit code or magic link, the account's own
 * edits, following the site and the contact form. Every action here is `access: 'reader'`: it is served only on a
 * published site's own host, at `POST <site>/api/reader/<action>` (GET for `challenge` and `link`), and never on the
 * admin's host. The default theme's assets/reader.js posts the forms; docs/themes.md documents them for themes.
 */
import { z } from 'zod';
import { CaptchaChallenge, CaptchaInput, EmptyInput, NoReply } from '../auth';
import { CONTENT_LANGUAGES, TOKEN_MAX } from '../constants';
import { endpoint } from '../endpoint';
import { bounded, f } from '../fields';

/** How long a reader's name, a contact message's title and body, and a follow's page path may be. */
export const READER_NAME_MAX = 100;
export const CONTACT_TITLE_MAX = 200;
export const CONTACT_BODY_MAX = 5000;
export const FOLLOW_SOURCE_MAX = 200;

/** A mailed code lives this long, and takes this many wrong tries before a new one is needed. */
export const READER_CODE_TTL_S = 10 * 60;
export const READER_CODE_MAX_TRIES = 5;
/** Codes mailed to one address of one site: one per READER_RESEND_S, at most READER_SENDS_PER_HOUR an hour. */
export const READER_RESEND_S = 10;
export const READER_SENDS_PER_HOUR = 5;

const langId = z
  .number()
  .int()
  .refine((v) => CONTENT_LANGUAGES.some((l) => l.id === v), { message: 'validation.format' });

export const ReaderSigninInput = z.strictObject({
  email: f.email(),
  /** Kept for a new account (a known address keeps its own name). */
  name: f.text(READER_NAME_MAX).optional(),
  /** The page's content language: the mail's words, and a new member's language. */
  lang_id: langId.optional(),
  token: f.token(),
});
/** The same answer whether or not the address has an account; `ts`: when another code may be asked for (ms). */
export const ReaderSigninReply = z.object({ ts: z.number() });

export const ReaderVerifyInput = z.strictObject({
  email: f.email(),
  code: f.verifyCode(),
  lang_id: langId.optional(),
});
export const ReaderMe = z.object({ name: z.string(), email: z.string(), new_member: z.boolean() });

/** The magic link's query: the link token, and the page language it was asked on. */
export const ReaderLinkInput = z.strictObject({
  /** A link cut short (no token) is a spent link, not an error page. */
  token: bounded(TOKEN_MAX, { trim: false }).default(''),
  lang: z.string().max(8).optional(),
});

export const ReaderProfileInput = z.strictObject({
  name: f.text(READER_NAME_MAX),
  epaper_opt_in: z.boolean(),
});
export const ReaderProfileReply = z.object({ name: z.string(), epaper_opt_in: z.boolean() });

export const ReaderDeleteInput = z.strictObject({ confirm: z.literal(true) });

export const ReaderFollowInput = z.strictObject({
  /** Optional for a signed-in reader (their own address then). */
  email: f.email().optional(),
  /** The page the form was sent from. */
  source: f.text(FOLLOW_SOURCE_MAX).optional(),
  token: f.token(),
});
export const FollowReply = z.object({ following: z.boolean() });

export const ReaderContactInput = z.strictObject({
  name: f.text(READER_NAME_MAX).optional(),
  email: f.email(),
  title: f.requiredText(CONTACT_TITLE_MAX),
  body: f.requiredText(CONTACT_BODY_MAX),
  token: f.token(),
});

export const readersApi = {
  challenge: endpoint({
    path: 'reader/challenge',
    method: 'GET',
    input: CaptchaInput,
    output: CaptchaChallenge,
    access: 'reader',
    raw: true,
    summary: "A bot challenge for the site's forms, on the site's own host",
  }),
  signin: endpoint({
    path: 'reader/signin',
    input: ReaderSigninInput,
    output: ReaderSigninReply,
    access: 'reader',
    captcha: true,
    summary:
      'Mails a 6-digit code and a magic link to sign in or sign up (the same answer for any address; 1006 when asked too often)',
  }),
  verify: endpoint({
    path: 'reader/verify',
    input: ReaderVerifyInput,
    output: ReaderMe,
    access: 'reader',
    summary: 'Signs in with the mailed code (a new address becomes a member; 3300 at the member limit)',
  }),
  link: endpoint({
    path: 'reader/link',
    method: 'GET',
    input: ReaderLinkInput,
    output: z.string(),
    access: 'reader',
    raw: true,
    summary:
      'The mailed magic link: signs in and redirects to /account (or back to /signin when it is spent)',
  }),
  signout: endpoint({
    path: 'reader/signout',
    input: EmptyInput,
    output: NoReply,
    access: 'reader',
    summary: "Ends the reader's session",
  }),
  profile: endpoint({
    path: 'reader/profile',
    input: ReaderProfileInput,
    output: ReaderProfileReply,
    access: 'reader',
    summary: "The signed-in reader's own name and e-paper opt-in",
  }),
  delete: endpoint({
    path: 'reader/delete',
    input: ReaderDeleteInput,
    output: NoReply,
    access: 'reader',
    summary: "Deletes the signed-in reader's account, sessions, follow and subscription",
  }),
  follow: endpoint({
    path: 'reader/follow',
    input: ReaderFollowInput,
    output: FollowReply,
    access: 'reader',
    captcha: true,
    summary: 'Follows the site (idempotent per address)',
  }),
  unfollow: endpoint({
    path: 'reader/unfollow',
    input: EmptyInput,
    output: FollowReply,
    access: 'reader',
    summary: "The signed-in reader's address stops following the site",
  }),
  contact: endpoint({
    path: 'reader/contact',
    input: ReaderContactInput,
    output: NoReply,
    access: 'reader',
    captcha: true,
    summary: "Sends a message to the site's staff (a customer message)",
  }),
};
