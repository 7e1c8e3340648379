/**
 * Platform support access (issue 17): an operator's token into a site, joining it, and the owner's audit log and
 * switch. The rules: an entry's token is shown once; it must be joined within SUPPORT_JOIN_MINUTES, and the support
 * session it opens lasts SUPPORT_SESSION_MINUTES from joining (`expires_at` holds the join deadline, then the end).
 */
import { z } from 'zod';
import { f, ruled } from './fields';
import { rules } from './validation';

export const SUPPORT_JOIN_MINUTES = 10;
export const SUPPORT_SESSION_MINUTES = 60;
export const SUPPORT_REASON_MIN = 5;
export const SUPPORT_REASON_MAX = 200;
/** The owner's log shows this many entries per page. */
export const SUPPORT_LOG_PAGE = 20;

export const AdminTokenInput = z.strictObject({
  /** The site's id or its slug. */
  site: ruled(f.text(100), rules.required),
  reason: ruled(f.text(SUPPORT_REASON_MAX), rules.required, (v: string) =>
    rules.minLength(v, SUPPORT_REASON_MIN),
  ),
});
export const AdminTokenReply = z.object({
  site_id: z.number(),
  site_name: z.string(),
  /** Shown once; only its hash is kept. */
  token: z.string(),
  /** The join deadline (ISO time). */
  expires_at: z.string(),
});
export const JoinInput = z.strictObject({ token: f.token() });
export const JoinReply = z.object({ site_id: z.number(), expires_at: z.string() });
export const LeaveReply = z.object({ left: z.boolean() });

export const SupportEntry = z.object({
  id: z.number(),
  operator_email: z.string(),
  reason: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  joined_at: z.string().nullable(),
});
export const SupportGetInput = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
});
export const SupportGetReply = z.object({
  support_access: z.boolean(),
  entries: z.array(SupportEntry),
  total: z.number(),
});
export const SupportSaveInput = z.strictObject({ support_access: z.boolean() });
export const SupportSaveReply = z.object({ support_access: z.boolean() });
