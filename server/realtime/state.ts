/**
 * The live state the realtime service keeps (the bottom of server/realtime: every other part reads
 * and writes these records; nothing here knows of ARI events or hub pushes).
 *
 * Per corp: its extensions, queues, contacts, channels and calls. Across corps: the bridges (a bridge
 * names no corp; it belongs to the corp of the channels that enter it), the last registration of every
 * extension endpoint, and the ids of channels destroyed lately.
 * Memory: finished calls and destroyed channels are removed; nothing grows with the number of calls.
 */
import { type AgentState, type ExtStatus, type LiveContact, type QueueCaller, type SpyMode } from '../../domain';
import { inCallStatus, type ShownCall } from '../../domain/extension-shown-status';
import type { DirectoryPauseReason, DirectoryQueue, DropReason, TimerHandle } from './types';

export interface ChannelRecord {
  id: string;
  corpId: number;
  name: string;
  state: string;
  callerNumber: string;
  connectedNumber: string;
  /** endpoint resource (`2_1001`, `2_trunk`), null when the name has none */
  endpoint: string | null;
  /** the part after `{corpId}_` */
  number: string | null;
  /** an extension's channel (a number of the directory, or digits), else a trunk or other */
  isExt: boolean;
  context: string;
  exten: string;
  app: string;
  created: number;
  /** when the channel was answered (state Up), null before */
  upAt: number | null;
  call: number | null;
  bridge: string | null;
  onHold: boolean;
  /** a hang-up was requested: the channel is going (it no longer makes its extension busy) */
  hangingUp: boolean;
  queued: number | null;
}

export interface CallRecord {
  key: number;
  /** the first channel's id: Asterisk's linkedid, the call's identity (domain callKey) */
  id: string;
  corpId: number;
  origin: string;
  channels: Set<string>;
  time: number;
  caller: string;
  dialed: string;
  /** the party rung last (before an answer) or connected */
  receiver: string | null;
  answeredAt: number | null;
  /** the two channels in conversation */
  talking: Set<string>;
  trunk: string | null;
  inbound: boolean;
  queueName: string | null;
  /** the queue the caller waited in (its agent rests after the call: wrap-up) */
  queueId: number | null;
  /** a supervisor's leg listening to an extension's call (ChanSpy, G-SPY-05) */
  spy: { number: string; mode: SpyMode } | null;
  /** the recording started on demand (G-REC), its name under the recordings folder; null when none */
  recording: string | null;
  ended: boolean;
}

export interface QueueRecord {
  cfg: DirectoryQueue;
  /** by caller channel id, in order of arrival */
  callers: Map<string, QueueCaller>;
  answered: number;
  abandoned: number;
  answeredWithinSl: number;
}

/**
 * What the browsers hold for an extension: the extension status reducer (domain/extension-shown-status.ts)
 * stepped over the pushes sent (browser-mirror.ts); its call is the internal key of the call, null when none.
 */
export type ShownExtension = ShownCall<number>;

export interface ExtensionRecord {
  corpId: number;
  number: string;
  userName: string;
  /** the phone is registered (its device is not unavailable): online when it has no channels */
  registered: boolean;
  /** the state derived from the extension's live channels (extension-status.ts) */
  status: ExtStatus;
  since: number;
  callStart: number | null;
  peer: string | null;
  /** internal key of the call `peer` belongs to */
  call: number | null;
  /** that call is a supervisor's leg listening to `peer` (ChanSpy, G-SPY-05): its mode, else null */
  listening: SpyMode | null;
  shown: ShownExtension;
}

/** An agent's state beside its phone's (agents.ts): what the PBX says of its pauses, the directory of its DND. */
export interface AgentRecord {
  number: string;
  dndSince: number | null;
  /** paused in these queues, by queue id */
  pauses: Map<number, { reason: string; since: number }>;
  wrapUp: { since: number; until: number } | null;
  wrapTimer: TimerHandle | null;
  /** what the browsers were told last */
  shown: AgentState;
}

export interface CorpState {
  corpId: number;
  /** agents with a state of their own (paused, DND, in wrap-up, or told so lately), by number */
  agents: Map<string, AgentRecord>;
  /** the corp's pause reasons by code (their names and maximums, for the wall) */
  pauseReasons: Map<string, DirectoryPauseReason>;
  exts: Map<string, ExtensionRecord>;
  queues: Map<number, QueueRecord>;
  contacts: Map<string, LiveContact>;
  channels: Map<string, ChannelRecord>;
  calls: Map<number, CallRecord>;
  /** channel ids by extension number (the channels an extension's state is derived from) */
  extChannels: Map<string, Set<string>>;
  /** extensions whose state may have changed while the current event was applied */
  dirty: Set<string>;
}

export interface BridgeRecord {
  corpId: number;
  channels: Set<string>;
}

const RECENT_LIMIT = 1024;

/** in a call: in use or on hold (the reducer's rule, domain inCallStatus) */
export const inCall = inCallStatus;

/** a number of the corp's directory, or digits (an extension the directory does not hold yet) */
export const isExtNumber = (number: string, corp: CorpState): boolean => corp.exts.has(number) || /^\d+$/.test(number);

/** the number a channel stands for: the extension, or the outside party */
export function partyNumber(rec: ChannelRecord): string {
  if (rec.isExt && rec.number) return rec.number;
  return rec.callerNumber || rec.exten || rec.name;
}

/** `sip:1001@10.2.0.10:5060;transport=udp` → address and port */
export function contactAddress(uri: string): { addr: string | null; port: number | null } {
  const m = /^sips?:(?:[^@]*@)?(\[[^\]]+\]|[^:;>]+)(?::(\d+))?/.exec(uri);
  return m ? { addr: m[1], port: m[2] ? Number(m[2]) : null } : { addr: null, port: null };
}

export class LiveState {
  readonly corps = new Map<number, CorpState>();
  readonly bridges = new Map<string, BridgeRecord>();
  /** last registration of the corps' extension endpoints, `{corpId}_{number}` (for extensions added later) */
  readonly registrations = new Map<string, boolean>();
  /** ids of channels destroyed lately: late events about them do not bring them back */
  readonly recent = new Set<string>();
  readonly dropped: Record<DropReason, number> = { unattributed: 0, conflict: 0, unknownCorp: 0, unknownQueue: 0, unknownChannel: 0, overflow: 0 };
  private callSeq = 0;

  nextCallKey(): number {
    return ++this.callSeq;
  }

  drop(reason: DropReason): void {
    this.dropped[reason]++;
  }

  remember(id: string): void {
    this.recent.add(id);
    if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.values().next().value as string);
  }

  addCorp(corpId: number): CorpState {
    const corp: CorpState = {
      corpId,
      agents: new Map(),
      pauseReasons: new Map(),
      exts: new Map(),
      queues: new Map(),
      contacts: new Map(),
      channels: new Map(),
      calls: new Map(),
      extChannels: new Map(),
      dirty: new Set(),
    };
    this.corps.set(corpId, corp);
    return corp;
  }

  removeCorp(corpId: number): void {
    this.corps.delete(corpId);
    for (const [id, b] of this.bridges) if (b.corpId === corpId) this.bridges.delete(id);
    const prefix = `${corpId}_`;
    for (const key of [...this.registrations.keys()]) if (key.startsWith(prefix)) this.registrations.delete(key);
  }

  /** the live channels of an extension */
  channelsOf(corp: CorpState, number: string): ChannelRecord[] {
    const ids = corp.extChannels.get(number);
    if (!ids) return [];
    const out: ChannelRecord[] = [];
    for (const id of ids) {
      const rec = corp.channels.get(id);
      if (rec) out.push(rec);
    }
    return out;
  }

  /** a channel joins the corp's state (and its extension's set) */
  addChannel(corp: CorpState, rec: ChannelRecord): void {
    corp.channels.set(rec.id, rec);
    if (rec.isExt && rec.number) {
      let set = corp.extChannels.get(rec.number);
      if (!set) {
        set = new Set();
        corp.extChannels.set(rec.number, set);
      }
      set.add(rec.id);
      corp.dirty.add(rec.number);
    }
  }

  /** a channel leaves the corp's state */
  removeChannel(corp: CorpState, rec: ChannelRecord): void {
    corp.channels.delete(rec.id);
    if (rec.isExt && rec.number) {
      const set = corp.extChannels.get(rec.number);
      set?.delete(rec.id);
      if (set && set.size === 0) corp.extChannels.delete(rec.number);
      corp.dirty.add(rec.number);
    }
    this.remember(rec.id);
  }

  /** the extension of a channel may have changed state */
  touch(corp: CorpState, rec: ChannelRecord): void {
    if (rec.isExt && rec.number) corp.dirty.add(rec.number);
  }

  sizes(): { corps: number; extensions: number; contacts: number; channels: number; calls: number; bridges: number; queueCallers: number; devices: number; recent: number } {
    const sizes = { corps: this.corps.size, extensions: 0, contacts: 0, channels: 0, calls: 0, bridges: this.bridges.size, queueCallers: 0, devices: this.registrations.size, recent: this.recent.size };
    for (const corp of this.corps.values()) {
      sizes.extensions += corp.exts.size;
      sizes.contacts += corp.contacts.size;
      sizes.channels += corp.channels.size;
      sizes.calls += corp.calls.size;
      for (const q of corp.queues.values()) sizes.queueCallers += q.callers.size;
    }
    return sizes;
  }
}
