/**
 * Sharing's endpoints (issue 16 "Sharing", SPEC §7 Facebook and share); the shapes are in contract/share.ts.
 * Connection calls need setting.edit (status: setting.view); sharing needs post.edit. No reply carries a token.
 */
import { z } from 'zod';
import { TIMEOUT } from '../constants';
import { endpoint } from '../endpoint';
import { bounded, f, ruled } from '../fields';
import { Connection, requestKey, SHARE_MESSAGE_MAX, ShareRow, shareImage, sharePlatform } from '../share';

const Type = z.strictObject({ type: sharePlatform });
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
      type: sharePlatform,
      page: ruled(bounded(64), (v) => (v ? undefined : { message: 'validation.required' })),
    }),
    output: Connection,
    access: 'site',
    permission: settingEdit,
    timeout: TIMEOUT.outside,
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
        z.object({
          platform: sharePlatform,
          ready: z.boolean(),
          page_name: z.string(),
          needs_image: z.boolean(),
        }),
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
      image: shareImage.default(''),
      platform: sharePlatform,
      key: requestKey,
    }),
    output: ShareRow,
    access: 'site',
    permission: 'post.edit',
    timeout: TIMEOUT.long,
    summary: 'Shares a published item once per key: a retry with the same key answers the first result',
  }),
};
