import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import SonicBoom from 'sonic-boom';

/**
 * What the server's log may never hold: passwords (a SIP secret, a user's), their hashes, tokens and
 * keys. pino's redact removes them by path wherever a log call passes a body or a row; the error
 * serializer below drops what a driver error carries (every SQL parameter of a failed write).
 */
const SECRET_KEYS = ['pass', 'passConfirm', 'currentPass', 'password', 'passHash', 'secret', 'token', 'key', 'vmpass', 'authorization', 'cookie'];
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
];

/** Query parameters that carry a credential: the hub's access_token, a kiosk screen's key. */
const SECRET_QUERY = /([?&](?:access_token|token|key)=)[^&#]*/gi;

/** A URL as logged: credentials in its query replaced. */
export function safeUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** What a failed query's message adds after the SQL: its parameters, i.e. the row's values. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** Fields of an error worth keeping (the database's code and constraint, a status); never `params` or `detail`. */
const ERROR_FIELDS = ['code', 'statusCode', 'status', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * An error as logged: type, message, the database's code and constraint, the stack's frames and the
 * cause, without the parameters of a failed query (DrizzleQueryError puts them in its message, its
 * stack and a `params` field) and without PostgreSQL's `detail` (it quotes the conflicting values).
 */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = error.message.replace(QUERY_PARAMS, '');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = { type: error.constructor?.name ?? error.name, message, stack: [`${error.name}: ${message}`, ...frames].join('\n') };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) if (fields[field] !== undefined && fields[field] !== null) out[field] = fields[field];
  if (error.cause !== undefined && depth < 4) out.cause = safeError(error.cause, depth + 1);
  return out;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** A request as logged: method, route and URL without credentials, the caller's address. */
function safeRequest(request: LoggedRequest): Record<string, unknown> {
  return { method: request.method, url: safeUrl(request.url), route: request.routeOptions?.url, remoteAddress: request.ip };
}

/**
 * The logger options of the app: the caller's (level, stream) with our redaction and serializers,
 * whoever starts the app (main.ts, a test that reads the log). False stays silent.
 */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = typeof logger === 'object' ? logger : {};
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...(base.serializers ?? {}), err: safeError, req: safeRequest },
  };
}

/**
 * Fastify's own lines about requests: one debug line per answered request instead of two info lines
 * (a default start wrote thousands of them an hour); LOG_LEVEL=debug shows them. A route that is not
 * found is a request like the others.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, status: reply.statusCode, err: error }, 'request errored');
    else reply.log.debug({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}

/** Log lines kept while stdout does not drain; past it new lines are dropped (sonic-boom `maxLength`). */
const LOG_BACKLOG_BYTES = 4 * 1024 * 1024;

export interface StdoutLog {
  /** pino's destination */
  stream: { write(line: string): void };
  /** writes what waits, for `withinMs` at most (a stop's last lines): never holds the event loop */
  flush(withinMs: number): Promise<void>;
}

/**
 * The server's log on stdout, written without ever holding the event loop. pino's own destination
 * writes synchronously or, asynchronous, flushes synchronously at exit; when stdout's reader stops
 * draining (a paused pager, a stalled log driver) or goes away (`npm start | head`), sonic-boom's
 * synchronous writes wait and retry on the main thread for as long as it takes (its flushSync retries
 * even EPIPE forever): the server froze, health unanswered and SIGTERM ignored. This is a sonic-boom
 * of our own, asynchronous, with no flush at exit: a stall keeps up to LOG_BACKLOG_BYTES and drops the
 * rest, a reader gone (EPIPE) ends the log and not the server, and a stop flushes with a time limit.
 */
export function stdoutLog(fd = 1): StdoutLog {
  const boom = new SonicBoom({ fd, sync: false, minLength: 0, maxLength: LOG_BACKLOG_BYTES });
  let gone = false;
  // lines written and not yet on stdout: sonic-boom says 'drain' when it has written all it holds
  // (its own flush() answers at once with minLength 0)
  let pending = false;
  boom.on('drain', () => {
    pending = false;
  });
  boom.on('error', (error: NodeJS.ErrnoException) => {
    // only a reader gone ends the log; another write error leaves the line for the next write's retry
    if (error.code === 'EPIPE') gone = true;
  });
  return {
    stream: {
      write(line: string) {
        if (gone) return;
        pending = true;
        boom.write(line);
      },
    },
    flush: (withinMs) =>
      new Promise<void>((resolve) => {
        if (gone || !pending) return resolve();
        const done = () => {
          clearTimeout(timer);
          boom.off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, withinMs);
        boom.on('drain', done);
      }),
  };
}
