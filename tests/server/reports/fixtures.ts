import { cdr, queueLog } from '../../../server/db/schema';
import type { Db } from '../../../server/db/database';

/** Hand-made call records for the report suites: only what a test names, the rest Asterisk's defaults. */
export type CdrFixture = Partial<typeof cdr.$inferInsert> & { corpId: number; calldate: Date };

export async function insertCdr(db: Db, rows: CdrFixture[]): Promise<number[]> {
  const ids = await db
    .insert(cdr)
    .values(rows.map((r) => ({ start: r.calldate, ...r })))
    .returning({ id: cdr.id });
  return ids.map((r) => Number(r.id));
}

/** An outgoing call of an extension through the corp's trunk (the simulator's and Asterisk's shape). */
export function outgoing(corpId: number, at: Date, from: string, to: string, billsec: number, extra: Partial<CdrFixture> = {}): CdrFixture {
  const answered = (extra.disposition ?? 'ANSWERED') === 'ANSWERED';
  return {
    corpId,
    calldate: at,
    clid: `"Agent ${from}" <${from}>`,
    src: from,
    dst: to,
    dcontext: `c${corpId}-internal`,
    channel: `PJSIP/${corpId}_${from}-00000001`,
    dstchannel: `PJSIP/${corpId}_trunk-00000002`,
    lastapp: 'Dial',
    lastdata: `PJSIP/${to}@${corpId}_trunk,30`,
    duration: billsec + 5,
    billsec: answered ? billsec : 0,
    disposition: 'ANSWERED',
    ...extra,
  };
}

/** An incoming call through the trunk into a queue, answered by `agent` (or not: agent null). */
export function incoming(corpId: number, at: Date, caller: string, did: string, agent: string | null, billsec: number, extra: Partial<CdrFixture> = {}): CdrFixture {
  return {
    corpId,
    calldate: at,
    clid: `"" <${caller}>`,
    src: caller,
    dst: did,
    dcontext: `c${corpId}-inbound`,
    channel: `PJSIP/${corpId}_trunk-00000003`,
    dstchannel: agent ? `PJSIP/${corpId}_${agent}-00000004` : '',
    lastapp: 'Queue',
    lastdata: `${corpId}_1,t,,,120`,
    duration: billsec + 12,
    billsec: agent ? billsec : 0,
    disposition: agent ? 'ANSWERED' : 'NO ANSWER',
    ...extra,
  };
}

/** An internal call between two extensions. */
export function internal(corpId: number, at: Date, from: string, to: string, billsec: number, extra: Partial<CdrFixture> = {}): CdrFixture {
  return {
    corpId,
    calldate: at,
    clid: `"Agent ${from}" <${from}>`,
    src: from,
    dst: to,
    dcontext: `c${corpId}-internal`,
    channel: `PJSIP/${corpId}_${from}-00000005`,
    dstchannel: `PJSIP/${corpId}_${to}-00000006`,
    lastapp: 'Dial',
    lastdata: `PJSIP/${corpId}_${to},30`,
    duration: billsec + 3,
    billsec,
    disposition: 'ANSWERED',
    ...extra,
  };
}

export type QueueLogFixture = [time: Date, callid: string, queue: string, agent: string, event: string, ...data: (string | number)[]];

export async function insertQueueLog(db: Db, corpId: number, rows: QueueLogFixture[]): Promise<void> {
  await db.insert(queueLog).values(
    rows.map(([time, callid, queuename, agent, event, ...data]) => ({
      corpId,
      time,
      callid,
      queuename,
      agent,
      event,
      data1: String(data[0] ?? ''),
      data2: String(data[1] ?? ''),
      data3: String(data[2] ?? ''),
      data4: String(data[3] ?? ''),
      data5: String(data[4] ?? ''),
    })),
  );
}

/** An instant as an ISO string, from a UTC day and time. */
export const utc = (day: string, time: string) => new Date(`${day}T${time}Z`);
