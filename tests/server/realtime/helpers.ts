/**
 * The realtime service over the real simulator: manual driver, fixed seed, the simulator's virtual
 * clock as the service's clock, virtual timers, and an in-memory publish collector that checks on
 * every publish that nothing of another corp is in the payload.
 */
import { BehaviorSubject, Subject, filter, merge, type Observable } from 'rxjs';
import type { HubPushes, HubPushName } from '../../../domain';
import {
  createSimulator,
  MemoryRecordSink,
  type AriEvent,
  type CallCentreSimulator,
  type DialOutcome,
  type DialOutRequest,
  type OriginateRequest,
  type PauseRequest,
  type PbxMemberEvent,
  type PbxQueueMember,
  type PbxAdapter,
  type PbxSnapshot,
  type QueueMemberRequest,
  type RecordRequest,
  type RedirectRequest,
  type ConsultRequest,
  type CompleteTransferRequest,
  type SimCorp,
  type SpyRequest,
  type SimulatorOptions,
} from '../../../server/pbx';
import { createRealtimeService, type DirectoryCorp, type RealtimeOptions, type RealtimeService, type TimerHandle, type Timers } from '../../../server/realtime';

export function extensions(count: number, first = 1001) {
  return Array.from({ length: count }, (_, i) => ({ number: String(first + i), userName: `Agent ${i + 1}` }));
}

/** Timers on the simulator's clock: due callbacks run when the test advances. */
export class VirtualTimers implements Timers {
  private entries: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  constructor(private readonly now: () => number) {}
  setTimeout(fn: () => void, ms: number): TimerHandle {
    const entry = { at: this.now() + Math.max(0, ms), seq: this.seq++, fn };
    this.entries.push(entry);
    return entry;
  }
  clearTimeout(handle: TimerHandle): void {
    this.entries = this.entries.filter((e) => e !== handle);
  }
  /** runs every callback due by `time`, in order */
  run(time: number): void {
    for (;;) {
      const due = this.entries.filter((e) => e.at <= time).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) return;
      this.entries = this.entries.filter((e) => e !== due);
      due.fn();
    }
  }
  get size(): number {
    return this.entries.length;
  }
}

export interface Published<K extends HubPushName = HubPushName> {
  corpId: number;
  push: K;
  payload: HubPushes[K];
}

/** Every corpId found anywhere in a payload (nested lists included). */
export function corpIdsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) corpIdsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'corpId' && typeof v === 'number') out.add(v);
      else if (k !== 'event') corpIdsIn(v, out);
    }
  }
  return out;
}

/** Endpoint corp ids named in an ARI event (`PJSIP/{corpId}_...`, `Queue:{corpId}_...`, accountcode). */
export function corpsNamedInEvent(event: unknown): Set<number> {
  const out = new Set<number>();
  const text = JSON.stringify(event);
  for (const m of text.matchAll(/(?:PJSIP\/|Queue:|"resource":"|"aor":")(\d+)_/g)) out.add(Number(m[1]));
  for (const m of text.matchAll(/"accountcode":"(\d+)"/g)) out.add(Number(m[1]));
  for (const m of text.matchAll(/"context":"c(\d+)-/g)) out.add(Number(m[1]));
  return out;
}

export class Collector {
  readonly pushes: Published[] = [];
  readonly counts = new Map<string, number>();
  /** publishes whose payload named another corp than the one it was sent to */
  readonly leaks: string[] = [];
  total = 0;
  constructor(private readonly keep: (push: HubPushName) => boolean = (p) => p !== 'LogMon') {}

  readonly publish = <K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void => {
    this.total++;
    this.counts.set(push, (this.counts.get(push) ?? 0) + 1);
    const ids = corpIdsIn(payload);
    if (ids.size !== 1 || !ids.has(corpId)) this.leaks.push(`${push} to ${corpId}: corpIds ${[...ids].join(',')}`);
    if (push === 'LogMon') {
      const named = corpsNamedInEvent((payload as HubPushes['LogMon']).event);
      if ([...named].some((c) => c !== corpId)) this.leaks.push(`LogMon to ${corpId} names corps ${[...named].join(',')}`);
    }
    if (this.keep(push)) this.pushes.push({ corpId, push, payload } as Published);
  };

  of<K extends HubPushName>(push: K, corpId?: number): HubPushes[K][] {
    return this.pushes.filter((p) => p.push === push && (corpId === undefined || p.corpId === corpId)).map((p) => p.payload as HubPushes[K]);
  }

  clear(): void {
    this.pushes.length = 0;
  }
}

/** The simulator behind a switch: the test can cut the event stream and bring it back (a reconnect). */
export class SwitchableAdapter implements PbxAdapter {
  readonly events$: Observable<AriEvent>;
  readonly connected$: Observable<boolean>;
  readonly members$: Observable<PbxMemberEvent>;
  /** events the test injects (foreign or malformed ones) */
  readonly inject = new Subject<AriEvent>();
  private readonly up = new BehaviorSubject(false);
  private open = true;

  constructor(readonly sim: CallCentreSimulator) {
    this.events$ = merge(sim.events$.pipe(filter(() => this.open)), this.inject);
    this.members$ = sim.members$.pipe(filter(() => this.open));
    this.connected$ = this.up.asObservable();
  }

  disconnect(): void {
    this.open = false;
    this.up.next(false);
  }

  reconnect(): void {
    this.open = true;
    this.up.next(true);
  }

  snapshot(): Promise<PbxSnapshot> {
    return this.sim.snapshot();
  }
  hangup(channelId: string): Promise<void> {
    return this.sim.hangup(channelId);
  }
  originate(request: OriginateRequest): Promise<{ channelId: string }> {
    return this.sim.originate(request);
  }
  dialOut(request: DialOutRequest): Promise<{ outcome: DialOutcome; channelId?: string }> {
    return this.sim.dialOut(request);
  }
  addQueueMember(request: QueueMemberRequest): Promise<void> {
    return this.sim.addQueueMember(request);
  }
  removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void> {
    return this.sim.removeQueueMember(request);
  }
  queueMembers(): Promise<PbxQueueMember[]> {
    return this.sim.queueMembers();
  }
  pauseMember(request: PauseRequest): Promise<void> {
    return this.sim.pauseMember(request);
  }
  spy(request: SpyRequest): Promise<{ channelId: string }> {
    return this.sim.spy(request);
  }
  record(request: RecordRequest): Promise<void> {
    return this.sim.record(request);
  }
  redirect(request: RedirectRequest): Promise<void> {
    return this.sim.redirect(request);
  }
  consult(request: ConsultRequest): Promise<{ channelId: string }> {
    return this.sim.consult(request);
  }
  completeTransfer(request: CompleteTransferRequest): Promise<void> {
    return this.sim.completeTransfer(request);
  }
  async start(): Promise<void> {
    await this.sim.start();
    this.up.next(true);
  }
  async stop(): Promise<void> {
    await this.sim.stop();
    this.up.next(false);
  }
}

export function directoryOf(corps: SimCorp[]): DirectoryCorp[] {
  return corps.map((c) => ({
    corpId: c.corpId,
    extensions: c.extensions.map((e) => ({ ...e })),
    queues: c.queues.map((q) => ({ queueId: q.id, name: q.name, strategy: q.strategy, members: [...q.members], serviceLevelSec: q.serviceLevelSec ?? 60, wrapupSec: q.wrapupSec ?? 0 })),
  }));
}

export interface Harness {
  sim: CallCentreSimulator;
  sink: MemoryRecordSink;
  adapter: SwitchableAdapter;
  timers: VirtualTimers;
  collector: Collector;
  service: RealtimeService;
  directory: { list: DirectoryCorp[] };
  /** advances virtual time in steps (timers run after each step) */
  advance(ms: number, stepMs?: number): void;
  /** advances until done(); throws after maxMs of virtual time */
  advanceUntil(done: () => boolean, stepMs?: number, maxMs?: number): void;
}

export async function harness(
  sim: Partial<SimulatorOptions> & Pick<SimulatorOptions, 'corps'>,
  options: { keep?: (push: HubPushName) => boolean; service?: Partial<RealtimeOptions>; directory?: DirectoryCorp[] } = {},
): Promise<Harness> {
  const sink = new MemoryRecordSink();
  const simulator = createSimulator({ seed: 1, driver: 'manual', sink, recordings: false, ...sim });
  const adapter = new SwitchableAdapter(simulator);
  const now = () => simulator.now();
  const timers = new VirtualTimers(now);
  const collector = new Collector(options.keep);
  const directory = { list: options.directory ?? directoryOf(sim.corps) };
  const service = createRealtimeService({
    adapter,
    publish: collector.publish,
    directory: { corps: () => directory.list },
    now,
    timers,
    timeZone: 'UTC',
    ...options.service,
  });
  await service.start();
  await adapter.start();
  await service.whenSynced();
  const advance = (ms: number, stepMs = 100) => {
    const end = simulator.now() + ms;
    while (simulator.now() < end) {
      simulator.runUntil(Math.min(end, simulator.now() + stepMs));
      timers.run(simulator.now());
    }
  };
  const advanceUntil = (done: () => boolean, stepMs = 100, maxMs = 86_400_000) => {
    const limit = simulator.now() + maxMs;
    while (!done()) {
      if (simulator.now() >= limit) throw new Error(`condition not reached within ${maxMs} ms of simulated time`);
      advance(stepMs, stepMs);
    }
  };
  return { sim: simulator, sink, adapter, timers, collector, service, directory, advance, advanceUntil };
}

/** A compact line per kept push, for order assertions. */
export function pushLine(p: Published): string {
  const x = p.payload as unknown as Record<string, unknown>;
  switch (p.push) {
    case 'Ringing':
    case 'CallConnected':
      return `${p.push} ${String(x.caller)}->${String(x.receiver)}`;
    case 'Hangup':
      return `Hangup ${String(x.caller)}->${String(x.receiver)} cause ${String(x.cause)}`;
    case 'DeviceStateChanged':
      return `DeviceStateChanged ${String(x.number)} ${String(x.status)}`;
    case 'CallerInQueue':
      return `CallerInQueue q${String(x.queueId)} #${String(x.position)}`;
    case 'deleteCaller':
      return `deleteCaller q${String(x.queueId)} ${String(x.reason)}`;
    default:
      return p.push;
  }
}
