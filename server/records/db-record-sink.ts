import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database';
import { and, eq } from 'drizzle-orm';
import { cdr, ivrLog, pollAnswer, queueLog, queueMember, voicemail } from '../db/schema';
import type { FileStore } from '../files/file-store';
import type { CdrRow, IvrLogRow, MemberPauseRow, PollAnswerRow, QueueLogRow, RecordSink, VoicemailRow } from '../pbx';

export interface RecordSinkLogger {
  error(data: Record<string, unknown>, msg: string): void;
}

export interface DbRecordSinkOptions {
  db: Db;
  /** where recordings go (`{dir}/{corpId}/{yyyymmdd}/{uniqueid}.wav`); null: recordings are not kept */
  recordingsDir: string | null;
  /** the app's files (DATA_DIR/sounds): voicemail WAVs are stored in the corp's folder; null: messages are kept without audio */
  files?: FileStore | null;
  log: RecordSinkLogger;
  /** rows are written at most this often (default 500 ms) */
  flushMs?: number;
  /** or as soon as this many rows wait (default 200) */
  batchSize?: number;
  /**
   * rows per INSERT statement, with a turn of the event loop between statements (default: all of a
   * kind in one). PGlite runs each statement on the server's own thread: a 200-row insert with the
   * rating and rollup triggers held the event loop for 50-140 ms, which every hub push waiting behind
   * it paid for (issue 13, the wallboard's p99).
   */
  statementRows?: number;
}

export interface DbRecordSink extends RecordSink {
  /** writes what waits; resolves when the write finished (errors are logged, never thrown) */
  flush(): Promise<void>;
  /** flushes and stops the timer; later rows are still written, one batch at a time */
  close(): Promise<void>;
  readonly counters: Readonly<{ cdr: number; queueLog: number; recordings: number; ivrLog: number; pollAnswers: number; voicemails: number; errors: number }>;
}

type Counted = 'cdr' | 'queueLog' | 'ivrLog' | 'pollAnswers' | 'voicemails';

/** `2/20240501/1714558530.42.wav`: digits, dots and the three parts only (never leaves the folder). */
const RECORDING_NAME = /^\d+\/\d{8}\/[\w.-]+\.wav$/;

const truncate = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/**
 * The PBX's call records into the `cdr`, `queue_log`, `ivr_log`, `poll_answer` and `voicemail` tables,
 * batched (one insert per table per flush), WAV recordings under `recordingsDir` and voicemail WAVs
 * through the file store (the row names the stored file). A failed write is logged and the rows
 * dropped: the calls go on.
 */
export function createDbRecordSink(options: DbRecordSinkOptions): DbRecordSink {
  const { db, log } = options;
  const flushMs = options.flushMs ?? 500;
  const batchSize = options.batchSize ?? 200;
  const statementRows = Math.max(1, options.statementRows ?? Number.MAX_SAFE_INTEGER);
  let cdrRows: (typeof cdr.$inferInsert)[] = [];
  let logRows: (typeof queueLog.$inferInsert)[] = [];
  let ivrRows: (typeof ivrLog.$inferInsert)[] = [];
  let pollRows: (typeof pollAnswer.$inferInsert)[] = [];
  let vmRows: (typeof voicemail.$inferInsert)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  const pendingFiles = new Set<Promise<void>>();
  const counters = { cdr: 0, queueLog: 0, recordings: 0, ivrLog: 0, pollAnswers: 0, voicemails: 0, errors: 0 };

  function schedule(): void {
    if (cdrRows.length + logRows.length + ivrRows.length + pollRows.length + vmRows.length >= batchSize) {
      void flush();
      return;
    }
    if (timer === null) {
      timer = setTimeout(() => void flush(), flushMs);
      timer.unref();
    }
  }

  async function insert<T>(rows: T[], counted: Counted, what: string, write: (rows: T[]) => Promise<unknown>): Promise<void> {
    for (let from = 0; from < rows.length; from += statementRows) {
      const part = rows.slice(from, from + statementRows);
      // between statements: let the hub's pushes and the simulator's events run
      if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await write(part);
        counters[counted] += part.length;
      } catch (error) {
        counters.errors++;
        log.error({ err: error, rows: part.length }, `${what} rows not written`);
      }
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = { cdr: cdrRows, queueLog: logRows, ivrLog: ivrRows, pollAnswers: pollRows, voicemails: vmRows };
    cdrRows = [];
    logRows = [];
    ivrRows = [];
    pollRows = [];
    vmRows = [];
    chain = chain.then(async () => {
      await insert(batch.cdr, 'cdr', 'cdr', (rows) => db.insert(cdr).values(rows));
      await insert(batch.queueLog, 'queueLog', 'queue_log', (rows) => db.insert(queueLog).values(rows));
      await insert(batch.ivrLog, 'ivrLog', 'ivr_log', (rows) => db.insert(ivrLog).values(rows));
      await insert(batch.pollAnswers, 'pollAnswers', 'poll_answer', (rows) => db.insert(pollAnswer).values(rows));
      await insert(batch.voicemails, 'voicemails', 'voicemail', (rows) => db.insert(voicemail).values(rows));
    });
    return chain;
  }

  /** a file written in the background (recordings, voicemail audio); flush and close wait for them */
  function track(done: Promise<void>): void {
    pendingFiles.add(done);
    void done.finally(() => pendingFiles.delete(done));
  }

  /** the files first: a voicemail row waits for its WAV's stored name */
  async function settle(): Promise<void> {
    await Promise.all([...pendingFiles]);
    await flush();
  }

  return {
    counters,
    /** app_queue's realtime write-back of a pause: the member row at once, in order with the other writes */
    writeMemberPause(row: MemberPauseRow): void {
      chain = chain.then(async () => {
        try {
          await db
            .update(queueMember)
            .set({ paused: row.paused ? 1 : 0, reasonPaused: truncate(row.reason, 80), pausedAt: row.paused ? new Date(row.at) : null })
            .where(and(eq(queueMember.queueId, row.queueId), eq(queueMember.corpId, row.corpId), eq(queueMember.extenNumber, row.number)));
        } catch (error) {
          counters.errors++;
          log.error({ err: error, queueId: row.queueId, number: row.number }, 'queue member pause not written');
        }
      });
    },
    writeCdr(row: CdrRow): void {
      cdrRows.push({
        corpId: row.corpId,
        calldate: row.calldate,
        clid: truncate(row.clid, 80),
        src: truncate(row.src, 80),
        dst: truncate(row.dst, 80),
        dcontext: truncate(row.dcontext, 80),
        channel: truncate(row.channel, 80),
        dstchannel: truncate(row.dstchannel, 80),
        lastapp: truncate(row.lastapp, 80),
        lastdata: truncate(row.lastdata, 80),
        start: row.start,
        answer: row.answer,
        end: row.end,
        duration: row.duration,
        billsec: row.billsec,
        disposition: row.disposition,
        amaflags: row.amaflags,
        accountcode: truncate(row.accountcode, 80),
        userfield: truncate(row.userfield, 256),
        uniqueid: truncate(row.uniqueid, 150),
        linkedid: truncate(row.linkedid, 150),
        peeraccount: truncate(row.peeraccount, 80),
        sequence: row.sequence,
        recordingfile: options.recordingsDir === null ? '' : truncate(row.recordingfile, 255),
        cost: null,
      });
      schedule();
    },
    writeQueueLog(row: QueueLogRow): void {
      logRows.push({
        corpId: row.corpId,
        time: row.time,
        callid: truncate(row.callid, 80),
        queuename: truncate(row.queuename, 256),
        agent: truncate(row.agent, 80),
        event: row.event,
        data1: truncate(row.data1, 100),
        data2: truncate(row.data2, 100),
        data3: truncate(row.data3, 100),
        data4: truncate(row.data4, 100),
        data5: truncate(row.data5, 100),
      });
      schedule();
    },
    writeRecording(name: string, wav: Uint8Array): void {
      const dir = options.recordingsDir;
      if (dir === null) return;
      if (!RECORDING_NAME.test(name)) {
        counters.errors++;
        log.error({ name }, 'recording name refused');
        return;
      }
      const file = path.join(dir, ...name.split('/'));
      const done = (async () => {
        try {
          // the day's folder is made by its first recording: a mkdir before every file was 2 % of the
          // server's CPU at bench:wallboard's 500 changes/s
          await writeFile(file, wav).catch(async (error: unknown) => {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, wav);
          });
          counters.recordings++;
        } catch (error) {
          counters.errors++;
          log.error({ err: error, file }, 'recording not written');
        }
      })();
      track(done);
    },
    writeIvrLog(row: IvrLogRow): void {
      ivrRows.push({ ...row, uniqueid: truncate(row.uniqueid, 150), caller: truncate(row.caller, 80), option: truncate(row.option, 2) });
      schedule();
    },
    writePollAnswer(row: PollAnswerRow): void {
      pollRows.push({ ...row, uniqueid: truncate(row.uniqueid, 150), exten: truncate(row.exten, 10) });
      schedule();
    },
    writeVoicemail(row: VoicemailRow, wav: Uint8Array): void {
      const files = options.files ?? null;
      track(
        (async () => {
          let recording = '';
          if (files) {
            try {
              recording = await files.save(row.corpId, wav, 'wav');
            } catch (error) {
              counters.errors++;
              log.error({ err: error, corpId: row.corpId }, 'voicemail audio not written');
            }
          }
          vmRows.push({
            corpId: row.corpId,
            mailbox: truncate(row.mailbox, 10),
            origtime: row.origtime,
            callerid: truncate(row.callerid, 80),
            destino: truncate(row.destino, 80),
            duration: row.duration,
            flag: 0,
            recording,
          });
          schedule();
        })(),
      );
    },
    flush: settle,
    close: settle,
  };
}
