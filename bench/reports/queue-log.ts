/**
 * The benchmark's queue history: about `count` queue_log rows over a span, as COPY text, day by day
 * in time order as Asterisk appends them. Deterministic for a seed. Two kinds of rows:
 * - agents' shifts (a fifth of the rows, as in a contact centre's log): an agent logs in to one to
 *   three of its corp's queues (ADDMEMBER each, one in ten joining paused and unpausing a minute
 *   later), takes a lunch and one or two breaks (Asterisk's QueuePause: PAUSEALL for queue NONE and
 *   PAUSE per queue with the reason's code, some with no reason, then UNPAUSEALL and UNPAUSE), and
 *   logs out of each queue (REMOVEMEMBER) six to nine hours later;
 * - calls of the corps' queues: ENTERQUEUE, then CONNECT and COMPLETEAGENT / COMPLETECALLER (75 %)
 *   or ABANDON / EXITWITHTIMEOUT (25 %); an answered call goes to an agent on shift in that queue
 *   when there is one, else to any of the corp's extensions (a static member).
 */
import { EXTENSIONS_PER_CORP, FIRST_EXTENSION, iso, rng, talk, type Span } from './generate';

export const QUEUE_LOG_COLUMNS = ['corp_id', 'time', 'callid', 'queuename', 'agent', 'event', 'data1', 'data2', 'data3'] as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** the share of the rows that are log-ins and pauses */
const PRESENCE_SHARE = 0.2;

interface Shift {
  agent: string;
  queues: string[];
  start: number;
  end: number;
}

type Row = [ms: number, line: string];

/** The rows of one agent's shift on the day starting at `dayStart`. */
function shiftRows(r: () => number, corp: number, agent: string, queueNames: readonly string[], dayStart: number): { shift: Shift; rows: Row[] } {
  const pool = [...queueNames];
  const queues: string[] = [];
  for (let k = 1 + Math.floor(r() * 3); k > 0 && pool.length > 0; k--) queues.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  const start = dayStart + 7 * HOUR + Math.floor(r() * 4 * HOUR);
  const end = start + 6 * HOUR + Math.floor(r() * 3 * HOUR);
  const rows: Row[] = [];
  const push = (ms: number, queue: string, event: string, data1 = '') => rows.push([ms, [corp, iso(ms), 'NONE', queue, agent, event, data1, '', ''].join('\t')]);
  const joinPaused = r() < 0.1;
  queues.forEach((q, i) => {
    push(start + i * 1000, q, 'ADDMEMBER', joinPaused ? 'PAUSED' : '');
    push(end + i * 1000, q, 'REMOVEMEMBER');
  });
  const pause = (at: number, minutes: number, reason: string) => {
    push(at, 'NONE', 'PAUSEALL', reason);
    for (const q of queues) push(at, q, 'PAUSE', reason);
    push(at + minutes * MINUTE, 'NONE', 'UNPAUSEALL');
    for (const q of queues) push(at + minutes * MINUTE, q, 'UNPAUSE');
  };
  if (joinPaused) for (const q of queues) push(start + MINUTE, q, 'UNPAUSE');
  // lunch in the middle of the shift, a break or two in the halves around it
  const middle = start + (end - start) / 2;
  pause(Math.floor(middle - 15 * MINUTE + r() * 30 * MINUTE), 30 + Math.floor(r() * 31), 'LUNCH');
  const breaks = 1 + Math.floor(r() * 2);
  for (let b = 0; b < breaks; b++) {
    const half = b === 0 ? start + 30 * MINUTE : middle + 75 * MINUTE;
    const x = r();
    pause(Math.floor(half + r() * (end - start) * 0.25), 5 + Math.floor(r() * 11), x < 0.1 ? '' : x < 0.2 ? 'TRAINING' : 'BREAK');
  }
  return { shift: { agent, queues, start, end }, rows };
}

export function* queueLogChunks(count: number, corps: readonly number[], queues: (corp: number) => readonly number[], span: Span, seed: number, chunkRows = 50_000): Generator<string> {
  const r = rng(seed);
  const firstDay = Math.floor(span.from / DAY) * DAY;
  const days = Math.max(1, Math.ceil((span.to - firstDay) / DAY));
  const presencePerDay = (count * PRESENCE_SHARE) / days;
  const callRowsPerDay = (count * (1 - PRESENCE_SHARE)) / days;
  const queueNames = (corp: number) => queues(corp).map((q) => `${corp}_${q}`);
  let lines: Row[] = [];
  let presenceOwed = 0;
  let callRowsOwed = 0;
  let call = 0;
  for (let d = 0; d < days; d++) {
    const dayStart = firstDay + d * DAY;
    const inSpan = (ms: number) => ms >= span.from && ms < span.to;
    // the day's shifts, an agent at most once a day per corp
    const shifts = new Map<number, Shift[]>();
    const busy = new Set<string>();
    presenceOwed += presencePerDay;
    for (let tries = 0; presenceOwed > 0 && tries < 10_000; tries++) {
      const corp = corps[Math.floor(r() * corps.length)];
      const agent = String(FIRST_EXTENSION + Math.floor(r() * EXTENSIONS_PER_CORP));
      if (busy.has(`${corp}/${agent}`)) continue;
      busy.add(`${corp}/${agent}`);
      const { shift, rows } = shiftRows(r, corp, agent, queueNames(corp), dayStart);
      shifts.set(corp, [...(shifts.get(corp) ?? []), shift]);
      for (const row of rows) if (inSpan(row[0])) lines.push(row);
      presenceOwed -= rows.length;
    }
    // the day's calls
    callRowsOwed += callRowsPerDay;
    while (callRowsOwed > 0) {
      const at = dayStart + Math.floor(r() * DAY);
      const corp = corps[Math.floor(r() * corps.length)];
      const names = queueNames(corp);
      const queuename = names[Math.floor(r() * names.length)];
      const callid = `${Math.floor(at / 1000)}.q${call++}`;
      const caller = `55${11 + Math.floor(r() * 88)}9${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
      const wait = Math.floor(r() * 120);
      const rows: Row[] = [];
      const push = (ms: number, agent: string, event: string, d1: string | number, d2: string | number, d3: string | number) => rows.push([ms, [corp, iso(ms), callid, queuename, agent, event, d1, d2, d3].join('\t')]);
      push(at, 'NONE', 'ENTERQUEUE', '', caller, 1);
      if (r() < 0.75) {
        const onShift = (shifts.get(corp) ?? []).filter((s) => s.queues.includes(queuename) && s.start <= at && at < s.end);
        const agent = onShift.length > 0 ? onShift[Math.floor(r() * onShift.length)].agent : String(FIRST_EXTENSION + Math.floor(r() * EXTENSIONS_PER_CORP));
        const seconds = talk(r);
        push(at + wait * 1000, agent, 'CONNECT', wait, `${callid}.a`, 2);
        push(at + (wait + seconds) * 1000, agent, r() < 0.5 ? 'COMPLETEAGENT' : 'COMPLETECALLER', wait, seconds, 1);
      } else {
        push(at + wait * 1000, 'NONE', r() < 0.7 ? 'ABANDON' : 'EXITWITHTIMEOUT', 1, 1, wait);
      }
      for (const row of rows) if (inSpan(row[0])) lines.push(row);
      callRowsOwed -= rows.length;
    }
    // a day's rows are written in time order; a call ending after midnight is close enough to it
    if (lines.length >= chunkRows || d === days - 1) {
      lines.sort((a, b) => a[0] - b[0]);
      if (lines.length > 0) yield lines.map(([, l]) => l).join('\n') + '\n';
      lines = [];
    }
  }
}
