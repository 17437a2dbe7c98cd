import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BehaviorSubject, NEVER } from 'rxjs';
import { userOfToken } from '../auth/guard';
import type { LiveEnvironment } from '../config';
import type { AppContext } from '../context';
import { connectHubToBackplane, createBackplane, createHubServer, createLiveMethods, type Backplane, type HubServer } from '../hub';
import {
  createAriAdapter,
  createSimulator,
  PbxError,
  QUEUE_STRATEGIES,
  type CallCentreSimulator,
  type PbxAdapter,
  type QueueStrategy,
  type SimCorp,
  type TrafficOptions,
} from '../pbx';
import { createRealtimeService, type DirectoryCorp, type RealtimeService } from '../realtime';
import { createDbRecordSink, type DbRecordSink } from '../records';
import { createDbDirectory } from './directory';

export interface LiveOptions extends LiveEnvironment {
  /** 'realtime' (default) paces the simulator to the wall clock; 'manual' moves only with advance() (tests) */
  driver?: 'realtime' | 'manual';
  /** recordings folder; default `{DATA_DIR}/recordings`, none when DATA_DIR is ':memory:' */
  recordingsDir?: string | null;
  /** the record sink's flush period (ms), default 500 */
  recordFlushMs?: number;
  /** the simulator's traffic model, over its defaults (tests: no phones offline, every call answered) */
  traffic?: Partial<TrafficOptions>;
}

/** What the app runs for real time; `app.live` (null without the live option). */
export interface LiveRuntime {
  readonly kind: LiveEnvironment['pbx'];
  readonly adapter: PbxAdapter;
  /** the simulator when PBX=simulator */
  readonly simulator: CallCentreSimulator | null;
  readonly realtime: RealtimeService;
  readonly hub: HubServer;
  readonly backplane: Backplane;
  readonly sink: DbRecordSink;
  /** one line for the console: what drives the PBX */
  readonly summary: string;
  /** reads the directory again: the realtime service and the simulator's corps follow (serialised) */
  reload(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveRuntime | null;
  }
}

/** A PBX that is not there (PBX=none): no events, never connected, commands answer 'unavailable'. */
function createIdleAdapter(): PbxAdapter {
  const unavailable = async (): Promise<never> => {
    throw new PbxError('unavailable', 'No PBX is configured');
  };
  return {
    events$: NEVER,
    connected$: new BehaviorSubject(false),
    snapshot: unavailable,
    hangup: unavailable,
    originate: unavailable,
    addQueueMember: unavailable,
    removeQueueMember: unavailable,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

const strategyOf = (value: string): QueueStrategy => ((QUEUE_STRATEGIES as readonly string[]).includes(value) ? (value as QueueStrategy) : 'ringall');

export function toSimCorp(corp: DirectoryCorp, callsPerHour: number): SimCorp {
  return {
    corpId: corp.corpId,
    extensions: corp.extensions.map((e) => ({ number: e.number, userName: e.userName })),
    queues: corp.queues.map((q) => ({
      id: q.queueId,
      name: q.name,
      strategy: strategyOf(q.strategy),
      members: [...q.members],
      serviceLevelSec: q.serviceLevelSec,
      callsPerHour,
    })),
  };
}

/**
 * Builds the real-time side of the app (nothing runs until the app is ready): the PBX adapter by
 * `PBX`, the record sink, the backplane, the realtime service and the hub on the app's server with
 * `POST /hub/negotiate`. Starts on ready (realtime, then the adapter); closes before the server
 * (hub Close with allowReconnect) and after it (realtime, adapter, sink, backplane).
 */
export async function createLiveRuntime(app: FastifyInstance, ctx: AppContext, options: LiveOptions): Promise<LiveRuntime> {
  const log = app.log;
  const warn = (msg: string, data?: Record<string, unknown>) => log.warn(data ?? {}, msg);
  const info = (msg: string, data?: Record<string, unknown>) => log.info(data ?? {}, msg);
  const directory = createDbDirectory(ctx.db);
  const dataDir = ctx.config.dataDir;
  const recordingsDir = options.recordingsDir !== undefined ? options.recordingsDir : dataDir === ':memory:' ? null : path.join(dataDir, 'recordings');
  const sink = createDbRecordSink({ db: ctx.db, recordingsDir, log, flushMs: options.recordFlushMs });

  let simulator: CallCentreSimulator | null = null;
  let adapter: PbxAdapter;
  let summary: string;
  if (options.pbx === 'simulator') {
    const corps = await directory.corps();
    simulator = createSimulator({
      seed: options.seed,
      corps: corps.map((c) => toSimCorp(c, options.callsPerHour)),
      driver: options.driver ?? 'realtime',
      timeFactor: options.timeFactor,
      startTime: Date.now(),
      traffic: options.traffic,
      sink,
      log: { warn },
    });
    adapter = simulator;
    const factor = options.timeFactor === 1 ? '' : `, ${options.timeFactor}x time`;
    summary = `PBX: simulator (seed ${options.seed}, ${options.callsPerHour} calls/h per queue${factor})`;
  } else if (options.pbx === 'ari' && options.ari) {
    adapter = createAriAdapter({ ...options.ari, log: { warn, info } });
    summary = `PBX: ari at ${options.ari.url}`;
  } else {
    adapter = createIdleAdapter();
    summary = 'PBX: none';
  }

  const backplane = createBackplane(options.redisUrl, { warn });
  const realtime = createRealtimeService({
    adapter,
    publish: (corpId, push, payload) => backplane.publish(corpId, push, payload),
    directory,
    log: { warn },
  });
  const hub = createHubServer({
    server: app.server,
    authenticate: async (token) => {
      const user = await userOfToken(ctx, token);
      return user ? { userId: user.userId, level: user.level, corpId: user.corpId, views: user.views } : null;
    },
    methods: createLiveMethods(realtime),
    log: { warn, info },
  });
  const disconnect = connectHubToBackplane(hub, backplane, { live: realtime, log: { warn } });

  let reloading: Promise<void> = Promise.resolve();
  const known = new Set<number>();
  async function reloadOnce(): Promise<void> {
    await realtime.reload();
    if (!simulator) return;
    const corps = await directory.corps();
    const wanted = new Set(corps.map((c) => c.corpId));
    for (const c of corps) simulator.setCorp(toSimCorp(c, options.callsPerHour));
    for (const id of known) if (!wanted.has(id)) simulator.removeCorp(id);
    known.clear();
    for (const id of wanted) known.add(id);
  }
  const runtime: LiveRuntime = {
    kind: options.pbx,
    adapter,
    simulator,
    realtime,
    hub,
    backplane,
    sink,
    summary,
    reload: () => {
      reloading = reloading.then(reloadOnce).catch((error: unknown) => log.error({ err: error }, 'live: reload failed'));
      return reloading;
    },
  };
  if (simulator) for (const c of await directory.corps()) known.add(c.corpId);

  // the negotiate route: the official client posts text/plain (or nothing); the body is ignored
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post(`${hub.path}/negotiate`, { schema: { hide: true } }, async (request, reply) => {
      const answer = await hub.handleNegotiate({ method: request.method, url: request.raw.url, headers: request.headers });
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  });

  app.addHook('onReady', async () => {
    await realtime.start();
    await adapter.start();
  });
  // before the server closes: every client gets Close with allowReconnect and reconnects elsewhere
  app.addHook('preClose', async () => {
    await hub.shutdown('Server is restarting');
  });
  app.addHook('onClose', async () => {
    disconnect();
    await realtime.stop();
    await adapter.stop();
    await sink.close();
    await backplane.close();
  });
  return runtime;
}

/** PbxError → the API status it answers as. */
export function pbxStatus(error: PbxError): number {
  switch (error.code) {
    case 'not_found':
      return 404;
    case 'invalid':
      return 400;
    case 'conflict':
      return 409;
    default:
      return 503;
  }
}
