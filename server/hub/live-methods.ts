/**
 * The spec's hub methods (spec 1 §7, spec 3 §7; arguments in domain/realtime.ts) over an injected
 * LiveSource: GetAllExtensions, GetAllChannels, GetAllContacts, GetAllQueues answer by sending the
 * snapshot push to the caller and completing (GetAllExtensions sends the PBX's state first);
 * HangUp(caller, receiver, corpId?) hangs a call up.
 */
import type { z } from 'zod';
import {
  canAct,
  canAccess,
  defaultLiveActions,
  dndInput,
  pauseInput,
  queueLoginInput,
  recordInput,
  spyInput,
  transferInput,
  unpauseInput,
  type ActiveCall,
  type HubPushes,
  type LiveChannel,
  type LiveContact,
  type LiveExtension,
  type LiveQueue,
  type PbxState,
} from '../../domain';
import { picksWorkingCorp } from '../../domain/level-ceilings';
import { isKioskPrincipalId } from '../auth/kiosk-token';
import { ApiFailure } from '../errors';
import { HubError, type HubCallContext, type HubMethods, type HubPrincipal } from './hub-types';
import type { Actor, AgentActions, CallActions } from './live-contract';

/** The live state the methods read (per corp); built elsewhere from the PBX events. */
export interface LiveSource {
  getExtensions(corpId: number): Promise<LiveExtension[]> | LiveExtension[];
  getChannels(corpId: number): Promise<LiveChannel[]> | LiveChannel[];
  getContacts(corpId: number): Promise<LiveContact[]> | LiveContact[];
  getQueues(corpId: number): Promise<LiveQueue[]> | LiveQueue[];
  /** hangs up the call between caller and receiver; false when there is none */
  hangUp(corpId: number, caller: string, receiver: string): Promise<boolean> | boolean;
  /**
   * the corp's active calls (the ActiveCalls push after AllChannels, J-UX-03: a screen opened while calls
   * are in progress shows them at once instead of waiting for the next change); without it none is sent
   */
  getActiveCalls?(corpId: number): Promise<ActiveCall[]> | ActiveCall[];
  /** whether the PBX is reached now (the PbxStatus push before AllExtensions); without it none is sent */
  getPbxStatus?(corpId: number): Promise<{ state: PbxState; since: number }> | { state: PbxState; since: number };
}

export interface LiveMethodsOptions {
  /** server clock for the `ts` of snapshot pushes (default Date.now) */
  now?: () => number;
  /** the supervisor's hands (pause, log-in, DND); without them those methods answer 'unavailable' */
  agents?: AgentActions;
  /** and on live calls (spy, record, transfer) */
  calls?: CallActions;
}

/** corpId argument: a number or numeric string; missing/null means the caller's own corp. */
function corpArg(value: unknown, principal: HubPrincipal): number {
  if (value === undefined || value === null || value === '') return principal.corpId;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new HubError('Invalid corpId.');
  return n;
}

/**
 * Another corp's id is refused ('forbidden') unless the caller is level 1; a level-1 caller starts
 * watching that corp (receives its pushes) as a side effect.
 */
export function authorizeCorp(ctx: HubCallContext, value: unknown): number {
  const corpId = corpArg(value, ctx.principal);
  if (corpId === ctx.principal.corpId) return corpId;
  if (!picksWorkingCorp(ctx.principal.level)) throw new HubError('forbidden');
  ctx.watchCorp(corpId);
  return corpId;
}

/** The actions a connection may take: its role group's when known, else its level's. */
function actorOf(principal: HubPrincipal): Actor {
  return { userId: principal.userId, nick: principal.nick ?? String(principal.userId), level: principal.level, liveActions: principal.liveActions ?? defaultLiveActions(principal.level) };
}

/** Hanging up is an action on the floor of its own (G-PRM-01), as on the REST side. */
export function mayHangUp(principal: HubPrincipal): boolean {
  return canAct(actorOf(principal), 'hangUp');
}

/** The log monitor is a panel screen (spec 3 §2.3): 'panel' read when views are known; a kiosk screen never. */
export function mayMonitorLog(principal: HubPrincipal): boolean {
  if (principal.views) return canAccess({ level: principal.level, views: principal.views }, { view: 'panel', action: 'read' }) && !isKioskPrincipalId(principal.userId);
  return true;
}

function text(value: unknown, name: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.trim() === '' || value.length > 80) throw new HubError(`Invalid ${name}.`);
  return value.trim();
}

/** A hub call's arguments as the REST body of the same action, checked by the same schema. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HubError(result.error.issues[0]?.message ?? 'validation.invalid');
  return result.data;
}

/** An action's refusal as the hub reports it: its message key (the REST route answers the same key). */
async function asHub<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiFailure) throw new HubError(error.message);
    throw error;
  }
}

export function createLiveMethods(live: LiveSource, options: LiveMethodsOptions = {}): HubMethods {
  const now = options.now ?? Date.now;
  const agents = (): AgentActions => {
    if (!options.agents) throw new HubError('errors.pbxUnavailable');
    return options.agents;
  };
  const calls = (): CallActions => {
    if (!options.calls) throw new HubError('errors.pbxUnavailable');
    return options.calls;
  };
  function snapshot<K extends 'AllExtensions' | 'AllChannels' | 'AllContacts' | 'AllQueues'>(
    push: K,
    load: (corpId: number) => Promise<unknown[]> | unknown[],
    key: string,
  ) {
    return async (ctx: HubCallContext, corp?: unknown): Promise<void> => {
      const corpId = authorizeCorp(ctx, corp);
      const items = await load(corpId);
      ctx.send(push, { corpId, [key]: items, ts: now() } as unknown as HubPushes[K]);
    };
  }
  const extensions = snapshot('AllExtensions', (c) => live.getExtensions(c), 'extensions');
  const channels = snapshot('AllChannels', (c) => live.getChannels(c), 'channels');
  return {
    GetAllExtensions: async (ctx: HubCallContext, corp?: unknown): Promise<void> => {
      if (live.getPbxStatus) {
        const corpId = authorizeCorp(ctx, corp);
        const pbx = await live.getPbxStatus(corpId);
        ctx.send('PbxStatus', { corpId, state: pbx.state, since: pbx.since, ts: now() });
      }
      await extensions(ctx, corp);
    },
    GetAllChannels: async (ctx: HubCallContext, corp?: unknown): Promise<void> => {
      await channels(ctx, corp);
      // the active calls are a view of the channels: the same answer, so the list never opens empty (J-UX-03)
      if (live.getActiveCalls) {
        const corpId = authorizeCorp(ctx, corp);
        ctx.send('ActiveCalls', { corpId, calls: await live.getActiveCalls(corpId), ts: now() });
      }
    },
    GetAllContacts: snapshot('AllContacts', (c) => live.getContacts(c), 'contacts'),
    GetAllQueues: snapshot('AllQueues', (c) => live.getQueues(c), 'queues'),
    // B-LOG-05: the log monitor starts (and stops) its own feed; the corp is authorized like a snapshot's
    StartLogMonitor: (ctx: HubCallContext, corp?: unknown): void => {
      if (!mayMonitorLog(ctx.principal)) throw new HubError('forbidden');
      ctx.watchLog(authorizeCorp(ctx, corp));
    },
    StopLogMonitor: (ctx: HubCallContext): void => {
      ctx.watchLog(null);
    },
    HangUp: async (ctx: HubCallContext, caller?: unknown, receiver?: unknown, corp?: unknown): Promise<boolean> => {
      if (!mayHangUp(ctx.principal)) throw new HubError('forbidden');
      const corpId = authorizeCorp(ctx, corp);
      return live.hangUp(corpId, text(caller, 'caller'), text(receiver, 'receiver'));
    },
    PauseAgent: (ctx: HubCallContext, number?: unknown, queueId?: unknown, reason?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(pauseInput, { number, queueId, reason: reason ?? '' });
      return asHub(() => agents().pause(actorOf(ctx.principal), corpId, input));
    },
    UnpauseAgent: (ctx: HubCallContext, number?: unknown, queueId?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(unpauseInput, { number, queueId });
      return asHub(() => agents().unpause(actorOf(ctx.principal), corpId, input));
    },
    LoginAgent: (ctx: HubCallContext, number?: unknown, queueId?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(queueLoginInput, { number, queueId });
      return asHub(() => agents().login(actorOf(ctx.principal), corpId, input));
    },
    LogoutAgent: (ctx: HubCallContext, number?: unknown, queueId?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(queueLoginInput, { number, queueId });
      return asHub(() => agents().logout(actorOf(ctx.principal), corpId, input));
    },
    SetDnd: (ctx: HubCallContext, number?: unknown, on?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(dndInput, { number, on });
      return asHub(() => agents().setDnd(actorOf(ctx.principal), corpId, input));
    },
    SpyCall: (ctx: HubCallContext, number?: unknown, mode?: unknown, from?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(spyInput, { number, mode, from });
      return asHub(() => calls().spy(actorOf(ctx.principal), corpId, input));
    },
    RecordCall: (ctx: HubCallContext, number?: unknown, on?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      const input = parsed(recordInput, { number, on });
      return asHub(() => calls().record(actorOf(ctx.principal), corpId, input));
    },
    TransferCall: (ctx: HubCallContext, target?: unknown, to?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      // an extension number transfers its call; anything else names a waiting caller's channel
      const who = typeof target === 'string' && /^\d{1,10}$/.test(target) ? { number: target } : { callId: target };
      const input = parsed(transferInput, { ...who, to });
      return asHub(() => calls().transfer(actorOf(ctx.principal), corpId, input));
    },
    AttendedTransfer: (ctx: HubCallContext, number?: unknown, step?: unknown, to?: unknown, from?: unknown, corp?: unknown) => {
      const corpId = authorizeCorp(ctx, corp);
      // null and missing are the same for the optional arguments (a client passes null to reach corpId)
      const input = parsed(transferInput, { number, mode: 'attended', step, to: to ?? undefined, from: from ?? undefined });
      return asHub(() => calls().transfer(actorOf(ctx.principal), corpId, input));
    },
  };
}
