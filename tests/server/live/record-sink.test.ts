import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database';
import { cdr, ivrLog, pollAnswer, queueLog, voicemail } from '../../../server/db/schema';
import { FileStore } from '../../../server/files/file-store';
import { toneWav, type CdrRow, type QueueLogRow } from '../../../server/pbx';
import { createDbRecordSink } from '../../../server/records';

const at = new Date('2024-05-01T08:00:00Z');
const cdrRow = (uniqueid: string): CdrRow => ({
  corpId: 2,
  calldate: at,
  clid: '"Ann" <201>',
  src: '201',
  dst: '202',
  dcontext: 'c2-internal',
  channel: 'PJSIP/2_201-00000001',
  dstchannel: 'PJSIP/2_202-00000002',
  lastapp: 'Dial',
  lastdata: 'PJSIP/2_202',
  start: at,
  answer: at,
  end: new Date(at.getTime() + 30_000),
  duration: 30,
  billsec: 30,
  disposition: 'ANSWERED',
  amaflags: 'DOCUMENTATION',
  accountcode: '2',
  uniqueid,
  linkedid: uniqueid,
  userfield: '',
  peeraccount: '',
  sequence: 1,
  recordingfile: `2/20240501/${uniqueid}.wav`,
});
const logRow: QueueLogRow = { corpId: 2, time: at, callid: '1.1', queuename: '2_1', agent: 'NONE', event: 'ENTERQUEUE', data1: '', data2: '201', data3: '1', data4: '', data5: '' };

describe('database record sink', () => {
  let database: Database;
  let dir: string;
  const errors: string[] = [];
  const log = { error: (_data: Record<string, unknown>, msg: string) => errors.push(msg) };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'callboard-sink-'));
    database = await openDatabase({ dataDir: ':memory:' });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes cdr and queue_log rows in batches and the WAV under {corp}/{day}/{uniqueid}.wav', async () => {
    const sink = createDbRecordSink({ db: database.orm, recordingsDir: dir, log, flushMs: 10_000, batchSize: 1000 });
    for (let i = 0; i < 5; i++) sink.writeCdr(cdrRow(`1714550400.${i}`));
    sink.writeQueueLog(logRow);
    sink.writeRecording('2/20240501/1714550400.0.wav', new Uint8Array([82, 73, 70, 70]));
    expect(await database.orm.select().from(cdr)).toHaveLength(0);
    await sink.flush();
    const rows = await database.orm.select().from(cdr);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ corpId: 2, src: '201', disposition: 'ANSWERED', recordingfile: '2/20240501/1714550400.0.wav', cost: null });
    expect(await database.orm.select().from(queueLog)).toEqual([expect.objectContaining({ event: 'ENTERQUEUE', queuename: '2_1', data2: '201' })]);
    const file = path.join(dir, '2', '20240501', '1714550400.0.wav');
    expect(existsSync(file)).toBe(true);
    expect([...readFileSync(file)]).toEqual([82, 73, 70, 70]);
    expect(sink.counters).toMatchObject({ cdr: 5, queueLog: 1, recordings: 1, errors: 0 });
    // the day's folder is made by its first recording; the next go straight into it, and a folder removed
    // meanwhile (a retention sweep) is made again
    sink.writeRecording('2/20240501/1714550400.1.wav', new Uint8Array([1]));
    await sink.flush();
    rmSync(path.join(dir, '2', '20240501'), { recursive: true });
    sink.writeRecording('2/20240501/1714550400.2.wav', new Uint8Array([2]));
    await sink.flush();
    expect([...readFileSync(path.join(dir, '2', '20240501', '1714550400.2.wav'))]).toEqual([2]);
    expect(sink.counters).toMatchObject({ recordings: 3, errors: 0 });
    await sink.close();
  });

  it('statementRows: a batch goes in statements of that many rows, the event loop turning between them (PGlite writes on the server thread)', async () => {
    const sink = createDbRecordSink({ db: database.orm, recordingsDir: null, log, flushMs: 10_000, batchSize: 1000, statementRows: 3 });
    for (let i = 0; i < 8; i++) sink.writeCdr(cdrRow(`1714560000.${i}`));
    // a timer due now runs between the statements, not after the whole batch
    const order: string[] = [];
    const before = (await database.orm.select().from(cdr)).length;
    const ticks = setInterval(() => order.push('tick'), 0);
    const written = sink.flush().then(() => order.push('flushed'));
    await written;
    clearInterval(ticks);
    expect((await database.orm.select().from(cdr)).length - before).toBe(8);
    expect(order.indexOf('tick')).toBeGreaterThan(-1);
    expect(order.indexOf('tick')).toBeLessThan(order.indexOf('flushed'));
    expect(sink.counters).toMatchObject({ cdr: 8, errors: 0 });
    await sink.close();
  });

  it('D-IST, D-PST, C-VM: ivr_log and poll_answer rows; a voicemail row naming its WAV stored in the corp’s sound folder', async () => {
    const files = new FileStore(path.join(dir, 'sounds'));
    const sink = createDbRecordSink({ db: database.orm, recordingsDir: null, files, log, flushMs: 10_000 });
    sink.writeIvrLog({ corpId: 2, ivrId: 5, calldate: at, uniqueid: '1.7', caller: '5511999990000', option: 't' });
    sink.writePollAnswer({ corpId: 2, pollId: 9, questionId: 31, calldate: at, uniqueid: '1.7', exten: '201', answer: 8 });
    const wav = toneWav(2);
    sink.writeVoicemail({ corpId: 2, mailbox: '202', origtime: 1714550400, callerid: '"Ann" <201>', destino: '202', duration: 2 }, wav);
    await sink.flush();
    expect(await database.orm.select().from(ivrLog)).toEqual([expect.objectContaining({ corpId: 2, ivrId: 5, option: 't', caller: '5511999990000', uniqueid: '1.7' })]);
    expect(await database.orm.select().from(pollAnswer)).toEqual([expect.objectContaining({ corpId: 2, pollId: 9, questionId: 31, exten: '201', answer: 8 })]);
    const [message] = await database.orm.select().from(voicemail);
    expect(message).toMatchObject({ corpId: 2, mailbox: '202', origtime: 1714550400, callerid: '"Ann" <201>', destino: '202', duration: 2, flag: 0 });
    expect(message.recording).toMatch(/^[0-9a-f-]{36}\.wav$/);
    expect(readFileSync(path.join(dir, 'sounds', '2', message.recording))).toEqual(Buffer.from(wav));
    expect(sink.counters).toMatchObject({ ivrLog: 1, pollAnswers: 1, voicemails: 1, errors: 0 });
    await sink.close();
  });

  it('logs failures instead of throwing: a refused recording name, rows the database rejects', async () => {
    const sink = createDbRecordSink({ db: database.orm, recordingsDir: dir, log, flushMs: 10_000 });
    sink.writeRecording('../../etc/passwd.wav', new Uint8Array([1]));
    sink.writeQueueLog({ ...logRow, event: 'X'.repeat(40) as QueueLogRow['event'] });
    await expect(sink.flush()).resolves.toBeUndefined();
    expect(errors).toEqual(['recording name refused', 'queue_log rows not written']);
    expect(sink.counters.errors).toBe(2);
  });
});
