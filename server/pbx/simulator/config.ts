/** Inputs of the call-centre simulator and their defaults. */
import type { RecordSink } from '../records';

export const QUEUE_STRATEGIES = ['ringall', 'leastrecent', 'fewestcalls', 'random', 'rrmemory', 'linear'] as const;
export type QueueStrategy = (typeof QUEUE_STRATEGIES)[number];

export interface SimExtension {
  number: string;
  userName: string;
  /**
   * what a call to it does when nobody answers (spec 2: ring, followMe, voicemail, ...); 'voicemail'
   * sends the caller to the mailbox (C-VM). Absent: the caller hears the ringing end.
   */
  action?: string;
  /** what a call to it does while it is busy (followMe, voicemail, exTouch); 'voicemail' as above */
  onbusy?: string;
  /** do-not-disturb (extension.dnd_since set): not rung, a call to it is busy (G-AGS-03) */
  dnd?: boolean;
  /**
   * part of the simulated floor (default true): its phone goes offline now and then and it makes and
   * takes the floor's random calls. false: a desk phone the simulator's own traffic leaves alone
   * (always registered, never a random caller or callee); only commands ring it (originate,
   * click-to-call, transfers), so a demo's example call finds it free (H-WARM-04)
   */
  onFloor?: boolean;
}

/** A member paused before the simulator started (queue_member.paused after a restart, G-AGS-04). */
export interface SimMemberPause {
  reason: string;
  /** when the pause began (ms) */
  since: number;
}

/** The IVR in front of a queue (ivr_log, D-IST): its id and the digit of its option that leads to the queue. */
export interface SimQueueIvr {
  id: number;
  digit: string;
}

/** The poll a queue's callers answer after the agent ends the call (poll_answer, D-PST). */
export interface SimQueuePoll {
  id: number;
  /** question ids in the order they are asked (order_sequencial) */
  questions: number[];
}

export interface SimQueue {
  id: number;
  name: string;
  strategy: QueueStrategy;
  /** member extension numbers, in order (linear, rrmemory) */
  members: string[];
  /** members paused when the configuration was read, by number */
  paused?: Record<string, SimMemberPause>;
  /** service-level threshold (s); carried for consumers, Asterisk's default 60 */
  serviceLevelSec?: number;
  /** inbound calls per hour (Poisson), before the hourly profile */
  callsPerHour: number;
  /** the DID callers dial without the corp's routing (default `4000{id}`; with it, the trunk's number) */
  did?: string;
  /** how long one member rings (s), default 15 */
  ringTimeoutSec?: number;
  /** pause between ring attempts (s), default 5 */
  retrySec?: number;
  /** member rest after a call (s); default the traffic's wrapupSec (0) */
  wrapupSec?: number;
  /** queue timeout (s) → EXITWITHTIMEOUT; 0 = none (default) */
  maxWaitSec?: number;
  /** mean IVR time before the queue (s); 0 = no IVR; default 8 */
  ivrSec?: number;
  /** the configured IVR that leads here: callers' choices are logged (needs ivrSec > 0) */
  ivr?: SimQueueIvr | null;
  /** the queue's poll (queue.poll_id) */
  poll?: SimQueuePoll | null;
}

/** A trunk as the dialplan reads it (C-TRK): its number is the DID callers dial; `action` a destination (domain/destinations.ts). */
export interface SimTrunk {
  number: string;
  action: string;
  outgoing: boolean;
  preference: boolean;
  enabled: boolean;
  /**
   * The carrier server its calls come from (trunk.server_id). Asterisk identifies a carrier's call by
   * the server's address, so a call to any trunk of that carrier arrives on the first of the carrier's
   * trunk endpoints, perhaps another corp's (routes.ts arrivalTrunk). Absent: on its own endpoint.
   */
  carrier?: string;
}

/** A time condition (C-TC): the first option whose days and hours hold now, else the default action. */
export interface SimTimeCondition {
  id: number;
  defaultAction: string;
  options: { from: string; to: string; days: string; action: string }[];
}

/** An IVR's options: [option0 (no key), option1 .. option9], destinations. */
export interface SimIvr {
  id: number;
  options: string[];
}

export interface SimCorp {
  corpId: number;
  /**
   * The corp's routing as Asterisk runs it (H-WARM-02). Given (the live directory always gives it):
   * inbound calls arrive on the trunks' numbers and follow their actions (time conditions in
   * `timeZone`, IVRs), so a queue no trunk reaches gets no calls, and calls out leave by the
   * preferred outgoing trunk (none: no calls out). Absent (a corp built by hand in a test): every
   * queue is reached on the made-up trunk `trunk` by its `did`, as before.
   */
  trunks?: SimTrunk[];
  times?: SimTimeCondition[];
  ivrs?: SimIvr[];
  /** enabled SIP routes (C-SIP) whose trunk is enabled: a number a pattern takes leaves translated by that trunk */
  routes?: { pattern: string; translation: string; trunkNumber: string }[];
  /** the zone time conditions are read in; absent: UTC */
  timeZone?: string;
  extensions: SimExtension[];
  queues: SimQueue[];
  /** extension-to-extension calls per hour for the whole corp (default 0) */
  internalCallsPerHour?: number;
  /** extension-to-outside calls per hour for the whole corp (default 0) */
  outboundCallsPerHour?: number;
  /** the trunk's endpoint name (default `{corpId}_trunk`) */
  trunk?: string;
}

export interface Duration {
  distribution: 'exponential' | 'lognormal';
  /** mean in seconds */
  meanSec: number;
  /** log-normal shape (default 0.6) */
  sigma?: number;
}

export interface TrafficOptions {
  /** how long a caller waits in the queue before hanging up */
  patience: Duration;
  /** queue call talk time */
  talk: Duration;
  internalTalk: Duration;
  outboundTalk: Duration;
  /** probability that a rung member answers (else the ring times out) */
  answerProbability: number;
  /** a member answers after uniform [min, max] seconds (kept under the ring timeout) */
  answerDelaySec: [number, number];
  /** probability that an answered call has one hold */
  holdProbability: number;
  holdMeanSec: number;
  /** probability that the agent (not the caller) ends an answered call */
  agentHangsUpProbability: number;
  /** 24 multipliers of the arrival rates by UTC hour (default flat) */
  hourlyProfile: number[] | null;
  /**
   * offered load per queue member (Erlangs). When > 0, a queue's inbound calls are sized from the
   * members it has at each arrival: calls per hour = members × memberLoad × 3600 / the mean handle
   * time (answer delay, talk, wrap-up), in place of its callsPerHour; so every team of the floor is
   * about as busy whatever its size. 0 (default): each queue's callsPerHour.
   */
  memberLoad: number;
  /** a member's rest after a queue call (s) when the queue sets none (default 0) */
  wrapupSec: number;
  /** share of extensions offline at start */
  offlineAtStart: number;
  /** per registered extension, unregistrations per hour */
  unregisterPerHour: number;
  /** mean minutes an extension stays offline */
  offlineMeanMin: number;
  /** internal calls: probability the callee answers */
  internalAnswerProbability: number;
  /** outbound calls: outcome probabilities (the rest is no answer) */
  outboundAnswerProbability: number;
  outboundBusyProbability: number;
  /** originate: the first leg answers after this many seconds */
  originateAnswerSec: number;
  /**
   * campaign calls (dialOut): the shares that answer, are busy and fail (congestion, unreachable);
   * the rest rings until the campaign's timeout
   */
  campaignAnswerProbability: number;
  campaignBusyProbability: number;
  campaignFailedProbability: number;
  /** a campaign callee who answers does so after a log-normal delay with this mean (s) */
  campaignAnswerMeanSec: number;
  /** share of campaign callees who hang up before the message ends */
  campaignEarlyHangupProbability: number;
  /** the message's length when its file cannot be read (s) */
  campaignSoundSec: number;
  /** IVR walks: the caller first lets the menu time out ('t') / first presses a key with no option ('i') */
  ivrTimeoutProbability: number;
  ivrInvalidProbability: number;
  /** a caller sent to a mailbox leaves a message (else hangs up at the greeting) */
  voicemailLeaveProbability: number;
  /** message length */
  voicemailMessage: Duration;
  /** polls: the caller stays for the first question when the agent ends the call; then for each next one */
  pollStartProbability: number;
  pollContinueProbability: number;
  /** seconds per question (prompt and key) */
  pollQuestionSec: number;
}

export const DEFAULT_TRAFFIC: TrafficOptions = {
  patience: { distribution: 'exponential', meanSec: 90 },
  talk: { distribution: 'lognormal', meanSec: 180, sigma: 0.6 },
  internalTalk: { distribution: 'lognormal', meanSec: 90, sigma: 0.7 },
  outboundTalk: { distribution: 'lognormal', meanSec: 150, sigma: 0.7 },
  answerProbability: 0.9,
  answerDelaySec: [2, 8],
  holdProbability: 0.15,
  holdMeanSec: 30,
  agentHangsUpProbability: 0.5,
  hourlyProfile: null,
  memberLoad: 0,
  wrapupSec: 0,
  offlineAtStart: 0.1,
  unregisterPerHour: 0.05,
  offlineMeanMin: 20,
  internalAnswerProbability: 0.8,
  outboundAnswerProbability: 0.7,
  outboundBusyProbability: 0.1,
  originateAnswerSec: 2,
  // an outbound campaign over a consumer list: about half pick up, a quarter ring out
  campaignAnswerProbability: 0.55,
  campaignBusyProbability: 0.15,
  campaignFailedProbability: 0.05,
  campaignAnswerMeanSec: 8,
  campaignEarlyHangupProbability: 0.2,
  campaignSoundSec: 15,
  ivrTimeoutProbability: 0.06,
  ivrInvalidProbability: 0.04,
  voicemailLeaveProbability: 0.7,
  voicemailMessage: { distribution: 'lognormal', meanSec: 22, sigma: 0.5 },
  pollStartProbability: 0.8,
  pollContinueProbability: 0.9,
  pollQuestionSec: 6,
};

/**
 * The floors the demo server can run (SIM_TRAFFIC), as overrides of DEFAULT_TRAFFIC.
 *
 * quiet: the model's defaults and a fixed rate per queue (the server's SIM_CALLS_PER_HOUR, 30):
 * acme's 36 queue agents are about 15 % busy and callers seldom wait.
 *
 * busy (the server's default): a working floor. Each queue gets the calls that offer 0.85 Erlang
 * per member: with a handle time of 5 s answer + 180 s talk + 10 s wrap-up = 195 s that is
 * 12 × 0.85 × 3600 / 195 ≈ 188 calls/h for acme's Sales, 251 for Support (16) and 126 for
 * Billing (8). Callers' patience is exponential with a 3 min mean, so some give up
 * (P(abandon) ≈ E[min(wait, patience)] / 180 s) and the load carried is a little under the load
 * offered. Erlang-A (M/M/n+M with these means) gives occupancy 0.78-0.81, P(abandon) 0.05-0.09 and
 * 3 or more callers waiting (the wallboard's default warning) 8-9 % of the time; the simulation
 * (log-normal talk, rings that go unanswered, phones that flap) measures an occupancy of talk, hold
 * and wrap-up over logged-in time of 0.77-0.78 (seeds 1-3), 7-11 % abandoned, 3 or more waiting
 * 3-14 % of the time per queue and the longest wait past 60 s 1-7 %: queues cross their warning
 * thresholds and come back, seldom critical (tests/server/simulator-occupancy.test.ts).
 * At that load a 12-agent team answers some 75-80 % of its callers within 30 s, right at the 80 %
 * warning, hence the demo's service levels of 60 s or more.
 */
export const TRAFFIC_PRESET_NAMES = ['busy', 'quiet'] as const;
export type TrafficPreset = (typeof TRAFFIC_PRESET_NAMES)[number];

export const TRAFFIC_PRESETS: Record<TrafficPreset, Partial<TrafficOptions>> = {
  quiet: {},
  busy: {
    memberLoad: 0.85,
    wrapupSec: 10,
    patience: { distribution: 'exponential', meanSec: 180 },
  },
};

export function isTrafficPreset(value: string): value is TrafficPreset {
  return (TRAFFIC_PRESET_NAMES as readonly string[]).includes(value);
}

export interface SimulatorLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
}

export interface SimulatorOptions {
  seed: number;
  corps: SimCorp[];
  /**
   * 'manual': the clock moves only with advance()/runUntil() (tests);
   * 'realtime' (default): start() paces the virtual clock to the wall clock times timeFactor.
   */
  driver?: 'manual' | 'realtime';
  /** virtual seconds per real second (realtime driver), default 1 */
  timeFactor?: number;
  /** virtual start (ms since epoch); default Date.now() for realtime, 2024-05-01T08:00:00Z for manual */
  startTime?: number;
  traffic?: Partial<TrafficOptions>;
  sink?: RecordSink;
  /** write a WAV per answered call (default true) */
  recordings?: boolean;
  /** ARI `application` of every event (default 'callboard') */
  application?: string;
  /** ARI `asterisk_id` (default '52:54:00:ca:11:b0') */
  asteriskId?: string;
  log?: SimulatorLogger;
  /**
   * H-WARM-01: the simulation begins this long before `startTime` and runs up to it (warmUp(), or at
   * start()) before anyone sees an event, so the floor starts in its steady state: calls in progress
   * with the elapsed times they would have, callers waiting. The warm-up writes no records (a call in
   * progress at the start writes its own when it ends). Default 0 (an empty floor at start).
   */
  warmUpMs?: number;
}

export const MANUAL_START = Date.UTC(2024, 4, 1, 8, 0, 0);
