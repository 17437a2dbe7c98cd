/**
 * The rows Asterisk writes for calls: `cdr` (reference/protocols.md §4.4, plus corpId and the
 * recording file) and `queue_log` (§4.3); the rows of what callers chose (`ivr_log`, `poll_answer`)
 * and the messages they left (`voicemail`); and the sink the PBX side writes them to.
 */

export type CdrDisposition = 'ANSWERED' | 'NO ANSWER' | 'BUSY' | 'FAILED' | 'CONGESTION' | 'CANCEL';

export interface CdrRow {
  corpId: number;
  /** = start (the classic column) */
  calldate: Date;
  /** `"name" <number>` */
  clid: string;
  src: string;
  dst: string;
  dcontext: string;
  channel: string;
  dstchannel: string;
  lastapp: string;
  lastdata: string;
  start: Date;
  answer: Date | null;
  end: Date;
  /** seconds from start to end */
  duration: number;
  /** seconds from answer to end */
  billsec: number;
  disposition: CdrDisposition;
  amaflags: 'OMIT' | 'BILLING' | 'DOCUMENTATION';
  accountcode: string;
  uniqueid: string;
  linkedid: string;
  userfield: string;
  peeraccount: string;
  sequence: number;
  /** recording name given to writeRecording ('' when none) */
  recordingfile: string;
}

export const QUEUE_LOG_EVENTS = [
  'ENTERQUEUE',
  'CONNECT',
  'COMPLETEAGENT',
  'COMPLETECALLER',
  'ABANDON',
  'EXITWITHTIMEOUT',
  'EXITWITHKEY',
  'EXITEMPTY',
  'RINGNOANSWER',
  'RINGCANCELED',
  'BLINDTRANSFER',
  'ATTENDEDTRANSFER',
  'AGENTDUMP',
  'ADDMEMBER',
  'REMOVEMEMBER',
  'PAUSE',
  'UNPAUSE',
  'PAUSEALL',
  'UNPAUSEALL',
] as const;
export type QueueLogEvent = (typeof QUEUE_LOG_EVENTS)[number];

export interface QueueLogRow {
  corpId: number;
  time: Date;
  /** the caller channel's uniqueid, or NONE / REALTIME */
  callid: string;
  /** `{corpId}_{queueId}`, or NONE (PAUSEALL, UNPAUSEALL) */
  queuename: string;
  /** member name or NONE */
  agent: string;
  event: QueueLogEvent;
  data1: string;
  data2: string;
  data3: string;
  data4: string;
  data5: string;
}

/** A caller's choice in an IVR (D-IST): a digit '0'-'9', 't' (the menu timed out) or 'i' (a key with no option). */
export interface IvrLogRow {
  corpId: number;
  ivrId: number;
  calldate: Date;
  /** the caller channel's uniqueid */
  uniqueid: string;
  /** the caller's number */
  caller: string;
  option: string;
}

/** A caller's answer 0-9 to one poll question after a queue call (D-PST). */
export interface PollAnswerRow {
  corpId: number;
  pollId: number;
  questionId: number;
  calldate: Date;
  uniqueid: string;
  /** the extension of the agent who took the call */
  exten: string;
  answer: number;
}

/** A message left in a mailbox (C-VM-05), as Asterisk's voicemail keeps it; the WAV goes with it. */
export interface VoicemailRow {
  corpId: number;
  /** the extension number */
  mailbox: string;
  /** epoch seconds */
  origtime: number;
  /** `"name" <number>` of the caller */
  callerid: string;
  /** the number dialled */
  destino: string;
  /** seconds */
  duration: number;
}

/**
 * A realtime queue member's pause as app_queue writes it back (the `queue_members` family: paused and
 * reason_paused by the member), so a restart finds the member paused since then (G-AGS-04).
 */
export interface MemberPauseRow {
  corpId: number;
  queueId: number;
  /** the member's extension number */
  number: string;
  paused: boolean;
  reason: string;
  /** when the pause began (ms), for a pause */
  at: number;
}

export interface RecordSink {
  writeCdr(row: CdrRow): void | Promise<void>;
  writeMemberPause(row: MemberPauseRow): void | Promise<void>;
  writeQueueLog(row: QueueLogRow): void | Promise<void>;
  /** `name` is relative (e.g. `2/20240501/1714558530.42.wav`); the bytes are a WAV file */
  writeRecording(name: string, wav: Uint8Array): void | Promise<void>;
  writeIvrLog(row: IvrLogRow): void | Promise<void>;
  writePollAnswer(row: PollAnswerRow): void | Promise<void>;
  /** the message and its WAV (8 kHz 16-bit mono); the sink stores the file and names it in the row */
  writeVoicemail(row: VoicemailRow, wav: Uint8Array): void | Promise<void>;
}

/** Keeps rows in memory (tests, demos). `limit` keeps only the newest rows of each kind. */
export class MemoryRecordSink implements RecordSink {
  readonly cdr: CdrRow[] = [];
  readonly queueLog: QueueLogRow[] = [];
  readonly recordings = new Map<string, Uint8Array>();
  readonly ivrLog: IvrLogRow[] = [];
  readonly pollAnswers: PollAnswerRow[] = [];
  readonly voicemails: { row: VoicemailRow; wav: Uint8Array }[] = [];
  readonly memberPauses: MemberPauseRow[] = [];
  totals = { cdr: 0, queueLog: 0, recordings: 0, ivrLog: 0, pollAnswers: 0, voicemails: 0, memberPauses: 0 };

  constructor(private readonly limit = Infinity) {}

  writeCdr(row: CdrRow): void {
    this.totals.cdr++;
    this.cdr.push(row);
    if (this.cdr.length > this.limit) this.cdr.shift();
  }

  writeMemberPause(row: MemberPauseRow): void {
    this.totals.memberPauses++;
    this.memberPauses.push(row);
    if (this.memberPauses.length > this.limit) this.memberPauses.shift();
  }

  writeQueueLog(row: QueueLogRow): void {
    this.totals.queueLog++;
    this.queueLog.push(row);
    if (this.queueLog.length > this.limit) this.queueLog.shift();
  }

  writeRecording(name: string, wav: Uint8Array): void {
    this.totals.recordings++;
    this.recordings.set(name, wav);
    if (this.recordings.size > this.limit) this.recordings.delete(this.recordings.keys().next().value as string);
  }

  writeIvrLog(row: IvrLogRow): void {
    this.totals.ivrLog++;
    this.ivrLog.push(row);
    if (this.ivrLog.length > this.limit) this.ivrLog.shift();
  }

  writePollAnswer(row: PollAnswerRow): void {
    this.totals.pollAnswers++;
    this.pollAnswers.push(row);
    if (this.pollAnswers.length > this.limit) this.pollAnswers.shift();
  }

  writeVoicemail(row: VoicemailRow, wav: Uint8Array): void {
    this.totals.voicemails++;
    this.voicemails.push({ row, wav });
    if (this.voicemails.length > this.limit) this.voicemails.shift();
  }
}

/** Writes nothing. */
export const NULL_SINK: RecordSink = {
  writeCdr: () => undefined,
  writeMemberPause: () => undefined,
  writeQueueLog: () => undefined,
  writeRecording: () => undefined,
  writeIvrLog: () => undefined,
  writePollAnswer: () => undefined,
  writeVoicemail: () => undefined,
};
