import type { FastifyBaseLogger } from 'fastify';
import type { ConfigChanges } from './crud/config-changes';
import type { Level, LiveAction, ViewGrant } from '../domain';
import type { LoginThrottle, ThrottleOptions } from './auth/login-throttle';
import type { SharedCounters } from './auth/shared-counters';
import type { HashOptions } from './auth/passwords';
import type { Database, Db } from './db/database';
import type { CampaignControl } from './dialer/campaign-control';
import type { FileStore } from './files/file-store';
import type { TrustProxy } from './config';

/** Everything buildApp needs besides the database; main.ts reads it from the environment. */
export interface AppConfig {
  /** DATA_DIR (':memory:' in tests): disk usage of /exten/datapc is measured here */
  dataDir: string;
  /** HS256 signing secret */
  jwtSecret: string;
  /** token lifetime in seconds (8 h) */
  tokenTtlSeconds?: number;
  /** argon2 parameters for new hashes */
  hash: HashOptions;
  /** failed-login limit; default 5 failures in 15 minutes */
  loginThrottle?: ThrottleOptions;
  /** built client to serve with SPA fallback; null or missing folder: API only */
  clientDir?: string | null;
  /** whose X-Forwarded-For is believed (behind a balancer: TRUST_PROXY, config.ts parseTrustProxy) */
  trustProxy?: TrustProxy;
  /**
   * a real Asterisk reads the extensions' SIP passwords: new or changed ones must be strong (I-SEC-01);
   * default: when the live side runs PBX=ari
   */
  strongSipPasswords?: boolean;
  /**
   * METRICS_TOKEN: GET /metrics answers a request with `Authorization: Bearer {token}` from anywhere;
   * unset: only a direct request from a loopback address (server/metrics.ts)
   */
  metricsToken?: string;
}

/** The signed-in caller of a request (set by the auth guard). */
export interface Principal {
  userId: number;
  nick: string;
  level: Level;
  /** the user's own corp */
  corpId: number;
  /** level 1 only: the corp picked with `x-working-corp`; null = none (all corps) */
  workingCorpId: number | null;
  /** effective views: the role group's when the user has one, else defaultViews(level) */
  views: ViewGrant[];
  /** the actions on the floor (G-PRM-01): the role group's, else defaultLiveActions(level) */
  liveActions: LiveAction[];
}

export interface AppContext {
  db: Db;
  database: Pick<Database, 'kind' | 'listen'> & Partial<Pick<Database, 'poolStats'>>;
  config: AppConfig;
  key: Uint8Array;
  throttle: LoginThrottle;
  /** the Redis counters every instance shares (REDIS_URL), null when counted in this process */
  counters: SharedCounters | null;
  log: FastifyBaseLogger;
  /** the files rows refer to (sounds), under DATA_DIR/sounds */
  files: FileStore;
  /** every successful write of the write pipeline (server/crud/config-changes.ts) */
  configChanges: ConfigChanges;
  /** the live state to refresh after configuration writes; absent without real time */
  live?: {
    reload(): Promise<void>;
    /** the dialer campaigns engine (null while this instance does not drive the PBX) */
    campaigns?: CampaignControl | null;
    /**
     * a principal's session may have ended (password changed, user disabled or deleted, kiosk screen
     * revoked or rotated): every instance closes its hub connections whose grant no longer stands,
     * with a Close carrying this message (I-INST-05, server/live/sessions.ts)
     */
    endSessions(principalId: number, reason: string): void;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * The corp filter of a request for corp-scoped rows: the user's own corp, or for level 1 the working
 * corp when one is picked and null (all corps) otherwise.
 */
export function scopeCorpId(principal: Principal): number | null {
  return principal.level === 1 ? principal.workingCorpId : principal.corpId;
}

/** The one corp a singleton (look and feel) of the request belongs to. */
export function homeCorpId(principal: Principal): number {
  return principal.workingCorpId ?? principal.corpId;
}
