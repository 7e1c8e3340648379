/**
 * Sharing to Facebook and Instagram (issue 16 "Sharing", SPEC §7 Facebook and share): the site's connection per
 * platform (each separate), the OAuth authorisation and the page choice, disconnect and unconnect, and sharing a
 * published item. Connection calls need setting.edit; sharing needs post.edit. Tokens never appear in a reply.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { bounded, f, ruled } from '../fields';

export const SHARE_PLATFORM_IDS = ['facebook', 'instagram'] as const;
export type SharePlatformId = (typeof SHARE_PLATFORM_IDS)[number];
/** A share's message: Facebook takes far more, Instagram's caption stops at 2,200 characters. */
export const SHARE_MESSAGE_MAX = 2200;
export const SHARE_IMAGE_MAX = 1000;
/** The SPA's key of one share attempt (a retry sends the same): 8–64 of A–Z a–z 0–9 _ -. */
export const SHARE_KEY_MAX = 64;

const keyChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
const requestKey = ruled(bounded(SHARE_KEY_MAX, { trim: false }), (v) =>
  v.length >= 8 && [...v].every((ch) => keyChar(ch.charCodeAt(0)))
    ? undefined
    : { message: 'validation.format' },
);
/** An image: empty, a path of this server's (/uploads/…) or an http(s) address. */
const image = ruled(bounded(SHARE_IMAGE_MAX), (v) =>
  v === '' ||
  (v.startsWith('/') && !v.startsWith('//')) ||
  v.startsWith('https://') ||
  v.startsWith('http://')
    ? undefined
    : { message: 'validation.format' },
);
const platform = z.enum(SHARE_PLATFORM_IDS);

export const CONNECTION_STATES = ['none', 'pending', 'connected', 'disconnected'] as const;
export const Connection = z.object({
  platform,
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
  platform,
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

const Type = z.strictObject({ type: platform });
const settingEdit = 'setting.edit';

export const facebookApi = {
  status: endpoint({
    path: 'facebook/status',
    input: z.strictObject({}),
    output: z.object({ connections: z.array(Connection) }),
    access: 'site',
    permission: 'setting.view',
    summary: "The site's Facebook and Instagram connections, each separately",
  }),
  authorize: endpoint({
    path: 'facebook/authorize',
    input: Type,
    output: z.object({ url: z.string() }),
    access: 'site',
    permission: settingEdit,
    summary: 'The authorisation dialog address (with a signed state) to open in a window',
  }),
  connect: endpoint({
    path: 'facebook/connect',
    input: z.strictObject({
      type: platform,
      page: ruled(bounded(64), (v) => (v ? undefined : { message: 'validation.required' })),
    }),
    output: Connection,
    access: 'site',
    permission: settingEdit,
    timeout: 30_000,
    summary:
      'Chooses the page (Instagram: account) among those the authorisation offered; stores its token sealed',
  }),
  disconnect: endpoint({
    path: 'facebook/disconnect',
    input: Type,
    output: Connection,
    access: 'site',
    permission: settingEdit,
    summary: 'Forgets the token; the connection stays, disconnected, with its page name',
  }),
  unconnect: endpoint({
    path: 'facebook/unconnect',
    input: Type,
    output: Connection,
    access: 'site',
    permission: settingEdit,
    summary: 'Cancels a pending authorisation, or removes the connection and every trace of it',
  }),
};

export const shareApi = {
  status: endpoint({
    path: 'share/status',
    input: z.strictObject({ id: f.id() }),
    output: z.object({
      platforms: z.array(
        z.object({ platform, ready: z.boolean(), page_name: z.string(), needs_image: z.boolean() }),
      ),
      /** What the panel starts with: the published title, cover and public address. */
      message: z.string(),
      image: z.string(),
      link: z.string(),
      published: z.boolean(),
      shares: z.array(ShareRow),
    }),
    access: 'site',
    permission: 'post.edit',
    summary: "An item's shares and whether each platform is ready",
  }),
  execute: endpoint({
    path: 'share/execute',
    input: z.strictObject({
      id: f.id(),
      message: bounded(SHARE_MESSAGE_MAX, { trim: false }),
      image: image.default(''),
      platform,
      key: requestKey,
    }),
    output: ShareRow,
    access: 'site',
    permission: 'post.edit',
    timeout: 60_000,
    summary: 'Shares a published item once per key: a retry with the same key answers the first result',
  }),
};
