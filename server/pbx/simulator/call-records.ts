/**
 * What the simulated calls leave behind, in the shapes Asterisk writes (server/pbx/records.ts): cdr
 * rows with their MixMonitor recordings, queue_log rows, and the rows of callers' IVR choices, poll
 * answers and voicemail messages. A sink that fails is logged; the calls go on.
 */
import { NULL_SINK, type CdrDisposition, type CdrRow, type MemberPauseRow, type QueueLogEvent, type RecordSink, type VoicemailRow } from '../records';
import type { SimulatorLogger } from './config';
import type { Call, QueueState, SimChannel } from './state';
import { toneWav } from './wav';
import { SEC } from './world';

export interface CdrFields {
  src: string;
  clid: string;
  dst: string;
  dcontext: string;
  channel: SimChannel;
  dstchannel: string;
  lastapp: string;
  lastdata: string;
  disposition: CdrDisposition;
  /** the answer time when it is not the call's (a call answered before it reached its agent) */
  answeredAt?: number | null;
  /** the record's start when it is not the call's (the second record of a call that went on to a mailbox) */
  startedAt?: number;
  userfield?: string;
}

const DISPOSITION_RANK: Partial<Record<CdrDisposition, number>> = { ANSWERED: 4, BUSY: 3, 'NO ANSWER': 2, FAILED: 1 };

/**
 * Of two records of one channel, the one migration 0017's trigger keeps (cdr_disposition_rank):
 * answered before busy before no answer before failed, then the longer billed time, then the later; a
 * recording named by either stays.
 */
export function keptCdr(earlier: CdrRow, later: CdrRow): CdrRow {
  const rank = (r: CdrRow) => DISPOSITION_RANK[r.disposition] ?? 0;
  const keepEarlier = rank(later) < rank(earlier) || (rank(later) === rank(earlier) && later.billsec < earlier.billsec);
  const kept = keepEarlier ? earlier : later;
  const other = keepEarlier ? later : earlier;
  return kept.recordingfile === '' && other.recordingfile !== '' ? { ...kept, recordingfile: other.recordingfile } : kept;
}

export class CallRecords {
  private cdrSequence = 0;
  /**
   * While set, nothing is written (the simulator's warm-up, H-WARM-01: the minutes before a start are
   * the previous run's or the backfill's; a restart must not write them twice). A call in progress at
   * the start writes its rows when it ends.
   */
  muted = false;
  private wav: Uint8Array | null = null;

  constructor(
    private readonly now: () => number,
    private readonly sink: RecordSink = NULL_SINK,
    private readonly log: SimulatorLogger = { warn: () => undefined },
  ) {}

  /** app_queue's realtime write-back of a member's pause */
  memberPause(row: MemberPauseRow): void {
    this.safe('writeMemberPause', () => this.sink.writeMemberPause(row));
  }

  private safe(what: string, fn: () => void | Promise<void>): void {
    if (this.muted) return;
    try {
      const r = fn();
      if (r && typeof (r as Promise<void>).catch === 'function') (r as Promise<void>).catch((error: unknown) => this.log.warn(`simulator: ${what} failed`, { error: String(error) }));
    } catch (error) {
      this.log.warn(`simulator: ${what} failed`, { error: String(error) });
    }
  }

  queueLog(q: QueueState, callid: string, agent: string, event: QueueLogEvent, data: (string | number)[] = []): void {
    this.queueLogOf(q.corp.corpId, q.name, callid, agent, event, data);
  }

  /** a row of no queue (queuename NONE: PAUSEALL, UNPAUSEALL), or of a queue by name */
  queueLogOf(corpId: number, queuename: string, callid: string, agent: string, event: QueueLogEvent, data: (string | number)[] = []): void {
    const d = data.map(String);
    const row = {
      corpId,
      time: new Date(this.now()),
      callid,
      queuename,
      agent,
      event,
      data1: d[0] ?? '',
      data2: d[1] ?? '',
      data3: d[2] ?? '',
      data4: d[3] ?? '',
      data5: d[4] ?? '',
    };
    this.safe('writeQueueLog', () => this.sink.writeQueueLog(row));
  }

  /**
   * A call's record, written. When a transfer moved the channel after Asterisk had closed a record for
   * it (call.priorCdr, same channel), only one of the two is kept, as migration 0017 keeps Asterisk's.
   */
  cdr(call: Call, o: CdrFields): void {
    let row = this.row(call, o);
    const prior = call.priorCdr;
    if (prior && prior.uniqueid === row.uniqueid) {
      call.priorCdr = undefined;
      row = keptCdr(prior, row);
    }
    this.write(row);
  }

  /** a record as it would be written now, not written (the first part of a call a transfer moves on) */
  row(call: Call, o: CdrFields): CdrRow {
    const end = this.now();
    const start = o.startedAt ?? call.startedAt;
    const answer = o.disposition === 'ANSWERED' ? (o.answeredAt !== undefined ? o.answeredAt : call.answeredAt) : null;
    return {
      corpId: call.corp.corpId,
      calldate: new Date(start),
      clid: o.clid,
      src: o.src,
      dst: o.dst,
      dcontext: o.dcontext,
      channel: o.channel.name,
      dstchannel: o.dstchannel,
      lastapp: o.lastapp,
      lastdata: o.lastdata,
      start: new Date(start),
      answer: answer === null ? null : new Date(answer),
      end: new Date(end),
      duration: Math.round((end - start) / SEC),
      billsec: answer === null ? 0 : Math.round((end - answer) / SEC),
      disposition: o.disposition,
      amaflags: 'DOCUMENTATION',
      accountcode: String(call.corp.corpId),
      uniqueid: o.channel.id,
      linkedid: o.channel.id,
      userfield: o.userfield ?? '',
      peeraccount: '',
      sequence: ++this.cdrSequence,
      recordingfile: answer === null ? '' : call.recording,
    };
  }

  private write(row: CdrRow): void {
    this.safe('writeCdr', () => this.sink.writeCdr(row));
    if (row.recordingfile) {
      this.wav ??= toneWav(1);
      const wav = this.wav;
      this.safe('writeRecording', () => this.sink.writeRecording(row.recordingfile, wav));
    }
  }

  ivrChoice(corpId: number, ivrId: number, at: number, caller: SimChannel, option: string): void {
    const row = { corpId, ivrId, calldate: new Date(at), uniqueid: caller.id, caller: caller.caller.number, option };
    this.safe('writeIvrLog', () => this.sink.writeIvrLog(row));
  }

  pollAnswer(corpId: number, pollId: number, questionId: number, caller: SimChannel, exten: string, answer: number): void {
    const row = { corpId, pollId, questionId, calldate: new Date(this.now()), uniqueid: caller.id, exten, answer };
    this.safe('writePollAnswer', () => this.sink.writePollAnswer(row));
  }

  voicemail(row: VoicemailRow, wav: Uint8Array): void {
    this.safe('writeVoicemail', () => this.sink.writeVoicemail(row, wav));
  }
}
