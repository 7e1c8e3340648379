/**
 * Accounts (SPEC §7 Auth): the bot challenge, the session object, registration with an e-mailed code, sign-in and
 * sign-out, forgotten and changed passwords. `member/*` is called as the writer role (`?t=writer`, added by the
 * client); `verify/*` works on an e-mail verification's token.
 */
import {
  CaptchaChallenge,
  CaptchaInput,
  ChangeInput,
  EmptyInput,
  ForgotInput,
  LoginInput,
  NoReply,
  RegisterInput,
  ResendInput,
  ResetInput,
  TicketReply,
  TokenLoginInput,
  VerifiedReply,
  VerifyInput,
  VerifyingInput,
  VerifyReply,
} from '../auth';
import { endpoint } from '../endpoint';
import { Session } from '../session';

export const authApi = {
  captcha: endpoint({
    path: 'captcha',
    method: 'GET',
    input: CaptchaInput,
    output: CaptchaChallenge,
    access: 'public',
    raw: true,
    summary: 'A signed ALTCHA proof-of-work challenge for the bot check (the widget reads it as it is)',
  }),
  status: endpoint({
    path: 'member/status',
    input: EmptyInput,
    output: Session,
    access: 'public',
    summary:
      'The session: the user, their current site and sites, role and permissions (signed out: isLogined false)',
  }),
  verify: endpoint({
    path: 'member/verify',
    input: VerifyInput,
    output: VerifyReply,
    access: 'public',
    captcha: true,
    summary: 'Mails a 6-digit code to an address to register (2004 when it has an account)',
  }),
  verifying: endpoint({
    path: 'verify/verifying',
    input: VerifyingInput,
    output: VerifiedReply,
    access: 'public',
    summary: "Checks a mailed code against its verification's token",
  }),
  resend: endpoint({
    path: 'verify/resend',
    input: ResendInput,
    output: VerifyReply,
    access: 'public',
    summary: 'Mails a fresh code for a verification (1006 with data.ts when asked too early)',
  }),
  register: endpoint({
    path: 'member/register',
    input: RegisterInput,
    output: TicketReply,
    access: 'public',
    captcha: true,
    summary: 'Makes an account (and its own site) from a verified address; answers a one-time sign-in ticket',
  }),
  login: endpoint({
    path: 'member/login',
    input: LoginInput,
    output: NoReply,
    access: 'public',
    captcha: true,
    summary: 'Signs in with e-mail and password (a lock after 5 failures within 15 minutes)',
  }),
  tokenLogin: endpoint({
    path: 'member/token_login',
    input: TokenLoginInput,
    output: NoReply,
    access: 'public',
    summary: "Signs in with registration's one-time ticket and the account's password",
  }),
  logout: endpoint({
    path: 'member/logout',
    input: EmptyInput,
    output: NoReply,
    access: 'public',
    summary: 'Ends the session',
  }),
  forgot: endpoint({
    path: 'member/forgot',
    input: ForgotInput,
    output: NoReply,
    access: 'public',
    captcha: true,
    summary: 'Mails a password reset link when the address has an account (the same answer either way)',
  }),
  reset: endpoint({
    path: 'member/reset',
    input: ResetInput,
    output: NoReply,
    access: 'public',
    captcha: true,
    summary: "Sets a new password from a reset link; the account's sessions end",
  }),
  change: endpoint({
    path: 'member/change',
    input: ChangeInput,
    output: NoReply,
    access: 'user',
    summary: "Changes the signed-in user's password; their other sessions end",
  }),
};
