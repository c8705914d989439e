import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { OneLinePerRequest } from './lib/request-log.js';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import { handleError, registerErrorHandling, sendNotFound } from './lib/error-handler.js';
import { loggerOptions } from './lib/logger.js';
import { validatorCompiler } from './lib/readable-issues.js';
import type { Redis } from 'ioredis';
import { accountRoutes } from './features/account/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { createGoogleSignIn, type GoogleSignIn } from './features/auth/google.js';
import { systemRoutes } from './features/system/routes.js';
import { billRoutes } from './features/bills/routes.js';
import { registerPushDelivery } from './features/push/delivery.js';
import { registerJobRunner } from './features/reminders/jobs.js';
import { pushRoutes } from './features/push/routes.js';
import { chatRoutes } from './features/chat/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { preferenceRoutes } from './features/notifications/preferences-routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { pollRoutes } from './features/polls/routes.js';
import type { DecodeQueueLimits } from './features/pictures/decode-queue.js';
import { pictureRoutes } from './features/pictures/routes.js';
import { previewRoutes } from './features/preview/routes.js';
import { guestRoutes } from './features/guest-access/routes.js';
import { guestClaimRoutes } from './features/guest-access/claim-routes.js';
import { roomPageRoute } from './features/preview/room-page.js';
import { roomRoutes } from './features/rooms/routes.js';
import { venueRoutes } from './features/venues/routes.js';
import { friendRoutes } from './features/users/friends-routes.js';
import { userRoutes } from './features/users/routes.js';
import { AppEvents } from './lib/events.js';
import { registerAuth, SessionCache } from './lib/auth.js';
import { AnswerCache, registerAnswerCache } from './lib/answer-cache.js';
import { observeWrites } from './db/write-observer.js';
import { clientErrorHandler, registerHostCheck } from './lib/client-errors.js';
import { releaseConnectionsOnClose } from './lib/closing-connections.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { fastifyTrustProxy, registerRateLimits } from './lib/rate-limit.js';
import { inlineScriptSources, registerSecurityHeaders } from './lib/security-headers.js';
import { createSerializerCompiler } from './lib/serializer.js';
import { registerRealtime } from './lib/realtime/plugin.js';
import { createTokenService } from './lib/tokens.js';
import { version } from './version.js';
import type { NumberingPolicy } from './features/chat/numbering.js';

export type AppDeps = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** Signs tokens and keys the one-time-code hashes (JWT_SECRET, or the one generated into DATA_DIR). */
  jwtSecret: string;
  redis?: Redis;
  /** Defaults to SMTP from the config, or the log. */
  mailer?: Mailer;
  /** How long a request's users row is reused (`SESSION_CACHE_MS`; tests lengthen it to show invalidation). */
  sessionCacheMs?: number;
  /** How long a cached answer may be served at most (the config's `ANSWER_CACHE_MS` unless given; 0: no cache). */
  answerCacheMs?: number;
  /** The socket keep-alive period (30 s; tests shorten it). */
  pingIntervalMs?: number;
  /** Web Push keys (from the config or generated into DATA_DIR); without them nothing is pushed. */
  vapid?: { publicKey: string; privateKey: string };
  /** How long a room's chat push waits for more messages (5 s; tests shorten it). */
  chatPushDelayMs?: number;
  /** When a room's new messages are numbered (`features/chat/numbering.ts`); `null`: only ever on demand (tests
   * whose every statement must come from a request, such as the contract fuzzer). */
  messageNumbering?: NumberingPolicy | null;
  /** Picture decoding: its time limit and the decode queue's bounds (features/pictures; tests shorten them). */
  pictures?: { decodeTimeLimitMs?: number; queue?: DecodeQueueLimits };
  /** Push delivery tuning (tests shorten the backoff). */
  pushOptions?: { backoffMs?: number; maxAttempts?: number; timeoutMs?: number };
  /** Logger options (tests pass `false` or a stream to capture it); defaults to the configured ones. */
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger to use instead (the one main.ts already logs start-up with). */
  loggerInstance?: FastifyBaseLogger;
};

export type AppContext = AppDeps & {
  mailer: Mailer;
  events: AppEvents;
  auth: { db: Db; mailer: Mailer; secret: string; google: GoogleSignIn | undefined };
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppContext;
  }
}

// Fastify types these factories for Ajv and fast-json-stringify; ours hand out the zod compilers.
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** The explicit list of features; each registers its routes under /v1. */
const features = [
  systemRoutes,
  authRoutes,
  userRoutes,
  accountRoutes,
  friendRoutes,
  notificationRoutes,
  venueRoutes,
  roomRoutes,
  chatRoutes,
  billRoutes,
  paymentRoutes,
  pushRoutes,
  calendarRoutes,
  pollRoutes,
  preferenceRoutes,
  pictureRoutes,
  previewRoutes,
  guestRoutes,
  guestClaimRoutes,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(config) }),
    genReqId: () => randomUUID(),
    // One line per request, when it has been answered, instead of Fastify's two (on arrival and answer).
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    // A path id of any length reaches its route, which authenticates first and then answers a malformed one 404
    // (issue #17); the request line is limited anyway (16 KiB, with the headers).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    frameworkErrors: handleError,
    // What Node's parser refuses (431, 400, 408) is answered in the error envelope too.
    clientErrorHandler,
    http: { requireHostHeader: false },
    // Every route validates and serialises with the zod schemas: given as factories, Fastify does not load (or
    // start-up pay for) its default Ajv and fast-json-stringify compilers.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
        // Answers are checked against their schemas in development and tests; every build writes them the same way.
        buildSerializer: (() =>
          createSerializerCompiler({
            validate: config.env !== 'production',
          })) as unknown as CompilersFactory['buildSerializer'],
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const google = createGoogleSignIn(config, app.log);
  const events = new AppEvents();
  events.onError((err) => app.log.error({ err }, 'event subscriber failed'));
  app.decorate('deps', {
    ...deps,
    mailer,
    events,
    auth: { db: deps.db, mailer, secret: deps.jwtSecret, google },
  });
  app.addHook('onClose', () => mailer.drain());
  const sessions = new SessionCache(deps.sessionCacheMs);
  registerAuth(app, deps.db, createTokenService(deps.jwtSecret), sessions);
  // At once on this instance, before the answer that revoked or renamed goes out; other instances hear of it on
  // the realtime bus.
  events.onTokensRevoked(({ userId }) => sessions.forget(userId));
  events.onUserChanged((userId) => sessions.forget(userId));
  // Answers of the hot reads, emptied by every write to the database, this instance's (seen on its pool) and the
  // other instances' (told on the realtime bus, which registerRealtime connects below). decision 012.
  const answers = new AnswerCache(deps.answerCacheMs ?? config.answerCacheMs);
  const stopObserving = observeWrites(deps.pool, (done) => answers.invalidate(done));
  app.addHook('onClose', async () => stopObserving());
  registerAnswerCache(app, answers);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandling(app);
  registerHostCheck(app);
  releaseConnectionsOnClose(app);

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  // The page's inline boot script may run (its hash in the CSP); read once, as the page is served as built.
  registerSecurityHeaders(
    app,
    config.publicUrl,
    hasWeb ? inlineScriptSources(readFileSync(indexHtml, 'utf8')) : [],
  );
  await app.register(cors, {
    origin: [...config.corsOrigins],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'CF-Access-Client-Id', 'CF-Access-Client-Secret'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Outing API', version, description: 'The Outing HTTP contract (v1).' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });

  await registerRateLimits(app, { enabled: config.rateLimits, redis: deps.redis });
  await registerRealtime(app, { pingIntervalMs: deps.pingIntervalMs });
  registerPushDelivery(app);
  // After push delivery: closing stops the runner (its last jobs' notifications) before the push sender drains.
  registerJobRunner(app);
  for (const feature of features) await app.register(feature, { prefix: '/v1' });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: false,
      // The web build writes x.js.br / x.js.gz next to its assets (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Nothing under /v1 is a file: an API path that matched no route gets the not-found envelope, never an
      // answer of the file server (a 403 for a path it cannot verify, say).
      allowedPath: (pathName) => pathName !== '/v1' && !pathName.startsWith('/v1/'),
      setHeaders: (res, filePath) => {
        const rel = path.relative(config.webDist, filePath);
        if (rel.startsWith(`assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  // The app shell itself: `/` is a directory to the static plugin, which does not list or index it.
  if (hasWeb)
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  // A room link answers the page with the room's Open Graph tags (a chat app's card).
  if (hasWeb) await app.register(roomPageRoute, { indexHtml: readFileSync(indexHtml, 'utf8') });

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/v1' || urlPath.startsWith('/v1/')) return sendNotFound(reply);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.posix.extname(urlPath);
    if (!isPage) return sendNotFound(reply, 'Not found.', 'NOT_FOUND');
    if (!hasWeb)
      return sendNotFound(reply, 'The web app is not built. Run `npm run build`.', 'WEB_APP_NOT_BUILT');
    // SPA fallback: the client router decides what a deep link shows.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
