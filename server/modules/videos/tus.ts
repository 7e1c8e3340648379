/**
 * Resumable video uploads: the tus protocol (1.0.0: creation, termination) at VIDEO_UPLOAD_PATH, served by
 * @tus/server on routes of their own outside the JSON catalogue: POST creates an upload, HEAD answers how much of it
 * is stored, PATCH appends at that offset, DELETE ends an unfinished one. Each request is checked as an action is
 * before tus sees it: the same-origin rule of every state-changing call (app.ts), a session (401), a site and the
 * post.edit permission (403); then, in tus's hooks, every upload id must be an unfinished upload of the caller's
 * site (404 otherwise), and the size the site plan's per-file limit (413, code 3651; tus's maxSize by request too)
 * and, with what the site already stores, its upload total (413, code 3740; files/quota.ts), at creation and finish;
 * each PATCH touches the row, so an upload in progress keeps its reservation while an abandoned one lets it go.
 * A finished upload is checked by its content (ftyp / EBML): anything else is deleted, its row marked error and the
 * PATCH answered 415 with code 3650; a video's row gets its kind, duration and stored file. Errors are envelopes.
 */
import { EVENTS, type Locker, Server, type Upload } from '@tus/server';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, type CodeValue, codeMessageKey, httpStatus } from '../../../contract/codes';
import { pickLocale } from '../../../contract/constants';
import { holdsAny, RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import { VIDEO_ID_HEADER, VIDEO_METADATA, VIDEO_UPLOAD_PATH, videoLimitMb } from '../../../contract/videos';
import { newKey } from '../../adapters/storage';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { sendError } from '../../http/reply';
import { securityHeaders } from '../../http/securityHeaders';
import { t } from '../../i18n';
import { resolveSession, resolveSite } from '../auth/session';
import { stillWithinQuota, withinQuota } from '../files/quota';
import { videos } from '../files/schema';
import { planRow } from '../tenancy/catalogue';
import { SNIFF_BYTES, sniffVideo, videoDuration } from './probe';
import { boundedDuration, claimedMime, titleOf, videoStoreOf } from './service';
import { uploadLocker } from './tusLocker';

const MB = 1024 * 1024;

/** Who uploads, checked before tus reads the request. */
interface Uploader {
  siteId: number;
  userId: number;
  limitMb: number;
}
const uploaders = new WeakMap<object, Uploader>();

/** A tus hook's request is srvx's; the Node request it wraps carries the checked caller. */
const nodeRequestOf = (req: Request) => (req as { runtime?: { node?: { req?: object } } }).runtime?.node?.req;
const checkedOf = (req: Request) => {
  const node = nodeRequestOf(req);
  return node ? uploaders.get(node) : undefined;
};
function uploaderOf(req: Request): Uploader {
  const found = checkedOf(req);
  if (!found) throw refusal(req, Code.FORBIDDEN);
  return found;
}

/** What a tus hook throws to answer: the app's envelope as the body, in the caller's language. */
function refusal(req: Request, code: CodeValue, status?: number, args?: Record<string, unknown>) {
  const lang = pickLocale(req.headers.get('accept-language') ?? undefined);
  const msg = t(lang, codeMessageKey(code) ?? 'errors.generic', args);
  return { status_code: status ?? httpStatus[code] ?? 400, body: JSON.stringify({ code, msg, data: null }) };
}

/** Session, site and permission, as action() checks them; an upload also needs post.edit. */
async function checkCaller(deps: Deps, req: FastifyRequest): Promise<Uploader> {
  const session = await resolveSession(deps, req);
  if (!session) throw new AppError(Code.UNAUTHORIZED);
  const site = await resolveSite(deps, session);
  if (!site) throw new AppError(Code.NO_SITE);
  if (!holdsAny(site.permissions, RESOURCE_PERMISSIONS.press.edit)) throw new AppError(Code.FORBIDDEN);
  const plan = await planRow(deps.db, site.plan?.id);
  return { siteId: site.id, userId: session.user.id, limitMb: videoLimitMb(plan?.uploadMb) };
}

function tusServer(deps: Deps, locker: Locker | undefined): Server {
  const store = videoStoreOf(deps);
  const rowOf = async (siteId: number, uploadId: string) =>
    (
      await deps.db
        .select()
        .from(videos)
        .where(and(eq(videos.siteId, siteId), eq(videos.uploadId, uploadId)))
    )[0];
  const server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore: store.datastore,
    // Across instances on PostgreSQL (tusLocker.ts); tus's memory locker otherwise.
    locker,
    relativeLocation: true,
    // Same origin only: no CORS answer at all (app.ts refuses other origins before this).
    allowedOrigins: [],
    maxSize: (req) => uploaderOf(req).limitMb * MB,
    async onIncomingRequest(req, uploadId) {
      const who = uploaderOf(req);
      if (req.method === 'POST') return;
      // An upload of another site, a finished one or none at all: the same answer.
      const row = await rowOf(who.siteId, uploadId);
      if (row?.status !== 'uploading') throw refusal(req, Code.NOT_FOUND);
      // Bytes coming: the upload is touched, so its size stays reserved (files/quota.ts, VIDEO_UPLOAD_EXPIRY_MS).
      if (req.method === 'PATCH')
        await deps.db.update(videos).set({ updatedAt: sql`now()` }).where(eq(videos.id, row.id));
    },
    async onUploadCreate(req, upload) {
      const who = uploaderOf(req);
      // The size is declared up front (no deferred length), within the plan's per-file limit.
      if (upload.size === undefined) throw refusal(req, Code.BAD_REQUEST);
      if (upload.size > who.limitMb * MB) throw refusal(req, Code.VIDEO_TOO_LARGE, 413, { mb: who.limitMb });
      const meta = upload.metadata ?? {};
      // Within the plan's upload total with what the site stores already (its declared size is reserved).
      await withinQuota(deps.db, who.siteId, upload.size, (tx) =>
        tx.insert(videos).values({
          siteId: who.siteId,
          title: titleOf(meta[VIDEO_METADATA.filename]),
          path: '',
          size: upload.size,
          duration: boundedDuration(meta[VIDEO_METADATA.duration]),
          // The browser's claim until the content says.
          mime: claimedMime(meta[VIDEO_METADATA.filetype]),
          status: 'uploading',
          uploadId: upload.id,
          createdBy: who.userId,
        }),
      ).catch((err) => {
        if (err instanceof AppError && err.code === Code.UPLOAD_QUOTA)
          throw refusal(req, Code.UPLOAD_QUOTA, 413, err.args);
        throw err;
      });
      return {};
    },
    async onUploadFinish(req, upload) {
      const who = uploaderOf(req);
      // The library's id of the finished video, for the client's next calls (video/save with its cover).
      return { headers: { [VIDEO_ID_HEADER]: await finish(deps, req, who, upload) } };
    },
    onResponseError(req, err) {
      const status = (err as { status_code?: number }).status_code;
      // tus's own size refusals (Upload-Length or a body over maxSize) get the plan's words too.
      if (status === 413 && !(err as { body?: string }).body?.startsWith('{')) {
        return refusal(req, Code.VIDEO_TOO_LARGE, 413, { mb: checkedOf(req)?.limitMb });
      }
      if (status === undefined || status >= 500) deps.log.error({ err }, 'a video upload failed');
      return undefined;
    },
  });
  // An unfinished upload ended by its client (tus DELETE): its row goes too.
  server.on(EVENTS.POST_TERMINATE, (req, _res, id) => {
    const who = uploaderOf(req);
    deps.db
      .delete(videos)
      .where(and(eq(videos.siteId, who.siteId), eq(videos.uploadId, id)))
      .catch((err) => deps.log.error({ err }, 'an ended video upload kept its row'));
  });
  return server;

  async function finish(deps: Deps, req: Request, who: Uploader, upload: Upload): Promise<number> {
    const where = and(eq(videos.siteId, who.siteId), eq(videos.uploadId, upload.id));
    const kind = sniffVideo(await store.head(upload.id, SNIFF_BYTES));
    // Checked again at the end: the plan (and so its total) may have shrunk while the bytes came.
    const over = await stillWithinQuota(deps.db, who.siteId).then(
      () => undefined,
      (err) => {
        if (err instanceof AppError && err.code === Code.UPLOAD_QUOTA) return err;
        throw err;
      },
    );
    if (over) {
      await store.discard(upload.id);
      await deps.db
        .update(videos)
        .set({ status: 'error', updatedAt: new Date(deps.now()) })
        .where(where);
      throw refusal(req, Code.UPLOAD_QUOTA, 413, over.args);
    }
    if (!kind) {
      await store.discard(upload.id);
      await deps.db
        .update(videos)
        .set({ status: 'error', updatedAt: new Date(deps.now()) })
        .where(where);
      throw refusal(req, Code.VIDEO_FORMAT, 415);
    }
    let seconds: number | undefined;
    const reader = await store.reader(upload.id);
    if (reader) {
      try {
        seconds = await videoDuration(reader, kind);
      } finally {
        await reader.close();
      }
    }
    const key = await store.keep(upload.id, newKey(who.siteId, kind.ext, new Date(deps.now())));
    const [done] = await deps.db
      .update(videos)
      .set({
        status: 'ready',
        path: key,
        mime: kind.mime,
        size: upload.size ?? upload.offset,
        ...(seconds !== undefined ? { duration: boundedDuration(seconds) } : {}),
        updatedAt: new Date(deps.now()),
      })
      .where(where)
      .returning({ id: videos.id });
    return done.id;
  }
}

/** The tus routes, in a scope of their own whose bodies are left unread for tus. */
export function videoUploadRoutes(deps: Deps) {
  let server: Server | undefined;
  return async (app: FastifyInstance) => {
    const locker = uploadLocker((deps.db as { $client?: unknown }).$client);
    if (locker) app.addHook('onClose', () => locker.close());
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      let who: Uploader;
      try {
        who = await checkCaller(deps, req);
      } catch (err) {
        return sendError(req, reply, err);
      }
      uploaders.set(req.raw, who);
      // tus writes the reply itself: the headers every reply gets are set here.
      for (const [name, value] of Object.entries(securityHeaders(req, deps.config)))
        reply.raw.setHeader(name, value);
      reply.raw.setHeader('cache-control', 'no-store');
      reply.hijack();
      server ??= tusServer(deps, locker);
      await server.handle(req.raw, reply.raw);
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE'] as const;
    app.route({ method: [...methods], url: VIDEO_UPLOAD_PATH, handler });
    app.route({ method: [...methods], url: `${VIDEO_UPLOAD_PATH}/:id`, handler });
  };
}
