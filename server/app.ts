/** Builds the Fastify app: used by main.ts and by the API tests. */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Code } from '../contract/codes';
import { REQUEST_MAX_BYTES } from '../contract/constants';
import type { AnyEndpoint } from '../contract/endpoint';
import { resourcesOf } from '../contract/entityBrief';
import { IMAGE_MAX_BYTES, UPLOAD_FIELD_MAX_BYTES } from '../contract/files';
import { entityResourceApi, type ResourceApi, resourceApis } from '../contract/resources';
import { altchaCaptcha } from './adapters/captcha';
import { type Dns, resolverDns } from './adapters/dns';
import { type InvoiceIssuer, invoiceIssuer } from './adapters/invoice';
import { mailQueue, type Outbox } from './adapters/outbox';
import { notifySecretOf, type Payment, paymentGateway } from './adapters/payment';
import { s3Storage } from './adapters/s3Storage';
import { type Social, socialProvider } from './adapters/social';
import { folderStorage, UPLOADS_PREFIX } from './adapters/storage';
import type { Config } from './config';
import { startChangeBus } from './db/changeBus';
import type { Db } from './db/client';
import type { Deps } from './deps';
import { entityActions } from './entities/actions';
import type { ServedEntity } from './entities/hooks';
import { declaredEntities } from './entities/registry';
import { registerActions } from './http/action';
import { type AfterReply, afterReplyTracker } from './http/afterReply';
import { startCallerCache } from './http/callerCache';
import { AppError } from './http/errors';
import { Lifecycle, registerHealth } from './http/health';
import { registerOnSend } from './http/onSend';
import { openApiDocument } from './http/openapi';
import { sendError } from './http/reply';
import { REST_PREFIX, type RestResource, registerRest, sendRestError } from './http/rest';
import { registerResolvers } from './http/session';
import { authActions } from './modules/auth/routes';
import { resolveSession, resolveSite } from './modules/auth/session';
import { categoryActions } from './modules/categories/routes';
import { contentActions } from './modules/content/routes';
import { customerActions } from './modules/customers/routes';
import { dashboardActions } from './modules/dashboard/routes';
import { epaperActions } from './modules/epaper/routes';
import { fileActions } from './modules/files/routes';
import { followerActions } from './modules/followers/routes';
import { homeActions } from './modules/home/routes';
import { intelligenceActions } from './modules/intelligence/routes';
import { labelEditActions } from './modules/labels/edit';
import { registerLangPacks } from './modules/langPack/routes';
import { memberActions } from './modules/members/routes';
import { menuActions } from './modules/menus/routes';
import { orderActions } from './modules/orders/routes';
import { pageActions } from './modules/pages/routes';
import { paymentNotifyRoutes } from './modules/plans/notify';
import { planActions } from './modules/plans/routes';
import { paymentWindowRoutes } from './modules/plans/windowPage';
import { readerPublicActions } from './modules/readers/publicRoutes';
import { readerScope } from './modules/readers/scope';
import { roleActions } from './modules/roles/routes';
import { settingsActions } from './modules/settings/routes';
import { shareActions, socialCallbackRoutes } from './modules/share/routes';
import { isShopOrder, settleShopNotification } from './modules/shop/notify';
import { shopReaderActions } from './modules/shop/routes';
import { siteActions } from './modules/sites/routes';
import { staffActions } from './modules/staff/routes';
import { isReaderOrder, settleReaderNotification } from './modules/subscription/notify';
import { subscriptionActions } from './modules/subscription/routes';
import { supportActions } from './modules/support/routes';
import { themeFileRoutes } from './modules/themes/download';
import { designActions, themeActions } from './modules/themes/routes';
import { translateActions } from './modules/translate/routes';
import { videoActions } from './modules/videos/routes';
import { videoUploadRoutes } from './modules/videos/tus';
import { wordImportActions } from './modules/wordImport/routes';
import { type PublicSiteOptions, registerPublicSite, siteUrlRewriter } from './public';
import { analyticsRoutes } from './public/analytics';
import { UNSUBSCRIBE_ROUTES, unsubscribeRoutes } from './public/readers/unsubscribe';
import { ensureSecret } from './seed';

const UPLOAD_MARGIN_BYTES = 1024 * 1024;
/** The API's version in its OpenAPI document. */
const API_VERSION = '0.1.0';

/** Every module's actions. A new module adds its list here. */
const modules = [
  authActions,
  categoryActions,
  contentActions,
  translateActions,
  fileActions,
  menuActions,
  homeActions,
  roleActions,
  siteActions,
  settingsActions,
  dashboardActions,
  staffActions,
  planActions,
  themeActions,
  designActions,
  memberActions,
  followerActions,
  customerActions,
  readerPublicActions,
  subscriptionActions,
  epaperActions,
  orderActions,
  shopReaderActions,
  intelligenceActions,
  shareActions,
  wordImportActions,
  videoActions,
  supportActions,
  pageActions,
  labelEditActions,
];

/** How action() finds its caller (http/session.ts): the session and its site (modules/auth), a reader (modules/readers). */
registerResolvers({ session: resolveSession, site: resolveSite, reader: readerScope });

/** The entities declared in contract/entities, found at startup (entities/registry.ts). */
const declared = await declaredEntities();

/** Every registered action, e.g. for the permission matrix test. */
export const allActions = [...modules.flat(), ...entityActions(declared)];

export interface AppOptions {
  config: Config;
  db: Db;
  /** Where services queue mail; main.ts's mail job listens to it. By default one nobody listens to. */
  outbox?: Outbox;
  /** Work left for after a reply; by default the app's own (a test passes one it can wait on). */
  afterReply?: AfterReply;
  /** DNS lookups; by default the system's (or DNS_SERVERS) resolver. */
  dns?: Dns;
  now?: () => number;
  logger?: boolean | object;
  /** Check every reply against its endpoint's output schema (the API tests turn it on). */
  checkReplies?: boolean;
  /** The payment gateway and its pages; by default the configuration's (a test passes a sandbox it can watch). */
  payment?: Payment;
  /** The e-invoice issuer; by default the configuration's (a test passes one it can watch). */
  invoice?: InvoiceIssuer;
  /** Facebook/Instagram sharing; by default the configuration's (a test passes a sandbox it can watch). */
  social?: Social;
  /** Entities served besides the declared ones (a test's fixture entity, its table already made). */
  entities?: ServedEntity[];
  /** The public sites' page builders, built-in theme folder and cache (a test passes stand-ins). */
  publicSite?: PublicSiteOptions;
  /** Whether the process is draining, for /readyz (main.ts turns it on at SIGTERM; a test may too). */
  lifecycle?: Lifecycle;
}

// One small file per upload. The cut-off sits above the largest accepted image, so a file just over 5 MB is read whole
// and answered 檔案大小超過限制 by its action; longer ones are cut off and get the same answer.
const uploadLimits = {
  limits: {
    fileSize: IMAGE_MAX_BYTES + UPLOAD_MARGIN_BYTES,
    files: 1,
    fields: 20,
    parts: 21,
    fieldSize: UPLOAD_FIELD_MAX_BYTES,
    fieldNameSize: 100,
  },
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // A public site's host (<slug>.SITE_DOMAIN or a custom domain) is served under /_site (server/public).
    rewriteUrl: siteUrlRewriter(config),
    bodyLimit: REQUEST_MAX_BYTES,
    requestTimeout: config.requestTimeoutMs,
    // Node checks that timeout every 30 s by default, and wants the headers' own no longer than it.
    http: {
      connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutMs),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
  });
  const now = opts.now ?? Date.now;
  const secret = await ensureSecret(opts.db);
  const payment =
    opts.payment ??
    paymentGateway(notifySecretOf(config.payment, secret), config.publicUrl, {
      now,
      onDeliveryError: (err, tradeId) => app.log.warn({ err, tradeId }, 'sandbox notification not delivered'),
    });
  const social = opts.social ?? socialProvider(config.social, app.log);
  // Who is calling, cached between requests and dropped when their rows change (issue 31).
  const bus = await startChangeBus(opts.db, app.log);
  const callers = startCallerCache(bus);
  app.addHook('onClose', async () => {
    callers.close();
    await bus.close();
  });
  const deps: Deps = {
    db: opts.db,
    config,
    now,
    log: app.log,
    secret,
    outbox: opts.outbox ?? mailQueue(opts.db, now),
    afterReply: opts.afterReply ?? afterReplyTracker(),
    captcha: altchaCaptcha(opts.db, secret, config.captchaMaxCounter),
    storage: config.s3 ? s3Storage(config.s3) : folderStorage(config.uploadDir),
    dns: opts.dns ?? resolverDns({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs }),
    payment: payment.gateway,
    invoice: opts.invoice ?? invoiceIssuer(config.invoice, app.log),
    social: social.provider,
    callers: callers.cache,
  };

  // Closing waits for the work calls left for after their replies, so the database outlives it (main.ts, tests).
  app.addHook('onClose', () => deps.afterReply.idle());
  // GET /healthz and /readyz for the proxy, outside /api (http/health.ts).
  registerHealth(app, opts.db, opts.lifecycle ?? new Lifecycle());
  // Security headers on every reply, and unread bodies drained before an early answer (http/onSend.ts).
  registerOnSend(app, config);
  await app.register(cookie);
  // The REST face (http/rest.ts) answers its failures, even Fastify's own (a broken JSON body), in its shape.
  const isRest = (req: { url: string }) => req.url.startsWith(`${REST_PREFIX}/`);
  const fail = (req: FastifyRequest, reply: FastifyReply, err: unknown) =>
    isRest(req) ? sendRestError(req, reply, err) : sendError(req, reply, err);
  app.setErrorHandler((err, req, reply) => fail(req, reply, err));

  // State-changing calls must come from the app's own origin (or a configured one).
  // A plain (callback) hook: no promise per request; a refusal answers here and never calls done().
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done();
    const origin = req.headers.origin;
    let foreign = req.headers['sec-fetch-site'] === 'cross-site';
    if (origin) {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        host = '';
      }
      const own = req.host.replace(/:(80|443)$/, '');
      foreign = host !== own && !config.allowedOrigins.includes(origin);
    }
    // RFC 8058 one-click unsubscribe: posted by mail providers without the site's Origin; its signed token is the proof.
    // Looked at only for a foreign call: routeOptions is an object built anew on each read.
    if (foreign && !(req.method === 'POST' && UNSUBSCRIBE_ROUTES.includes(req.routeOptions.url ?? '')))
      fail(req, reply, new AppError(Code.FORBIDDEN));
    else done();
  });

  // The sandbox's card form and 3-D Secure page (none for TapPay, whose pages are its own).
  if (payment.routes) await app.register(payment.routes);
  await app.register(
    paymentNotifyRoutes(deps, [
      { owns: isReaderOrder, settle: settleReaderNotification },
      { owns: isShopOrder, settle: settleShopNotification },
    ]),
  );
  // The payment window's "connecting to your bank…" page.
  await app.register(paymentWindowRoutes);
  // Facebook/Instagram: the OAuth callback, and the sandbox's consent page (none with a real app id).
  await app.register(socialCallbackRoutes(deps));
  if (social.routes) await app.register(social.routes);
  // A member's e-paper unsubscribe (the confirmation form and the one-click POST), on the sites' hosts.
  await app.register(unsubscribeRoutes(deps));
  // The public sites' first-party counter: its script and its batches, on the sites' hosts (public/analytics).
  await app.register(analyticsRoutes(deps));
  // Theme zips by signed link, and theme pictures (the list's covers), on the admin origin.
  await app.register(themeFileRoutes(deps));
  // Resumable video uploads (tus: POST, HEAD, PATCH, DELETE), outside the JSON catalogue (modules/videos/tus.ts).
  await app.register(videoUploadRoutes(deps));
  // The served language packs (GET /i18n/lang.json) and every /api reply's X-I18n-Version (modules/langPack).
  registerLangPacks(app, deps);

  const extra = opts.entities ?? [];
  const actions = extra.length
    ? [...allActions, ...entityActions(extra, [...declared, ...extra])]
    : allActions;
  await registerActions(app, deps, actions, { checkReplies: opts.checkReplies, multipart: uploadLimits });
  // The REST face for ra-data-simple-rest: the resources the dataProvider serves, through the same actions.
  const rest = restResources([...declared, ...extra]);
  registerRest(app, deps, rest);
  // The catalogue as OpenAPI 3.1 for integrators, built on first request.
  let apiDocument: object | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    apiDocument ??= openApiDocument(actions as AnyEndpoint[], { version: API_VERSION }, rest);
    return reply.header('cache-control', 'no-cache').send(apiDocument);
  });

  await registerPublicSite(app, deps, opts.publicSite);

  // Uploaded files: keys are random and never rewritten, so they may be cached for a year.
  await mkdir(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    setHeaders: (res) => res.header('x-content-type-options', 'nosniff'),
  });

  const index = path.join(config.distDir, 'index.html');
  const hasSpa = existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: 'index.html',
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!/^\/(api|uploads)\//.test(req.url) && (req.method === 'GET' || req.method === 'HEAD') && hasSpa) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return fail(req, reply, new AppError(Code.NOT_FOUND));
  });

  return app;
}

/** The resources of the shared mapping (contract/resources.ts): the table's, and every served entity's. */
function restResources(entities: readonly ServedEntity[]): RestResource[] {
  return [
    ...Object.entries(resourceApis).map(([name, api]) => ({ name, api: api as ResourceApi })),
    ...entities.flatMap(({ entity }) =>
      resourcesOf(entity).map((r) => ({ name: r.name, api: entityResourceApi(entity, r) })),
    ),
  ];
}
