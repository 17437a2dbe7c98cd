/**
 * The hub's connections and groups: who is connected, by connection id and by token, and which groups
 * each belongs to (its corp, its corp's panels unless it is a kiosk screen, level 1's watched corp, a
 * corp's log feed). The state the rest of the hub
 * works on; nothing here sends.
 */
import type { WebSocket } from 'ws';
import { canAccess, defaultViews, KIOSK_FLEET_ACCESS, PANEL_ONLY_PUSHES } from '../../domain';
import { picksWorkingCorp } from '../../domain/level-ceilings';
import { isKioskPrincipalId } from '../auth/kiosk-token';
import { HubError, type HubCallContext, type HubCounters, type HubPrincipal } from './hub-types';

/** records broadcast to a group in one tick, shared by its members' queues (serialised once) */
export interface Batch {
  id: number;
  records: string[];
  buffer: Buffer | null;
}
/** what only one connection gets (a completion, a private push, a ping) */
export interface PrivatePart {
  text: string;
  count: number;
}
export type Part = Batch | PrivatePart;

export function isBatch(part: Part): part is Batch {
  return (part as Batch).records !== undefined;
}

export interface Connection {
  id: string;
  token: string;
  principal: HubPrincipal;
  ws: WebSocket;
  handshaken: boolean;
  closed: boolean;
  openedAt: number;
  lastReceived: number;
  lastSent: number;
  /** when the last frame of queued records went, performance.now() (Outbox paces them: minFrameIntervalMs) */
  lastFrameAt: number;
  inbuf: string;
  parts: Part[];
  /**
   * Bytes of parts[0 .. sizedParts) already counted into sizedBytes, so the slow-consumer check
   * sizes only what was queued since the last check instead of walking the whole queue each flush.
   */
  sizedParts: number;
  sizedBytes: number;
  /** corp groups joined: own corp first, then the watched corp */
  groups: Set<number>;
  watched: number | null;
  /** the corp whose log feed this connection receives (B-LOG-05), null for none */
  logWatched: number | null;
  ctx: HubCallContext;
}

/** A connection as it is accepted: not handshaken, in no group, its call context still to be set. */
export function newConnection(ws: WebSocket, id: string, token: string, principal: HubPrincipal, now: number): Connection {
  return {
    id,
    token,
    principal,
    ws,
    handshaken: false,
    closed: false,
    openedAt: now,
    lastReceived: now,
    lastSent: now,
    lastFrameAt: -Infinity,
    inbuf: '',
    parts: [],
    sizedParts: 0,
    sizedBytes: 0,
    groups: new Set(),
    watched: null,
    logWatched: null,
    ctx: undefined as unknown as HubCallContext,
  };
}

export interface Group {
  members: Set<Connection>;
  open: Batch | null;
}

/** The push that goes to log-feed groups only (B-LOG-05). */
export const LOG_PUSH = 'LogMon';
/** A corp's log-feed group shares the groups map under a negative key (corp ids are ≥ 0). */
export const logGroupKey = (corpId: number): number => -1 - corpId;
const PANEL_ONLY = new Set<string>(PANEL_ONLY_PUSHES);
/** A corp's panel group (every connection of the corp but its kiosk screens): below the log keys (corp ids are 32-bit). */
export const panelGroupKey = (corpId: number): number => -(2 ** 32) - corpId;

/** H-FLEET-02: the push that goes to a corp's connections that may read kiosk screens (its fleet group) only. */
export const FLEET_PUSH = 'KioskAlert';
/** A corp's fleet group: below the panel keys. */
export const fleetGroupKey = (corpId: number): number => -(2 ** 33) - corpId;
/** Whether a connection hears of the corp's TVs going dark: a user (never a TV) who may read kiosk screens. */
function watchesFleet(principal: HubPrincipal): boolean {
  return !isKioskPrincipalId(principal.userId) && canAccess({ level: principal.level, views: principal.views ?? defaultViews(principal.level) }, KIOSK_FLEET_ACCESS);
}

/** The hub's counters, behind one holder: resetting replaces the object the getter hands out. */
export interface CounterHolder {
  c: HubCounters;
}

export class ConnectionTable {
  readonly connections = new Map<string, Connection>();
  readonly byToken = new Map<string, Connection>();
  /** corp groups (key = corpId), panel groups (panelGroupKey) and log-feed groups (logGroupKey), both negative */
  readonly groups = new Map<number, Group>();

  constructor(private readonly stats: CounterHolder) {}

  corpGroups(): number[] {
    return [...this.groups.keys()].filter((key) => key >= 0);
  }

  /** the group a push for a corp goes to (LogMon: the corp's log feed; what no kiosk board reads: its panels) */
  groupFor(corpId: number, push: string): Group | undefined {
    if (push === FLEET_PUSH) return this.groups.get(fleetGroupKey(corpId));
    return this.groups.get(push === LOG_PUSH ? logGroupKey(corpId) : PANEL_ONLY.has(push) ? panelGroupKey(corpId) : corpId);
  }

  /** a handshaken connection joins its corp's pushes (and, unless it is a kiosk screen, its panels' ones) */
  joinCorp(conn: Connection, corpId: number): void {
    this.join(conn, corpId);
    if (!isKioskPrincipalId(conn.principal.userId)) this.join(conn, panelGroupKey(corpId));
    if (watchesFleet(conn.principal)) this.join(conn, fleetGroupKey(corpId));
  }

  leaveCorp(conn: Connection, corpId: number): void {
    this.leave(conn, corpId);
    this.leave(conn, panelGroupKey(corpId));
    this.leave(conn, fleetGroupKey(corpId));
  }

  add(conn: Connection): void {
    this.connections.set(conn.id, conn);
    this.byToken.set(conn.token, conn);
    this.stats.c.accepted++;
  }

  join(conn: Connection, key: number): void {
    let group = this.groups.get(key);
    if (!group) {
      group = { members: new Set(), open: null };
      this.groups.set(key, group);
    }
    // records already batched this tick were meant for the members before this one
    group.open = null;
    group.members.add(conn);
    conn.groups.add(key);
  }

  leave(conn: Connection, key: number): void {
    const group = this.groups.get(key);
    conn.groups.delete(key);
    if (!group) return;
    group.members.delete(conn);
    if (group.members.size === 0) this.groups.delete(key);
  }

  watchCorp(conn: Connection, corpId: number | null): void {
    if (!picksWorkingCorp(conn.principal.level)) throw new HubError('forbidden');
    if (conn.watched === corpId) return;
    if (conn.watched !== null && conn.watched !== conn.principal.corpId) this.leaveCorp(conn, conn.watched);
    conn.watched = corpId;
    if (corpId !== null && !conn.groups.has(corpId)) this.joinCorp(conn, corpId);
  }

  watchLog(conn: Connection, corpId: number | null): void {
    if (conn.logWatched === corpId) return;
    if (conn.logWatched !== null) this.leave(conn, logGroupKey(conn.logWatched));
    conn.logWatched = corpId;
    if (corpId !== null) this.join(conn, logGroupKey(corpId));
  }

  /** the connection is gone: out of its groups and the maps (its queue is emptied by the caller) */
  remove(conn: Connection): boolean {
    if (conn.closed) return false;
    conn.closed = true;
    for (const key of [...conn.groups]) this.leave(conn, key);
    this.connections.delete(conn.id);
    this.byToken.delete(conn.token);
    if (conn.handshaken) this.stats.c.connections--;
    return true;
  }

  connectionCount(corpId?: number): number {
    return corpId === undefined ? this.stats.c.connections : (this.groups.get(corpId)?.members.size ?? 0);
  }
}
