/**
 * What sets the simulated call centre in motion: inbound calls per queue and extension calls per corp
 * as Poisson arrivals (optionally shaped by an hourly profile), and phones that unregister now and
 * then and come back.
 */
import { routesToQueue } from './routes';
import type { CorpState, ExtState, QueueState } from './state';
import type { Timer } from './scheduler';
import { HOUR, SEC, type SimWorld } from './world';

export interface GeneratorTargets {
  inboundCall(q: QueueState): void;
  randomDialCall(corp: CorpState, external: boolean): void;
}

export class Generators {
  constructor(
    private readonly w: SimWorld,
    private readonly targets: GeneratorTargets,
  ) {}

  start(corp: CorpState): void {
    for (const q of corp.queues.values()) this.scheduleArrival(q);
    this.scheduleDialGenerators(corp);
    for (const ext of corp.exts.values()) this.scheduleFlap(ext);
  }

  private rateFactor(time: number): { now: number; max: number } {
    const profile = this.w.traffic.hourlyProfile;
    if (!profile || profile.length !== 24) return { now: 1, max: 1 };
    return { now: profile[new Date(time).getUTCHours()], max: Math.max(...profile) };
  }

  /**
   * Poisson arrivals by thinning against the profile's peak rate. A rate given as a function is read
   * again for every gap (a queue sized from its members follows them); while it is 0 it is looked at
   * again every minute. A fixed rate of 0 schedules nothing.
   */
  private poisson(perHour: number | (() => number), fire: () => void, keep: (t: Timer) => void): void {
    const w = this.w;
    const { max } = this.rateFactor(w.now());
    const rate = typeof perHour === 'function' ? perHour() : perHour;
    const peak = rate * max;
    if (!(peak > 0)) {
      if (typeof perHour === 'function') keep(w.sched.after(60 * SEC, () => this.poisson(perHour, fire, keep)));
      return;
    }
    const gap = w.rng.exponential(HOUR / peak);
    keep(
      w.sched.after(gap, () => {
        const { now } = this.rateFactor(w.now());
        if (w.rng.float() < now / max) fire();
        this.poisson(perHour, fire, keep);
      }),
    );
  }

  /**
   * A queue's inbound calls per hour: its callsPerHour, or with the traffic's memberLoad, what keeps
   * its members that busy (members × load / mean handle time of an answered call).
   */
  private arrivalRate(q: QueueState): number {
    const t = this.w.traffic;
    if (!(t.memberLoad > 0)) return q.cfg.callsPerHour;
    const handleSec = (t.answerDelaySec[0] + t.answerDelaySec[1]) / 2 + t.talk.meanSec + (q.cfg.wrapupSec ?? t.wrapupSec);
    return (q.members.size * t.memberLoad * 3600) / Math.max(1, handleSec);
  }

  /**
   * A queue's callers. With the corp's routing (SimCorp.trunks), only while some trunk leads to it
   * (time conditions change that during the day): a queue nothing reaches gets no calls (H-WARM-02).
   */
  scheduleArrival(q: QueueState): void {
    const w = this.w;
    const routed = q.corp.cfg.trunks !== undefined;
    const sized = w.traffic.memberLoad > 0;
    const rate = () => (routed && routesToQueue(q.corp.cfg, q.cfg.id, w.now()).length === 0 ? 0 : sized ? this.arrivalRate(q) : q.cfg.callsPerHour);
    this.poisson(
      routed || sized ? rate : q.cfg.callsPerHour,
      () => this.targets.inboundCall(q),
      (t) => (q.arrivalTimer = t),
    );
  }

  /** the corp's internal and outbound calls (slots 0 and 1 of its timers) */
  scheduleDialGenerators(corp: CorpState): void {
    const keep = (slot: number) => (t: Timer) => (corp.timers[slot] = t);
    this.poisson(corp.cfg.internalCallsPerHour ?? 0, () => this.targets.randomDialCall(corp, false), keep(0));
    this.poisson(corp.cfg.outboundCallsPerHour ?? 0, () => this.targets.randomDialCall(corp, true), keep(1));
  }

  scheduleFlap(ext: ExtState, delayMs?: number): void {
    const w = this.w;
    ext.flapTimer?.cancel();
    if (ext.removed) return;
    let delay = delayMs;
    if (delay === undefined) {
      if (ext.registered) {
        // a desk phone off the floor stays registered (SimExtension.onFloor)
        if (!(w.traffic.unregisterPerHour > 0) || ext.cfg.onFloor === false) return;
        delay = w.rng.exponential(HOUR / w.traffic.unregisterPerHour);
      } else delay = w.rng.lognormal(w.traffic.offlineMeanMin * 60 * SEC, 0.5);
    }
    ext.flapTimer = w.sched.after(delay, () => {
      ext.flapTimer = null;
      if (ext.registered) {
        if (ext.channels.size > 0) return this.scheduleFlap(ext, 60 * SEC); // not in the middle of a call
        w.unregister(ext, w.rng.chance(0.5) ? 'Unreachable' : 'Removed');
      } else w.register(ext);
      this.scheduleFlap(ext);
    });
  }
}
