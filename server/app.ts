import { existsSync, mkdtempSync } from 'node:fs';
import { createConfigChanges } from './crud/config-changes';
import os from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '../domain';
import { createMemoryThrottle, DEFAULT_THROTTLE, type LoginThrottle } from './auth/login-throttle';
import { createRedisThrottle, openSharedCounters } from './auth/shared-counters';
import { secretKey } from './auth/tokens';
import type { AppConfig, AppContext } from './context';
import type { Database } from './db/database';
import { handleError, withText } from './error-handler';
import { languageOf } from './i18n';
import { createAppMetrics, METRICS_PATH } from './metrics';
import { swaggerTransforms } from './openapi';
import { ApiFailure } from './errors';
import { refuseNulCharacters } from './input-guard';
import { securityHeaders } from './security-headers';
import { RequestLogAtDebug, safeLoggerOptions } from './logging';
import { FileStore } from './files/file-store';
import { createLiveRuntime, type LiveOptions, type LiveRuntime } from './live/live-runtime';
import { mountResources } from './resources';
import { corpActionsRoutes } from './routes/corp-actions';
import { kioskRoutes } from './routes/kiosk-screen';
import { kioskFleetRoutes } from './routes/kiosk-fleet';
import { dialerStatsRoutes } from './routes/dialer-stats';
import { timeOptionRoutes } from './routes/time-options';
import { trunkActionRoutes } from './routes/trunk-action';
import { kioskTrendRoutes } from './routes/kiosk-trend';
import { kioskHeatmapRoutes } from './routes/kiosk-heatmap';
import { reportRoutes } from './routes/reports';
import { clickToCallRoutes } from './routes/click-to-call';
import { agentRoutes } from './routes/agents';
import { callRoutes } from './routes/calls';
import { liveRoutes } from './routes/live';
import { lookAndFeelRoutes } from './routes/look-and-feel';
import { meetingRoutes } from './routes/meetings';
import { sessionRoutes } from './routes/session';
import { systemRoutes } from './routes/system';
import { webphoneRoutes } from './routes/webphone';
import { configureZodMessages } from './validation';
import type { TrustProxy } from './config';

export const API_PREFIX = '/api/v1';

export interface BuildOptions {
  db: Pick<Database, 'orm' | 'kind' | 'listen'> & Partial<Pick<Database, 'poolStats'>>;
  config: AppConfig;
  /** Fastify logger options (pino); false or absent: silent (tests) */
  logger?: FastifyServerOptions['logger'];
  /** replaces the failed-login throttle (in memory, or in Redis with `redis`) */
  throttle?: LoginThrottle;
  /**
   * Redis for the counters every instance shares (rate limits, login backoff: auth/shared-counters.ts);
   * default the live side's REDIS_URL and REDIS_PREFIX; none: counted in this process
   */
  redis?: { url: string; prefix: string };
  /**
   * the real-time side (PBX adapter, realtime service, hub on /hub, the PBX routes); absent: none
   * (`app.live` is null and the PBX routes are not mounted)
   */
  live?: LiveOptions;
}

/**
 * TRUST_PROXY as Fastify takes it. A number of hops becomes a function that trusts that many addresses
 * from the socket outwards (Express's meaning; proxy-addr numbers the socket's peer 0): Fastify 5 itself
 * now answers a number by trusting nothing, since a client that reaches the server directly could
 * name its own address. Deployments that cannot keep the instances off the network name the
 * balancers' addresses instead (README "Several instances").
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Builds the Fastify app: API under /api/v1, OpenAPI document, and the built client when present. No listen. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  configureZodMessages();
  // a real Asterisk reads the SIP passwords when the live side drives one (I-SEC-01)
  const config: AppConfig = { ...options.config, strongSipPasswords: options.config.strongSipPasswords ?? options.live?.pbx === 'ari' };
  const app = Fastify({
    logger: safeLoggerOptions(options.logger),
    logController: new RequestLogAtDebug(),
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
    // a bad URL or a path parameter past the router's length (414) answers the ApiError too, with
    // its sentence (J-API-01: the document describes every answer), not Fastify's own body
    frameworkErrors: (error, request, reply) => void handleError(error, request, reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = createAppMetrics();
  metrics.timeRequests(app);

  const redis = options.redis ?? (options.live?.redisUrl ? { url: options.live.redisUrl, prefix: options.live.redisPrefix ?? 'callboard' } : null);
  const counters = redis ? openSharedCounters(redis.url, redis.prefix, app.log) : null;
  // the first logins after a start are counted too (commands fail at once while Redis is not ready)
  await counters?.ready();
  const throttleOptions = config.loginThrottle ?? DEFAULT_THROTTLE;
  const ctx: AppContext = {
    db: options.db.orm,
    database: { kind: options.db.kind, listen: (channel, onNotify) => options.db.listen(channel, onNotify), poolStats: () => options.db.poolStats?.() ?? null },
    config,
    key: secretKey(config.jwtSecret),
    throttle: metrics.countThrottle(options.throttle ?? (counters ? createRedisThrottle(counters, throttleOptions, app.log) : createMemoryThrottle(throttleOptions))),
    counters,
    log: app.log,
    files: new FileStore(filesRoot(config.dataDir)),
    configChanges: createConfigChanges((error) => app.log.error({ err: error }, 'a configuration-change listener failed')),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => counters?.close());
  app.decorateRequest('principal', null);
  const live: LiveRuntime | null = options.live ? await createLiveRuntime(app, ctx, options.live) : null;
  app.decorate('live', live);
  // configuration writes (extensions, queues) reach the live state through the bindings' onChange
  if (live) ctx.live = { reload: () => live.reload(), endSessions: (principalId, reason) => live.sessions.end(principalId, reason) };

  app.setErrorHandler(handleError);
  refuseNulCharacters(app);
  await securityHeaders(app, config.clientDir ?? null);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Callboard API', description: 'Multi-tenant PBX and call-centre administration', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // the zod schemas, then each route's statuses and multipart body (J-API-01)
    ...swaggerTransforms(),
  });
  // an oversize file is reported as a field issue by the route (part.file.truncated), not thrown
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 3, fields: 20 }, throwFileSizeLimit: false });

  await app.register(
    async (api) => {
      // the resources first: special routes registered after them reach their pipelines (api.pipelines)
      mountResources(api);
      await api.register(systemRoutes);
      await api.register(sessionRoutes);
      await api.register(lookAndFeelRoutes);
      await api.register(kioskRoutes);
      await api.register(kioskTrendRoutes);
      await api.register(kioskHeatmapRoutes);
      await api.register(corpActionsRoutes);
      await api.register(trunkActionRoutes);
      await api.register(timeOptionRoutes);
      await api.register(dialerStatsRoutes);
      await api.register(reportRoutes);
      await api.register(meetingRoutes);
      await api.register(webphoneRoutes);
      if (live) await api.register(liveRoutes(live));
      if (live) await api.register(agentRoutes(live));
      if (live) await api.register(callRoutes(live));
      if (live) await api.register(kioskFleetRoutes(live));
      // keys and history work without the real-time side; a call then answers 503
      await api.register(clickToCallRoutes(live));
    },
    { prefix: API_PREFIX },
  );

  // Prometheus text at the root, as scrapers expect, and never the client's page (I-MET-01)
  metrics.serve(app, { token: config.metricsToken });
  await serveClient(app, config.clientDir ?? null);
  return app;
}

/** Where sounds live: DATA_DIR/sounds, or a fresh temporary folder for an in-memory app (tests). */
function filesRoot(dataDir: string): string {
  return dataDir === ':memory:' ? mkdtempSync(path.join(os.tmpdir(), 'callboard-files-')) : path.join(path.resolve(dataDir), 'sounds');
}

/** The built client with SPA fallback: index.html for GETs outside /api and /hub. */
async function serveClient(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const present = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
  if (clientDir !== null && !present) app.log.warn({ clientDir }, 'client not built: run `npm run build` (the API works without it)');
  if (present) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      wildcard: true,
      index: 'index.html',
      setHeaders: (reply, file) => {
        // hashed assets never change; everything else revalidates
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const api = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith('/api/') || url === '/hub' || url.startsWith('/hub/') || url.startsWith(`${METRICS_PATH}/`);
    if (api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(withText(new ApiFailure(404, 'errors.notFound').toBody(), await languageOf(request)));
    }
    if (!present) return reply.code(404).type('text/plain; charset=utf-8').send('Callboard API is running; the web client is not built (run `npm run build`).\n');
    // a missing hashed asset (an old tab after a deploy) must not receive the page as script
    if (url.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
