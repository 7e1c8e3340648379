/**
 * The e-paper send screen's endpoints (issue 14 "E-paper delivery"): how many members an audience reaches, how many
 * of them already have the e-paper, and the month's quota, the member tags to choose from, a test send to oneself,
 * send now or at a time, the latest send's progress, and cancelling a scheduled send. A send leaves out the members
 * who already have the e-paper unless it says `resend_all` (issue 27). All need post.edit and the plan's `newsletter` feature; the e-paper must
 * be of the caller's site and in their sight (404 otherwise).
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { bounded, f, ruled } from '../fields';
import { PATTERNS } from '../patterns';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { rules } from '../validation';

/** A member tag's longest form (the members' tags are free words). */
export const EPAPER_TAG_MAX = 50;

/** Who receives it: every opted-in member, those with a tag, or the paying ones (always opted-in, never bounced). */
export const EpaperAudienceInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('tag'), tag: ruled(bounded(EPAPER_TAG_MAX), rules.required) }),
  z.strictObject({ kind: z.literal('paid') }),
]);
export type EpaperAudienceInput = z.output<typeof EpaperAudienceInput>;

export const EpaperQuota = z.object({
  /** Mails of sends started or scheduled this calendar month (the site's time zone). */
  used: z.number().int(),
  /** The plan's newsletters per month. */
  limit: z.number().int(),
  remaining: z.number().int(),
});

/** A scheduled time in the site's time zone (as the publish screen's). */
export const EpaperAt = z.strictObject({
  date: ruled(bounded(10, { trim: false }), (v) =>
    PATTERNS.date.re.test(v) ? undefined : { message: 'validation.format' },
  ),
  time: ruled(bounded(5, { trim: false }), rules.time),
});

export const EPAPER_SEND_STATES = ['scheduled', 'sending', 'done', 'cancelled'] as const;

export const EpaperProgress = z.object({
  send_id: z.number().int(),
  status: z.enum(EPAPER_SEND_STATES),
  audience: EpaperAudienceInput,
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  remaining: z.number().int(),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The first 20 recipients that failed for good, with the mail server's error. */
  failures: z.array(z.object({ email: z.string(), error: z.string() })),
});
export type EpaperProgress = z.output<typeof EpaperProgress>;

/** The e-paper's latest send that went out: when it started and to how many members. */
export const EpaperLastSend = z.object({ at: z.string(), count: z.number().int() });

export const EpaperAudienceReply = z.object({
  /** Members the audience reaches now. */
  count: z.number().int(),
  /** Of them, those who already have the e-paper (a delivery sent or still going): a send leaves them out. */
  received: z.number().int(),
  last_send: EpaperLastSend.nullable(),
  quota: EpaperQuota,
});
export type EpaperAudienceReply = z.output<typeof EpaperAudienceReply>;

const Id = z.strictObject({ id: f.id() });
const perm = RESOURCE_PERMISSIONS.epaper.edit;

export const epaperSendApi = {
  audience: endpoint({
    path: 'epaper/audience',
    input: z.strictObject({ id: f.id(), audience: EpaperAudienceInput }),
    output: EpaperAudienceReply,
    access: 'site',
    permission: perm,
    feature: 'newsletter',
    summary:
      "How many members an audience reaches now, how many already have the e-paper and its last send, and the month's newsletter quota",
  }),
  tags: endpoint({
    path: 'epaper/tags',
    input: z.strictObject({}),
    output: z.array(z.object({ tag: z.string(), count: z.number().int() })),
    access: 'site',
    permission: perm,
    feature: 'newsletter',
    summary: "The members' tags of the site, with how many opted-in members have each",
  }),
  testSend: endpoint({
    path: 'epaper/test_send',
    input: Id,
    output: z.object({ to: z.string() }),
    access: 'site',
    permission: perm,
    feature: 'newsletter',
    summary: "Sends the e-paper, marked [TEST], to the caller's own e-mail; counts toward nothing",
  }),
  send: endpoint({
    path: 'epaper/send',
    input: z.strictObject({
      id: f.id(),
      audience: EpaperAudienceInput,
      at: EpaperAt.optional(),
      /** Send to the whole audience again, those who already have it included (asked for explicitly). */
      resend_all: z.boolean().optional(),
    }),
    output: EpaperProgress,
    access: 'site',
    permission: perm,
    feature: 'newsletter',
    // A publish (SPEC §9: 120 s): it publishes the e-paper if not yet, and queues its mail.
    timeout: TIMEOUT.long,
    summary:
      'Sends the e-paper now or at a time, publishing it if not yet, to the members who do not have it yet (all of them with resend_all); refused when that is nobody, or beyond the monthly quota',
  }),
  progress: endpoint({
    path: 'epaper/progress',
    input: Id,
    output: EpaperProgress.nullable(),
    access: 'site',
    permission: perm,
    feature: 'newsletter',
    summary: "The e-paper's latest send and its counts (null if never sent)",
  }),
  cancel: endpoint({
    path: 'epaper/cancel',
    input: Id,
    output: EpaperProgress,
    access: 'site',
    permission: perm,
    feature: 'newsletter',
    summary: "Cancels the e-paper's scheduled send (one that has started cannot be)",
  }),
};
