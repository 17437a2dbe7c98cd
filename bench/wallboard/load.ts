/**
 * The load: the server's own call-centre simulator, driven through its public settings
 * (SIM_CALLS_PER_HOUR per queue, SIM_TIME_FACTOR), and a hub client that counts what it pushes.
 *
 * The model. Every bench queue is a team of TEAM_SIZE extensions with one member rung at a time,
 * and every state change still comes from a simulated call: a queue call rings a member (RINGING),
 * is answered (INUSE), maybe held (ONHOLD, INUSE) and hung up (NOT_INUSE): about
 * STATE_CHANGES_PER_CALL DeviceStateChanged per call. Calls per hour are chosen so that the agents
 * are busy OCCUPANCY of the time in simulated time (the default talk time is 180 s); the time factor
 * then compresses simulated time until the calls, and so the state changes, come at the target
 * rate in real time. The demo corps run with the same settings (their teams are of a similar size).
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { TEAM_SIZE } from './seed';

/** DeviceStateChanged per queue call, measured with this model (ring, answer, 15 % hold, hangup, 10 % unanswered rings) */
export const STATE_CHANGES_PER_CALL = 3.3;
/** simulated seconds an agent is taken by one call: answer delay ~5 s + talk 180 s + hold 0.15 × 30 s */
export const AGENT_SECONDS_PER_CALL = 190;
/** share of the online agents busy on calls (the rest idle, so calls do not queue for long) */
export const OCCUPANCY = 0.6;
/** share of extensions registered (the simulator starts 10 % offline) */
export const ONLINE = 0.9;

export interface TrafficPlan {
  queues: number;
  /** SIM_CALLS_PER_HOUR: simulated calls per hour per queue */
  callsPerHour: number;
  /** SIM_TIME_FACTOR: simulated seconds per real second */
  timeFactor: number;
  /** expected real queue calls per second in the bench corp */
  callsPerSecond: number;
}

export function planTraffic(extensions: number, rate: number): TrafficPlan {
  const queues = Math.ceil(extensions / TEAM_SIZE);
  const callsPerHour = (3600 * TEAM_SIZE * ONLINE * OCCUPANCY) / AGENT_SECONDS_PER_CALL;
  const simulatedCallsPerSecond = (queues * callsPerHour) / 3600;
  const callsPerSecond = rate / STATE_CHANGES_PER_CALL;
  const timeFactor = callsPerSecond / simulatedCallsPerSecond;
  return { queues, callsPerHour: Math.round(callsPerHour * 100) / 100, timeFactor: Math.round(timeFactor * 100) / 100, callsPerSecond };
}

// ------------------------------------------------------------------ hub counter

const CALL_PUSHES = ['Ringing', 'CallConnected', 'Hangup'] as const;

interface Sample {
  /** receive time − payload ts (ms), server → Node client over the loopback */
  latencyMs: number;
}

/**
 * One SignalR client (the official @microsoft/signalr, JSON over WebSockets) in the bench corp's
 * group: counts DeviceStateChanged by second and by status, and the call pushes.
 */
export class HubCounter {
  private conn: HubConnection | null = null;
  private windowStart = 0;
  private windowEnd = Infinity;
  readonly perSecond = new Map<number, number>();
  readonly byStatus = new Map<number, number>();
  /** pushes other than DeviceStateChanged in the window, by name */
  readonly calls = new Map<string, number>();
  total = 0;
  private latencies: Sample[] = [];
  private snapshotSize = 0;

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly corpId: number,
  ) {}

  async start(): Promise<void> {
    const conn = new HubConnectionBuilder()
      .withUrl(`${this.base}/hub`, { accessTokenFactory: () => this.token, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    conn.on('DeviceStateChanged', (p: { corpId: number; status: number; ts: number }) => {
      if (p.corpId !== this.corpId) return;
      const now = Date.now();
      this.total++;
      const second = Math.floor(now / 1000);
      this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
      if (now >= this.windowStart && now < this.windowEnd) {
        this.byStatus.set(p.status, (this.byStatus.get(p.status) ?? 0) + 1);
        this.latencies.push({ latencyMs: now - p.ts });
      }
    });
    for (const name of CALL_PUSHES) {
      conn.on(name, (p: { corpId: number }) => {
        const now = Date.now();
        if (p.corpId === this.corpId && now >= this.windowStart && now < this.windowEnd) this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
      });
    }
    conn.on('AllExtensions', (p: { corpId: number; extensions: unknown[] }) => {
      if (p.corpId === this.corpId) this.snapshotSize = p.extensions.length;
    });
    // every other push: counted by name (what each client of the corp receives)
    for (const name of ['AllChannels', 'AllContacts', 'AllQueues', 'ActiveCalls', 'CallerInQueue', 'deleteCaller', 'LogMon', 'AllDash', 'Resync']) {
      conn.on(name, () => {
        const now = Date.now();
        if (now >= this.windowStart && now < this.windowEnd) this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
      });
    }
    await conn.start();
    this.conn = conn;
    await conn.invoke('GetAllExtensions', this.corpId).catch(() => undefined);
  }

  /** extensions in the hub's snapshot of the bench corp (GetAllExtensions) */
  get extensionsKnown(): number {
    return this.snapshotSize;
  }

  /** starts counting statuses, call pushes and latencies from now */
  openWindow(): void {
    this.windowStart = Date.now();
    this.windowEnd = Infinity;
    this.byStatus.clear();
    this.calls.clear();
    this.latencies = [];
  }

  closeWindow(): { seconds: number; deviceStates: number; perSecond: number; minSecond: number; maxSecond: number; byStatus: Record<string, number>; calls: Record<string, number>; latencies: number[] } {
    this.windowEnd = Date.now();
    const seconds = (this.windowEnd - this.windowStart) / 1000;
    let deviceStates = 0;
    for (const n of this.byStatus.values()) deviceStates += n;
    const full: number[] = [];
    for (let s = Math.ceil(this.windowStart / 1000); s < Math.floor(this.windowEnd / 1000); s++) full.push(this.perSecond.get(s) ?? 0);
    return {
      seconds,
      deviceStates,
      perSecond: deviceStates / seconds,
      minSecond: full.length ? Math.min(...full) : NaN,
      maxSecond: full.length ? Math.max(...full) : NaN,
      byStatus: Object.fromEntries([...this.byStatus].sort((a, b) => a[0] - b[0]).map(([k, v]) => [String(k), v])),
      calls: Object.fromEntries(this.calls),
      latencies: this.latencies.map((s) => s.latencyMs),
    };
  }

  /** DeviceStateChanged in the last `seconds` full seconds, per second */
  recentRate(seconds: number): number {
    const now = Math.floor(Date.now() / 1000);
    let n = 0;
    for (let s = now - seconds; s < now; s++) n += this.perSecond.get(s) ?? 0;
    return n / seconds;
  }

  async stop(): Promise<void> {
    await this.conn?.stop().catch(() => undefined);
  }
}
