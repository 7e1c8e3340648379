/**
 * Members (/member, /member/{id}; SPEC §3 Member profile: id, name, email, intro, tags, meta.note): the site's readers
 * as the back-office sees them — the record and its calls are declared in contract/entities/member.ts —, their
 * standing, tags and note, and the CSV import.
 */

import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from './constants';
import { bounded, f } from './fields';
import { UploadedFile } from './files';
import { MEMBER_STATUSES } from './memberConstants';
import { rules } from './validation';

export const MEMBER_NAME_MAX = NAME_MAX;
export const MEMBER_INTRO_MAX = 500;
export const MEMBER_NOTE_MAX = 2000;
export const MEMBER_TAG_MIN = 2;
export const MEMBER_TAG_MAX = 30;
export const MEMBER_TAGS_MAX = 20;
/** A CSV import: at most this many characters (about 2 MB) and data rows. */
export const MEMBER_CSV_MAX_CHARS = 2 * 1024 * 1024;
export const MEMBER_CSV_MAX_BYTES = 2 * 1024 * 1024 + 4096;
export const MEMBER_CSV_MAX_ROWS = 10_000;
/**
 * CSV sent as JSON `text` (API callers; every string an action takes stays under 100,000 characters): larger lists
 * come as a file, as the SPA always sends them.
 */
export const MEMBER_CSV_TEXT_MAX = 90_000;

export const MEMBER_SOURCES = ['signup', 'import', 'staff', 'follow'] as const;

/** Tags as typed: each trimmed, 2–30 characters, the same one once, 20 at most. */
export const MemberTags = z
  .array(bounded(MEMBER_TAG_MAX))
  .max(MEMBER_TAGS_MAX)
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== ''))])
  .superRefine((tags, ctx) => {
    tags.forEach((tag, i) => {
      const failure = rules.minLength(tag, MEMBER_TAG_MIN);
      if (failure)
        ctx.addIssue({ code: 'custom', path: [i], message: failure.message, params: failure.args });
    });
  });

export const MemberPlanRef = z.object({ id: z.number(), name: z.string() });

export const MemberPayment = z.object({
  id: z.number(),
  order_number: z.string(),
  plan: z.string(),
  kind: z.string(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export const MemberEpaper = z.object({
  id: z.number(),
  content_id: z.number(),
  title: z.string(),
  status: z.string(),
  sent_at: z.string().nullable(),
});

/** The member's standing (`profile/roles`): status, plan, the period and renewal, e-paper opt-in. */
export const MemberStanding = z.object({
  id: z.number(),
  status: z.enum(MEMBER_STATUSES),
  plan: MemberPlanRef.nullable(),
  subscription: z.string().nullable(),
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  epaper_opt_in: z.boolean(),
  bounced_at: z.string().nullable(),
});
export type MemberStanding = z.infer<typeof MemberStanding>;

export const MemberTagsInput = z.strictObject({ id: f.id(), tags: MemberTags });
export const MemberNoteInput = z.strictObject({ id: f.id(), note: bounded(MEMBER_NOTE_MAX) });
export const MemberRoom = z.object({ used: z.number(), limit: z.number() });
export type MemberRoom = z.infer<typeof MemberRoom>;

/** A CSV as text (JSON, MEMBER_CSV_TEXT_MAX characters) or as a file (multipart `file`, up to 2 MB). */
export const MemberCsvInput = z
  .strictObject({
    text: bounded(MEMBER_CSV_TEXT_MAX, { trim: false }).optional(),
    file: z
      .custom<UploadedFile>((v) => v instanceof UploadedFile, { message: 'validation.format' })
      .optional(),
  })
  .refine((v) => v.text !== undefined || v.file !== undefined, {
    message: 'validation.required',
    path: ['text'],
  });

/** Why a CSV row cannot be imported. */
export const IMPORT_ROW_ERRORS = ['required', 'email', 'duplicate', 'tooLong', 'tags'] as const;
export type ImportRowError = (typeof IMPORT_ROW_ERRORS)[number];

export const ImportRow = z.object({
  /** The line of the file the row starts on. */
  line: z.number(),
  email: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  /** new: will be added; update: already a member, the row's tags are added to theirs; error: see `errors`. */
  action: z.enum(['new', 'update', 'error']),
  errors: z.array(z.object({ col: z.string(), error: z.enum(IMPORT_ROW_ERRORS) })),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  total: z.number(),
  new: z.number(),
  update: z.number(),
  errors: z.number(),
  room: MemberRoom,
  /** Whether importing now would pass: no error row and the new rows within the limit. */
  importable: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportReply = z.object({ added: z.number(), updated: z.number() });

export const MemberTagList = z.array(z.object({ tag: z.string(), count: z.number() }));

export const memberEmailOk = (email: string) =>
  email.length <= EMAIL_MAX && rules.required(email) === undefined && rules.email(email) === undefined;
