/**
 * The rows Asterisk writes for calls: `cdr` (reference/protocols.md §4.4, plus corpId and the
 * recording file) and `queue_log` (§4.3), and the sink the PBX side writes them to.
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
] as const;
export type QueueLogEvent = (typeof QUEUE_LOG_EVENTS)[number];

export interface QueueLogRow {
  corpId: number;
  time: Date;
  /** the caller channel's uniqueid, or NONE / REALTIME */
  callid: string;
  /** `{corpId}_{queueId}` */
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

export interface RecordSink {
  writeCdr(row: CdrRow): void | Promise<void>;
  writeQueueLog(row: QueueLogRow): void | Promise<void>;
  /** `name` is relative (e.g. `2/20240501/1714558530.42.wav`); the bytes are a WAV file */
  writeRecording(name: string, wav: Uint8Array): void | Promise<void>;
}

/** Keeps rows in memory (tests, demos). `limit` keeps only the newest rows of each kind. */
export class MemoryRecordSink implements RecordSink {
  readonly cdr: CdrRow[] = [];
  readonly queueLog: QueueLogRow[] = [];
  readonly recordings = new Map<string, Uint8Array>();
  totals = { cdr: 0, queueLog: 0, recordings: 0 };

  constructor(private readonly limit = Infinity) {}

  writeCdr(row: CdrRow): void {
    this.totals.cdr++;
    this.cdr.push(row);
    if (this.cdr.length > this.limit) this.cdr.shift();
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
}

/** Writes nothing. */
export const NULL_SINK: RecordSink = {
  writeCdr: () => undefined,
  writeQueueLog: () => undefined,
  writeRecording: () => undefined,
};
