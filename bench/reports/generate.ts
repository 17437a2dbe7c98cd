/**
 * The benchmark's call records: a year (by default) of traffic over many corps, as COPY text (tab
 * separated, \N for null), in time order as a PBX appends them. Deterministic for a seed. Shapes are
 * those of the simulator and Asterisk (tests/server/reports/fixtures.ts): incoming calls through the
 * corp's trunk into a queue, outgoing calls through the trunk to numbers of each destination group,
 * internal calls between extensions. The queue history is queue-log.ts.
 */
import { mulberry32 } from '../../server/pbx/simulator/random';

export const CDR_COLUMNS = ['corp_id', 'calldate', 'clid', 'src', 'dst', 'dcontext', 'channel', 'dstchannel', 'lastapp', 'lastdata', 'duration', 'billsec', 'disposition', 'uniqueid', 'recordingfile', 'cost'] as const;

export const EXTENSIONS_PER_CORP = 50;
export const QUEUES_PER_CORP = 5;
/** the first extension number of every bench corp */
export const FIRST_EXTENSION = 200;

/** the simulator's seeded generator (mulberry32): load shapes repeat with the seed */
export const rng = mulberry32;

export interface Span {
  from: number;
  to: number;
}

/** Dialled numbers of each default destination group (DEFAULT_DESTINATION_GROUPS), by weight. */
const OUTGOING: [weight: number, make: (r: () => number) => string][] = [
  [35, (r) => `0${11 + Math.floor(r() * 88)}${3 + Math.floor(r() * 3)}${String(Math.floor(r() * 1e7)).padStart(7, '0')}`], // national landline
  [30, (r) => `0${11 + Math.floor(r() * 88)}9${String(Math.floor(r() * 1e8)).padStart(8, '0')}`], // national mobile
  [15, (r) => `${2 + Math.floor(r() * 4)}${String(Math.floor(r() * 1e7)).padStart(7, '0')}`], // local landline
  [12, (r) => `9${String(Math.floor(r() * 1e8)).padStart(8, '0')}`], // local mobile
  [5, (r) => `00${1 + Math.floor(r() * 98)}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`], // international
  [3, (r) => `0800${String(Math.floor(r() * 1e7)).padStart(7, '0')}`], // special
];
const OUTGOING_TOTAL = OUTGOING.reduce((s, [w]) => s + w, 0);

function pickNumber(r: () => number): string {
  let x = r() * OUTGOING_TOTAL;
  for (const [w, make] of OUTGOING) {
    if (x < w) return make(r);
    x -= w;
  }
  return OUTGOING[0][1](r);
}

/** A talk time in seconds: mostly short, a long tail. */
export const talk = (r: () => number) => Math.max(1, Math.round(-Math.log(1 - r()) * 150));
export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `count` CDR rows over `span` for `corps` (their ids), in chunks of COPY text. 45 % incoming, 35 %
 * outgoing, 20 % internal; 80 % answered. Outgoing answered calls carry a cost (the trigger rates
 * rows written one by one; a bulk load brings its own).
 */
export function* cdrChunks(count: number, corps: readonly number[], span: Span, seed: number, chunkRows = 50_000): Generator<string> {
  const r = rng(seed);
  const step = (span.to - span.from) / count;
  let lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = Math.floor(span.from + i * step + r() * step);
    const corp = corps[Math.floor(r() * corps.length)];
    const ext = String(FIRST_EXTENSION + Math.floor(r() * EXTENSIONS_PER_CORP));
    const kind = r();
    const answered = r() < 0.8;
    const billsec = answered ? talk(r) : 0;
    const duration = billsec + 3 + Math.floor(r() * 20);
    const uniqueid = `${Math.floor(at / 1000)}.${i}`;
    const recording = answered && r() < 0.5 ? `${corp}/${iso(at).slice(0, 10).replaceAll('-', '')}/${uniqueid}.wav` : '';
    const disposition = answered ? 'ANSWERED' : r() < 0.5 ? 'NO ANSWER' : 'BUSY';
    let row: (string | number)[];
    if (kind < 0.45) {
      const caller = `55${11 + Math.floor(r() * 88)}9${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
      const queue = 1 + Math.floor(r() * QUEUES_PER_CORP);
      row = [corp, iso(at), `"" <${caller}>`, caller, `5550${queue}`, `c${corp}-inbound`, `PJSIP/${corp}_trunk-${i}`, answered ? `PJSIP/${corp}_${ext}-${i}` : '', 'Queue', `${corp}_${queue},t,,,120`, duration, billsec, disposition, uniqueid, recording, '\\N'];
    } else if (kind < 0.8) {
      const number = pickNumber(r);
      const cost = answered ? ((billsec / 60) * (0.05 + r() * 0.5)).toFixed(4) : '0';
      row = [corp, iso(at), `"Agent ${ext}" <${ext}>`, ext, number, `c${corp}-internal`, `PJSIP/${corp}_${ext}-${i}`, `PJSIP/${corp}_trunk-${i}`, 'Dial', `PJSIP/${number}@${corp}_trunk,30`, duration, billsec, disposition, uniqueid, recording, cost];
    } else {
      const other = String(FIRST_EXTENSION + Math.floor(r() * EXTENSIONS_PER_CORP));
      row = [corp, iso(at), `"Agent ${ext}" <${ext}>`, ext, other, `c${corp}-internal`, `PJSIP/${corp}_${ext}-${i}`, `PJSIP/${corp}_${other}-${i}`, 'Dial', `PJSIP/${corp}_${other},30`, duration, billsec, disposition, uniqueid, recording, '\\N'];
    }
    lines.push(row.join('\t'));
    if (lines.length >= chunkRows) {
      yield lines.join('\n') + '\n';
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('\n') + '\n';
}
