/**
 * The live side's one logger shape (message first, data after), over the app's pino logger: what the
 * live modules hand on to the PBX adapters, the hub, the cluster and the jobs beside them.
 */
import type { FastifyBaseLogger } from 'fastify';

export type LogLine = (msg: string, data?: Record<string, unknown>) => void;

export interface LiveLog {
  warn: LogLine;
  info: LogLine;
  error: LogLine;
}

export function liveLog(log: FastifyBaseLogger): LiveLog {
  return {
    warn: (msg, data) => log.warn(data ?? {}, msg),
    info: (msg, data) => log.info(data ?? {}, msg),
    error: (msg, data) => log.error(data ?? {}, msg),
  };
}
