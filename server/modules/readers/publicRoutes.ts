/**
 * The reader actions of a public site (contract/api/readers.ts), served on the site's own host only
 * (`<site>/api/reader/...`): thin bindings of signin.ts and account.ts. Sign-in and sign-out set the `site_reader`
 * cookie (session.ts); the magic link is a GET that sets it and redirects to the account page.
 */
import { readersApi } from '../../../contract/api/readers';
import { action } from '../../http/action';
import { langPrefix } from '../../shared/paths';
import { contact, deleteReader, follow, saveProfile, signedIn, unfollow } from './account';
import { endReaderSession, readerCookie } from './session';
import { followLink, pageLang, startSignin, verifyCode } from './signin';

export const readerPublicActions = [
  action({
    ...readersApi.challenge,
    handler: (_input, ctx) => ctx.deps.captcha.challenge(ctx.req.host),
  }),
  action({
    ...readersApi.signin,
    handler: (input, ctx) => startSignin(ctx.deps, ctx.publicSite, input),
  }),
  action({
    ...readersApi.verify,
    handler: async (input, ctx) => {
      const { token, reader, created } = await verifyCode(ctx.deps, ctx.publicSite, input);
      // A session the browser held before is replaced, not left alive beside the new one.
      await endReaderSession(ctx.deps.db, ctx.readerToken);
      ctx.reply.header('set-cookie', readerCookie(token, ctx.req.protocol === 'https'));
      return { name: reader.name, email: reader.email, new_member: created };
    },
  }),
  action({
    ...readersApi.link,
    handler: async (input, ctx) => {
      const site = ctx.publicSite;
      const langId = pageLang(site, Number(input.lang) || undefined);
      const prefix = langPrefix(site, langId);
      const done = await followLink(ctx.deps, site, input.token, langId);
      ctx.reply.code(302).header('cache-control', 'private, no-store');
      if (typeof done === 'string') {
        ctx.reply.header('location', `${prefix}/signin?link=${done}`);
        return '';
      }
      await endReaderSession(ctx.deps.db, ctx.readerToken);
      ctx.reply
        .header('set-cookie', readerCookie(done.token, ctx.req.protocol === 'https'))
        .header('location', `${prefix}/account`);
      return '';
    },
  }),
  action({
    ...readersApi.signout,
    handler: async (_input, ctx) => {
      await endReaderSession(ctx.deps.db, ctx.readerToken);
      ctx.reply.header('set-cookie', readerCookie(null, ctx.req.protocol === 'https'));
      return null;
    },
  }),
  action({
    ...readersApi.profile,
    handler: (input, ctx) => saveProfile(ctx.deps, signedIn(ctx.reader), input),
  }),
  action({
    ...readersApi.delete,
    handler: async (_input, ctx) => {
      await deleteReader(ctx.deps, signedIn(ctx.reader));
      ctx.reply.header('set-cookie', readerCookie(null, ctx.req.protocol === 'https'));
      return null;
    },
  }),
  action({
    ...readersApi.follow,
    handler: (input, ctx) => follow(ctx.deps, ctx.publicSite, ctx.reader, input),
  }),
  action({
    ...readersApi.unfollow,
    handler: (_input, ctx) => unfollow(ctx.deps, signedIn(ctx.reader)),
  }),
  action({
    ...readersApi.contact,
    handler: (input, ctx) => contact(ctx.deps, ctx.publicSite, ctx.reader, input),
  }),
];
