/**
 * Where a corp's configuration sends the calls (H-WARM-02), as the generated dialplan does
 * (server/asterisk/dialplan.ts destinationSteps): a trunk's number (DID) → its action; a time
 * condition → its first option whose days and hours hold now (in the corp's zone, the end minute
 * excluded), else its default; an IVR → the option of the key pressed. Calls out leave by the
 * preferred enabled outgoing trunk. Pure: the simulator asks at each arrival.
 */
import { daysOf, localDayAndTime, minutesOf, parseDestination, translateNumber, trunkEndpointName, WEEK_DAYS } from '../../../domain';
import type { SimCorp, SimTrunk } from './config';

/** One way a caller reaches a queue: the trunk number dialled and the IVR keys pressed on the way. */
export interface InboundRoute {
  trunk: string;
  ivrs: { id: number; digit: string }[];
}

/** IVRs and time conditions nested deeper than this are a loop of the configuration: no route. */
const MAX_DEPTH = 8;

/** whether a time condition's option holds at `now` in `timeZone` (GotoIfTime's days and hours) */
function optionHolds(o: { from: string; to: string; days: string }, now: number, timeZone: string): boolean {
  const { day, hhmm } = localDayAndTime(now, timeZone);
  if (!daysOf(o.days).includes(WEEK_DAYS[day])) return false;
  const minute = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
  return minutesOf(o.from) <= minute && minute < minutesOf(o.to);
}

/** The routes that lead callers to a queue now: every enabled trunk whose action reaches it (through time conditions and IVR keys). */
export function routesToQueue(cfg: SimCorp, queueId: number, now: number): InboundRoute[] {
  const routes: InboundRoute[] = [];
  const zone = cfg.timeZone ?? 'UTC';
  const walk = (trunk: string, destination: string, ivrs: InboundRoute['ivrs'], depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const d = parseDestination(destination);
    if (d?.kind === 'queue') {
      if (d.id === queueId) routes.push({ trunk, ivrs });
    } else if (d?.kind === 'time') {
      const t = cfg.times?.find((x) => x.id === d.id);
      if (t) walk(trunk, t.options.find((o) => optionHolds(o, now, zone))?.action ?? t.defaultAction, ivrs, depth + 1);
    } else if (d?.kind === 'ivr') {
      const ivr = cfg.ivrs?.find((x) => x.id === d.id);
      // the keys a caller presses (1-9); the default option takes only callers who press nothing
      if (ivr) for (let digit = 1; digit <= 9; digit++) if (ivr.options[digit]) walk(trunk, ivr.options[digit], [...ivrs, { id: ivr.id, digit: String(digit) }], depth + 1);
    }
  };
  for (const t of cfg.trunks ?? []) if (t.enabled) walk(t.number, t.action, [], 0);
  return routes;
}

/** whether a SIP route's pattern (domain/outbound.ts: digits, `.` one digit, a final `T` the rest) takes a number */
function routeTakes(pattern: string, number: string): boolean {
  const open = pattern.endsWith('T');
  const body = open ? pattern.slice(0, -1) : pattern;
  if (open ? number.length < body.length : number.length !== body.length) return false;
  return [...body].every((ch, i) => (ch === '.' ? /[0-9]/.test(number[i]) : ch === number[i]));
}

/** Asterisk's ranking, roughly: more fixed digits first, then the longer pattern, then the one without T. */
const specificity = (pattern: string): number => [...pattern].filter((ch) => /[0-9]/.test(ch)).length * 1000 + pattern.length * 10 + (pattern.endsWith('T') ? 0 : 1);

/**
 * How a number outside leaves (the dialplan's c{corpId}-internal): the most specific enabled SIP route
 * that takes it, with its translation, through its trunk; else as dialled by the outbound trunk;
 * without the corp's routing by the made-up trunk; null when it has no way out.
 */
export function outboundDial(cfg: SimCorp, number: string): { endpoint: string; number: string } | null {
  const route = (cfg.routes ?? []).filter((r) => routeTakes(r.pattern, number)).sort((a, b) => specificity(b.pattern) - specificity(a.pattern))[0];
  if (route) return { endpoint: trunkEndpointName(route.trunkNumber), number: translateNumber(route.pattern, route.translation, number) };
  const endpoint = outboundEndpoint(cfg);
  return endpoint ? { endpoint, number } : null;
}

/** The trunk calls out leave by (the dialplan's outboundTrunk): the preferred enabled outgoing one; null when there is none. */
export function outboundTrunk(trunks: readonly SimTrunk[]): SimTrunk | null {
  return trunks.filter((t) => t.enabled && t.outgoing).sort((a, b) => Number(b.preference) - Number(a.preference))[0] ?? null;
}

/** The endpoint a corp's calls out use: its outbound trunk's, the made-up `{corpId}_trunk` without a routing, null when no trunk goes out. */
export function outboundEndpoint(cfg: SimCorp): string | null {
  if (cfg.trunk) return cfg.trunk;
  if (!cfg.trunks) return `${cfg.corpId}_trunk`;
  const out = outboundTrunk(cfg.trunks);
  return out ? trunkEndpointName(out.number) : null;
}

/**
 * The trunk endpoint a carrier's call to `trunkNumber` (a trunk of `corp`) arrives on, and that
 * endpoint's corp (its accountcode, migration 0026's ps_endpoints). Asterisk's IP identifier picks one
 * endpoint for the carrier's address, whichever DID was dialled: of the enabled trunks of every corp
 * with the same `carrier`, the first by endpoint name (as `pjsip show identifies` lists them; Asterisk 22
 * matched that one for every call in tests/server/pbx/asterisk/asterisk-inbound-corps.test.ts). A
 * trunk without a carrier: its own endpoint. The generated dialplan then sets the DID's owner
 * (server/asterisk/dialplan.ts trunkDispatchContext).
 */
export function arrivalTrunk(corps: Iterable<SimCorp>, corp: SimCorp, trunkNumber: string): { number: string; corpId: number } {
  const own = { number: trunkNumber, corpId: corp.corpId };
  const carrier = corp.trunks?.find((t) => t.number === trunkNumber)?.carrier;
  if (carrier === undefined) return own;
  let first = own;
  for (const c of corps) {
    for (const t of c.trunks ?? []) {
      // by endpoint name is by number: every trunk endpoint's name is `trunk_` and its number
      if (t.enabled && t.carrier === carrier && t.number < first.number) first = { number: t.number, corpId: c.corpId };
    }
  }
  return first;
}
