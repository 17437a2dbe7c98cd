import type { FastifyRequest } from 'fastify';
import { windowInZone, type ReportWindow } from '../../../domain';
import type { AppContext } from '../../context';
import { corpTimeZone } from '../../corp-zone';
import { dataOf, type CorpData } from '../../crud/tenant';
import { ApiFailure } from '../../errors';
import { lookupBinding } from '../../resources';
import { principalOf } from '../../auth/guard';

/**
 * Tenancy of the reports: every report reads through the request's CorpData (the one tenant-scoped
 * accessor). A corp's reports need one corp: a supervisor reaches them only through its working corp
 * (x-working-corp); without one it has the general dashboard, never another corp's rows by id.
 */
export interface CorpReport {
  data: CorpData;
  corpId: number;
}

export function corpReport(ctx: AppContext, request: FastifyRequest): CorpReport {
  const data = dataOf(ctx.db, principalOf(request), lookupBinding);
  if (data.corpId === null) throw new ApiFailure(400, 'errors.workingCorpRequired');
  return { data, corpId: data.corpId };
}

/**
 * A corp's report with its search's window read in the corp's zone (J-TZ-01): the dates and times of
 * the form are the corp's clocks, whatever the browser's zone; `timeZone` for the report's hours.
 */
export async function corpReportInZone<T extends ReportWindow>(ctx: AppContext, request: FastifyRequest, search: T): Promise<{ scope: CorpReport; search: T; timeZone: string }> {
  const scope = corpReport(ctx, request);
  const timeZone = await corpTimeZone(ctx.db, scope.corpId);
  return { scope, search: windowInZone(search, timeZone), timeZone };
}

/** The dashboards' scope: the corp, or every corp for a supervisor without a working corp (the general dashboard). */
export function dashboardScope(ctx: AppContext, request: FastifyRequest): CorpData {
  return dataOf(ctx.db, principalOf(request), lookupBinding);
}

/** A whole number from a column drivers hand out as number, string (bigint, numeric) or null. */
export const int = (value: unknown): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n) : 0;
};
export const num = (value: unknown): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : num(value));

/** The extension or endpoint a channel name is on: 'PJSIP/2_201-0000001a' → '201', 'PJSIP/2_trunk-…' → 'trunk'. */
export function channelEndpoint(channel: string): string {
  const match = /^[^/]+\/(?:\d+_)?([^-@]+)/.exec(channel);
  return match ? match[1] : '';
}

/** A queue_log member name: an extension number, or an interface 'PJSIP/2_201' read as its number. */
export function agentOf(agent: string): string {
  if (!agent || agent === 'NONE') return '';
  return channelEndpoint(agent) || agent;
}
