/**
 * The shapes of sharing (contract/api/share.ts has the endpoints). Sharing to Facebook and Instagram (issue 16 "Sharing", SPEC §7 Facebook and share): the site's connection per
 * platform (each separate), the OAuth authorisation and the page choice, disconnect and unconnect, and sharing a
 * published item. Connection calls need setting.edit; sharing needs post.edit. Tokens never appear in a reply.
 */
import { z } from 'zod';
import { bounded, ruled } from './fields';

export const SHARE_PLATFORM_IDS = ['facebook', 'instagram'] as const;
export type SharePlatformId = (typeof SHARE_PLATFORM_IDS)[number];
/** A share's message: Facebook takes far more, Instagram's caption stops at 2,200 characters. */
export const SHARE_MESSAGE_MAX = 2200;
export const SHARE_IMAGE_MAX = 1000;
/** The SPA's key of one share attempt (a retry sends the same): 8–64 of A–Z a–z 0–9 _ -. */
export const SHARE_KEY_MAX = 64;

const keyChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
export const requestKey = ruled(bounded(SHARE_KEY_MAX, { trim: false }), (v) =>
  v.length >= 8 && [...v].every((ch) => keyChar(ch.charCodeAt(0)))
    ? undefined
    : { message: 'validation.format' },
);
/** An image: empty, a path of this server's (/uploads/…) or an http(s) address. */
export const shareImage = ruled(bounded(SHARE_IMAGE_MAX), (v) =>
  v === '' ||
  (v.startsWith('/') && !v.startsWith('//')) ||
  v.startsWith('https://') ||
  v.startsWith('http://')
    ? undefined
    : { message: 'validation.format' },
);
export const sharePlatform = z.enum(SHARE_PLATFORM_IDS);

export const CONNECTION_STATES = ['none', 'pending', 'connected', 'disconnected'] as const;
export const Connection = z.object({
  platform: sharePlatform,
  /** none: never connected (or unconnected); pending: authorised, choosing a page; disconnected: token forgotten. */
  status: z.enum(CONNECTION_STATES),
  page_id: z.string(),
  page_name: z.string(),
  /** While pending: the pages (Instagram: accounts) the authorisation offered. */
  pages: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Connection = z.output<typeof Connection>;

export const ShareRow = z.object({
  id: z.number().int(),
  platform: sharePlatform,
  status: z.enum(['pending', 'posted', 'failed']),
  message: z.string(),
  image: z.string(),
  link: z.string(),
  remote_id: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
});
export type ShareRow = z.output<typeof ShareRow>;
