/**
 * The campaign engine (C-DIA): runs in the live runtime of the instance that drives the PBX and dials
 * the numbers of every running campaign (`dialer.status = 'running'`, numbers in `dialer_number`)
 * through PbxAdapter.dialOut, within its window, at most its call limit at a time, each number up to
 * 1 + retries times with a pause between tries; a campaign whose numbers are all answered or failed
 * becomes 'finished'. The decisions are campaign-plan.ts; this file reads and writes the rows.
 *
 * All state is in the rows, so a restart goes on where it stopped. A number is claimed by a
 * conditional update (pending → dialing, only if still pending), so two engines on one database never
 * dial it twice at once; a number left 'dialing' by an engine that stopped is pending again once its
 * call has ended for certain (its timeout plus DIALER_STALE_GRACE_SEC).
 *
 * Ticks: every `tickMs`, and at once when the resource says a campaign changed (started, stopped,
 * edited) or a call of it ended (a slot is free). Another instance's start is seen at the next tick.
 */
import path from 'node:path';
import { and, asc, count, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Subscription } from 'rxjs';
import type { DialerStatus } from '../../domain';
import type { Db } from '../db/database';
import { corpZone } from '../corp-zone';
import { corp, dialer, dialerNumber, trunk } from '../db/schema';
import { PbxError, type DialOutcome, type DialOutRequest, type PbxAdapter } from '../pbx';
import type { CampaignControl } from './campaign-control';
import { afterAttempt, dialable, freeSlots, misconfigured, nextStep, retryCutoff, staleCutoff, type Campaign, type NumberCounts } from './campaign-plan';

export interface EngineClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: EngineClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface CampaignEngineLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
  info?(msg: string, data?: Record<string, unknown>): void;
}

export interface CampaignEngineOptions {
  db: Db;
  adapter: Pick<PbxAdapter, 'dialOut' | 'events$'>;
  /** the file store's root (DATA_DIR/sounds): a msg campaign's sound is `{root}/{corpId}/{sound}` */
  soundsRoot: string;
  clock?: EngineClock;
  /** how often running campaigns are looked at (default 5 s) */
  tickMs?: number;
  /** how long a campaign waits after the PBX could not take a call (default 30 s) */
  backoffMs?: number;
  log?: CampaignEngineLogger;
}

/** an answered call is counted live until its channel is destroyed, or at most this long (a lost event) */
const ANSWERED_MAX_MS = 4 * 3_600_000;
/** campaign channels destroyed lately: a destruction heard before the answer's outcome is still known */
const RECENT_MS = 60_000;

interface Live {
  dialerId: number;
  since: number;
}

export class CampaignEngine implements CampaignControl {
  private readonly db: Db;
  private readonly adapter: CampaignEngineOptions['adapter'];
  private readonly clock: EngineClock;
  private readonly tickMs: number;
  private readonly backoffMs: number;
  private readonly log: CampaignEngineLogger;
  /** numbers being dialled by this engine, per campaign */
  private readonly dialing = new Map<number, Set<number>>();
  /** answered calls still on the line, by channel id */
  private readonly answered = new Map<string, Live>();
  private readonly recentlyDestroyed = new Map<string, number>();
  private readonly backoff = new Map<number, number>();
  private readonly warned = new Set<string>();
  /** the rows being written for calls whose ringing ended */
  private readonly writes = new Set<Promise<void>>();
  private subscription: Subscription | null = null;
  private timer: unknown = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: CampaignEngineOptions) {
    this.db = options.db;
    this.adapter = options.adapter;
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.tickMs = options.tickMs ?? 5000;
    this.backoffMs = options.backoffMs ?? 30_000;
    this.log = options.log ?? { warn: () => undefined };
  }

  // ================================================================ CampaignControl

  changed(_dialerId: number): void {
    this.soon();
  }

  liveCalls(dialerId: number): number {
    let n = this.dialing.get(dialerId)?.size ?? 0;
    for (const live of this.answered.values()) if (live.dialerId === dialerId) n++;
    return n;
  }

  // ================================================================ lifecycle

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.subscription = this.adapter.events$.subscribe((event) => {
      if (event.type !== 'ChannelDestroyed') return;
      const id = event.channel.id;
      const live = this.answered.get(id);
      if (live) {
        this.answered.delete(id);
        this.soon();
      } else if (/\/trunk_/.test(event.channel.name)) this.recentlyDestroyed.set(id, this.clock.now());
    });
    this.soon();
  }

  /** stops dialling (calls in progress go on; their rows are settled when they end, or recovered later) */
  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.subscription = null;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** resolves when the current look and the outcomes of the calls that ended so far are written (tests) */
  async settled(): Promise<void> {
    while (this.writes.size > 0 || this.ticking) {
      await Promise.all([...this.writes]);
      await this.ticking;
    }
  }

  /** a look now (not through the clock: a change or a freed slot is acted on at once) */
  private soon(): void {
    if (this.stopped) return;
    void this.tick();
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
  }

  /** one look at every running campaign (serialised: a tick asked for meanwhile runs right after) */
  tick(): Promise<void> {
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.log.warn('dialer: campaign pass failed', { error: String(error) });
      } finally {
        this.ticking = null;
        if (!this.stopped) this.schedule(this.tickMs);
      }
    })();
    return this.ticking;
  }

  // ================================================================ one pass

  private async pass(): Promise<void> {
    if (this.stopped) return;
    const now = this.clock.now();
    this.prune(now);
    const rows = await this.db
      .select({
        id: dialer.id,
        corpId: dialer.corpId,
        action: dialer.action,
        queueId: dialer.queueId,
        trunkNumber: trunk.number,
        callLimit: dialer.callLimit,
        timeout: dialer.timeout,
        retries: dialer.retries,
        days: dialer.days,
        horaDesde: dialer.horaDesde,
        horaHasta: dialer.horaHasta,
        sound: dialer.sound,
        timeZone: corp.timeZone,
      })
      .from(dialer)
      .innerJoin(trunk, eq(trunk.id, dialer.trunkId))
      .innerJoin(corp, eq(corp.id, dialer.corpId))
      .where(eq(dialer.status, 'running' satisfies DialerStatus))
      .orderBy(asc(dialer.id));
    // each campaign's window is in its corp's zone (J-TZ-01)
    const campaigns: Campaign[] = rows.map((r) => ({ ...r, timeZone: corpZone(r.timeZone) }));
    for (const c of campaigns) {
      if (this.stopped) return;
      await this.recoverStale(c, now);
      const counts = await this.counts(c.id);
      const step = nextStep(c, counts, this.liveCalls(c.id), now, this.backoff.get(c.id) ?? 0);
      if (step.kind === 'finish') {
        await this.db
          .update(dialer)
          .set({ status: 'finished' satisfies DialerStatus })
          .where(and(eq(dialer.id, c.id), eq(dialer.status, 'running' satisfies DialerStatus)));
        this.log.info?.('dialer: campaign finished', { dialerId: c.id, ...counts });
        continue;
      }
      if (step.kind !== 'dial') continue;
      const problem = misconfigured(c);
      if (problem) {
        this.warnOnce(`${c.id}:${problem}`, `dialer: campaign ${c.id} cannot dial: ${problem}`);
        continue;
      }
      await this.dialSome(c, now);
    }
  }

  private async counts(dialerId: number): Promise<NumberCounts> {
    const rows = await this.db
      .select({ status: dialerNumber.status, n: count() })
      .from(dialerNumber)
      .where(eq(dialerNumber.dialerId, dialerId))
      .groupBy(dialerNumber.status);
    const counts: NumberCounts = { pending: 0, dialing: 0, answered: 0, failed: 0 };
    for (const r of rows) if (r.status in counts) counts[r.status as keyof NumberCounts] = Number(r.n);
    return counts;
  }

  /** numbers left 'dialing' by an engine that stopped mid-call go back to pending (never this engine's own) */
  private async recoverStale(c: Campaign, now: number): Promise<void> {
    const own = [...(this.dialing.get(c.id) ?? [])];
    const recovered = await this.db
      .update(dialerNumber)
      .set({ status: 'pending' })
      .where(
        and(
          eq(dialerNumber.dialerId, c.id),
          eq(dialerNumber.status, 'dialing'),
          or(isNull(dialerNumber.lastAttemptAt), lt(dialerNumber.lastAttemptAt, staleCutoff(now, c.timeout))),
          own.length > 0 ? notInArray(dialerNumber.id, own) : undefined,
        ),
      )
      .returning({ id: dialerNumber.id });
    if (recovered.length > 0) this.log.warn('dialer: numbers left dialing by a stopped instance are pending again', { dialerId: c.id, numbers: recovered.length });
  }

  /**
   * Claims numbers for the free slots and starts their calls. The campaign's row is locked meanwhile,
   * so engines that share the database count each other's claims (the 'dialing' rows) and keep to one
   * limit; a number is claimed only while still pending, so no two engines ever take the same one.
   */
  private async dialSome(c: Campaign, now: number): Promise<void> {
    const claimed = await this.db.transaction(async (tx) => {
      await tx.select({ id: dialer.id }).from(dialer).where(eq(dialer.id, c.id)).for('update');
      const [ringing] = await tx
        .select({ n: count() })
        .from(dialerNumber)
        .where(and(eq(dialerNumber.dialerId, c.id), eq(dialerNumber.status, 'dialing')));
      const slots = freeSlots(c.callLimit, this.liveCalls(c.id), Number(ringing?.n ?? 0));
      if (slots === 0) return [];
      const candidates = await tx
        .select({ id: dialerNumber.id })
        .from(dialerNumber)
        .where(
          and(
            eq(dialerNumber.dialerId, c.id),
            eq(dialerNumber.status, 'pending'),
            or(isNull(dialerNumber.lastAttemptAt), lte(dialerNumber.lastAttemptAt, retryCutoff(now))),
          ),
        )
        .orderBy(asc(dialerNumber.attempts), asc(dialerNumber.id))
        .limit(slots);
      if (candidates.length === 0) return [];
      // only numbers still pending become this engine's (another engine may have taken one meanwhile)
      return tx
        .update(dialerNumber)
        .set({ status: 'dialing', attempts: sql`${dialerNumber.attempts} + 1`, lastAttemptAt: new Date(now) })
        .where(
          and(
            inArray(
              dialerNumber.id,
              candidates.map((r) => r.id),
            ),
            eq(dialerNumber.status, 'pending'),
          ),
        )
        .returning({ id: dialerNumber.id, number: dialerNumber.number, attempts: dialerNumber.attempts });
    });
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      if (this.stopped) return;
      this.launch(c, row.id, row.number, row.attempts);
    }
  }

  private launch(c: Campaign, numberId: number, number: string, attempts: number): void {
    const own = this.dialing.get(c.id) ?? new Set<number>();
    own.add(numberId);
    this.dialing.set(c.id, own);
    const request: DialOutRequest = {
      corpId: c.corpId,
      campaignId: c.id,
      trunkNumber: c.trunkNumber,
      number: dialable(number),
      timeoutSec: c.timeout > 0 ? c.timeout : 30,
      then: c.action === 'msg' ? { kind: 'playback', soundPath: path.join(this.options.soundsRoot, String(c.corpId), c.sound) } : { kind: 'queue', queueId: c.queueId! },
    };
    const write = (outcome: () => Promise<void>) => {
      const done = outcome()
        .catch((error: unknown) => this.log.warn('dialer: outcome not written', { dialerId: c.id, numberId, error: String(error) }))
        .finally(() => {
          own.delete(numberId);
          if (own.size === 0 && this.dialing.get(c.id) === own) this.dialing.delete(c.id);
          this.writes.delete(done);
          this.soon();
        });
      this.writes.add(done);
    };
    this.adapter.dialOut(request).then(
      (result) => write(() => this.ended(c, numberId, attempts, result.outcome, result.channelId)),
      (error: unknown) => write(() => this.refused(c, numberId, attempts, error)),
    );
  }

  private async ended(c: Campaign, numberId: number, attempts: number, outcome: DialOutcome, channelId: string | undefined): Promise<void> {
    if (outcome === 'ANSWERED' && channelId && !this.recentlyDestroyed.has(channelId)) this.answered.set(channelId, { dialerId: c.id, since: this.clock.now() });
    await this.db
      .update(dialerNumber)
      .set({ status: afterAttempt(outcome, attempts, c.retries), lastResult: outcome })
      .where(and(eq(dialerNumber.id, numberId), eq(dialerNumber.status, 'dialing')));
  }

  /**
   * The PBX did not take the call. Unavailable (Asterisk down, not connected): the try does not count
   * and the campaign pauses a while. Stopped (the adapter went away mid-call): the row stays 'dialing'
   * and is recovered once that call has surely ended. Anything else (a number it refuses): a failed try.
   */
  private async refused(c: Campaign, numberId: number, attempts: number, error: unknown): Promise<void> {
    const code = error instanceof PbxError ? error.code : null;
    if (code === 'stopped') return;
    if (code === 'unavailable') {
      this.backoff.set(c.id, this.clock.now() + this.backoffMs);
      this.warnOnce(`${c.id}:unavailable`, 'dialer: the PBX cannot dial now, the campaign waits', { dialerId: c.id, error: String(error) });
      await this.db
        .update(dialerNumber)
        .set({ status: 'pending', attempts: Math.max(0, attempts - 1) })
        .where(and(eq(dialerNumber.id, numberId), eq(dialerNumber.status, 'dialing')));
      return;
    }
    this.log.warn('dialer: call refused by the PBX', { dialerId: c.id, numberId, error: String(error) });
    await this.ended(c, numberId, attempts, 'FAILED', undefined);
  }

  private prune(now: number): void {
    for (const [id, at] of this.recentlyDestroyed) if (now - at > RECENT_MS) this.recentlyDestroyed.delete(id);
    for (const [id, live] of this.answered) if (now - live.since > ANSWERED_MAX_MS) this.answered.delete(id);
    for (const [id, until] of this.backoff) if (until <= now) this.backoff.delete(id);
    // a campaign's warnings come again after a while (it may have been fixed and broken again)
    if (this.warned.size > 1000) this.warned.clear();
  }

  private warnOnce(key: string, msg: string, data?: Record<string, unknown>): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log.warn(msg, data);
  }
}

export function createCampaignEngine(options: CampaignEngineOptions): CampaignEngine {
  return new CampaignEngine(options);
}
