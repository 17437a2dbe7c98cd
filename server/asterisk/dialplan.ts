/**
 * The dialplan generated from Callboard's configuration (spec 2), in the contexts and names the
 * simulator and the ARI adapter use (ARCHITECTURE "Real time"; domain/campaign.ts):
 *
 *   c{corpId}-internal   where the corp's extensions call from (ps_endpoints.context):
 *                        an extension number → Dial(PJSIP/{corpId}_{number},30) (simTouch: with its
 *                        external number), then by its action (unanswered) / busy action (busy):
 *                        voicemail `{number}@c{corpId}-vm`, follow-me (C-FOL: each number in order for
 *                        its timeout), exTouch (its external number); outside its schedule (C-ETC) it
 *                        does not ring and goes as unanswered; any other number of digits → the
 *                        same Dial (an extension created after this file was written rings too: the
 *                        endpoint is realtime); 0 + a number → out through the corp's trunk;
 *                        6{queueId} → the queue (skipped where an extension has that number);
 *                        *{10-99} → a company speed dial (C-CSD), *{1-9} → the calling extension's own (C-ESD)
 *   c{corpId}-inbound    where trunks deliver (trunk endpoints' context): the trunk's number (DID) → its action
 *   c{corpId}-queues     {queueId} → Queue({corpId}_{queueId},t,,,{failover timeout}), then the failover
 *                        action (where campaign calls continue: domain/campaign.ts queueDialplan)
 *   c{corpId}-time       {timeConditionId} → GotoIfTime per option (C-TC), else the default action
 *   c{corpId}-ivr-{id}   an IVR (C-IVR): greeting, a digit 1-9 → its option, invalid keys retried, no key
 *                        → the default; each choice logged into ivr_log (D-IST) through realtime
 *   c{corpId}-speed      `{number}*{code}`: the extensions' speed dials
 *
 * A destination (domain/destinations.ts) that is not generated yet (integrations, queue login / logout
 * and the features other than VoiceMailMain) is logged (Log(NOTICE)) and hung up, never silently sent
 * somewhere else. Not generated yet either: SIP routes with their translations, restrictions (corporate,
 * extension, incoming), media servers and the per-corp / per-queue hold music.
 *
 * The contexts go to extensions_callboard.conf (generateDialplanContexts), which extensions.conf
 * includes (dialplanMainFile); the server rewrites and reloads it after every change (dialplan-sync.ts).
 */
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { daysOf, IVR_OPTION_FIELDS, minutesOf, parseDestination, trunkEndpointName } from '../../domain';
import type { Db } from '../db/database';
import { DIALPLAN_INCLUDE_FILE } from './config';
import { corp, extension, followMe, ivr, queue, speedDialCorp, speedDialExten, timeCondition, timeExtenOption, timeOption, trunk } from '../db/schema';

export interface DialplanExtension {
  number: string;
  enabled: boolean;
  action: string;
  onbusy: string;
  /** the external number (simTouch, exTouch) */
  outer?: string;
  /** follow-me (C-FOL), in order */
  follow?: { number: string; timeout: number }[];
  /** the extension's speed dials (C-ESD): code 1-9 → destination */
  speedDials?: { number: number; action: string }[];
  /** its time schedule (C-ETC): when it takes calls; none or empty: always */
  schedule?: { from: string; to: string; days: string }[];
}

export interface DialplanCorp {
  id: number;
  url: string;
  name: string;
  extensions: DialplanExtension[];
  queues: { id: number; name: string; failoverAction: string; failoverTimeout: number }[];
  trunks: { number: string; action: string; outgoing: boolean; preference: boolean; enabled: boolean }[];
  /** IVRs (C-IVR): `options` are option0 (the default) .. option9, '' where a digit leads nowhere */
  ivrs?: { id: number; name: string; sound: string; soundIncorrect: string; options: string[] }[];
  /** time conditions (C-TC): the default action and the options (days `Mon-Tue`, `HH:MM` from-to, action) */
  times?: { id: number; name: string; defaultAction: string; options: { from: string; to: string; days: string; action: string }[] }[];
  /** company speed dials (C-CSD): code 10-99 → destination */
  speedDials?: { number: number; action: string }[];
}

export interface DialplanData {
  corps: DialplanCorp[];
}

/** How the generated dialplan reaches what is not in the database. */
export interface DialplanOptions {
  /**
   * The folder of the corps' sound files (`DATA_DIR/sounds`, FileStore's root): an IVR plays
   * `{soundsRoot}/{corpId}/{file}` without its extension. Relative paths are resolved here.
   */
  soundsRoot?: string;
  /** the IANA zone time conditions are read in (GotoIfTime's timezone); default Asterisk's local time */
  timeZone?: string;
}

/** What the generator reads: every enabled corp with its extensions, queues, trunks, IVRs, time conditions, follow-me and speed dials. */
export async function loadDialplanData(db: Db): Promise<DialplanData> {
  const [corps, extensions, queues, trunks, ivrs, times, options, follows, corpSpeed, extenSpeed, schedules] = await Promise.all([
    db.select({ id: corp.id, url: corp.url, name: corp.name, enabled: corp.enabled }).from(corp).orderBy(asc(corp.id)),
    db
      .select({ id: extension.id, corpId: extension.corpId, number: extension.number, enabled: extension.enabled, action: extension.action, onbusy: extension.onbusy, outer: extension.outer, timeExtensId: extension.timeExtensId })
      .from(extension)
      .orderBy(asc(extension.number)),
    db
      .select({ id: queue.id, corpId: queue.corpId, name: queue.name, failoverAction: queue.failoverAction, failoverTimeout: queue.failoverTimeout })
      .from(queue)
      .orderBy(asc(queue.id)),
    db
      .select({ corpId: trunk.corpId, number: trunk.number, action: trunk.action, outgoing: trunk.outgoing, preference: trunk.preference, enabled: trunk.enabled })
      .from(trunk)
      .orderBy(asc(trunk.id)),
    db.select().from(ivr).orderBy(asc(ivr.id)),
    db.select().from(timeCondition).orderBy(asc(timeCondition.id)),
    db.select().from(timeOption).orderBy(asc(timeOption.timeId), asc(timeOption.from)),
    db.select().from(followMe).orderBy(asc(followMe.extenId), asc(followMe.order)),
    db.select().from(speedDialCorp).orderBy(asc(speedDialCorp.number)),
    db.select().from(speedDialExten).orderBy(asc(speedDialExten.extenId), asc(speedDialExten.number)),
    db.select().from(timeExtenOption).orderBy(asc(timeExtenOption.timeId), asc(timeExtenOption.from)),
  ]);
  return {
    corps: corps
      .filter((c) => c.enabled)
      .map((c) => ({
        id: c.id,
        url: c.url,
        name: c.name,
        extensions: extensions
          .filter((e) => e.corpId === c.id)
          .map(({ id, corpId: _corp, timeExtensId, ...e }) => ({
            ...e,
            schedule: timeExtensId > 0 ? schedules.filter((o) => o.timeId === timeExtensId && o.corpId === c.id).map((o) => ({ from: o.from, to: o.to, days: o.days })) : [],
            follow: follows.filter((f) => f.extenId === id).map((f) => ({ number: f.number, timeout: f.timeout })),
            speedDials: extenSpeed.filter((s) => s.extenId === id).map((s) => ({ number: s.number, action: s.action })),
          })),
        queues: queues.filter((q) => q.corpId === c.id),
        trunks: trunks.filter((t) => t.corpId === c.id),
        ivrs: ivrs
          .filter((i) => i.corpId === c.id)
          .map((i) => ({ id: i.id, name: i.name, sound: i.sound, soundIncorrect: i.soundIncorrect, options: IVR_OPTION_FIELDS.map((o) => i[o]) })),
        times: times
          .filter((t) => t.corpId === c.id)
          .map((t) => ({ id: t.id, name: t.name, defaultAction: t.defaultAction, options: options.filter((o) => o.timeId === t.id).map((o) => ({ from: o.from, to: o.to, days: o.days, action: o.action })) })),
        speedDials: corpSpeed.filter((s) => s.corpId === c.id).map((s) => ({ number: s.number, action: s.action })),
      })),
  };
}

/** A dialplan comment: one line, no control characters. */
const comment = (text: string) => text.replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7e\u00a0-\uffff]/g, '');
/** Text inside an application's arguments (NoOp, Log): no separators, no `${…}` / `$[…]` for Asterisk to evaluate. */
const argText = (text: string) => comment(text).replace(/[,()$[\]{};\\|"]/g, ' ');

/** The corp's outbound trunk: the preferred enabled outgoing one (as the simulator dials). */
function outboundTrunk(c: DialplanCorp): DialplanCorp['trunks'][number] | undefined {
  return c.trunks.filter((t) => t.enabled && t.outgoing).sort((a, b) => Number(b.preference) - Number(a.preference))[0];
}

/** What Dial() rings for a number: an extension of the corp, else out through the corp's trunk; null when there is none. */
function dialTarget(c: DialplanCorp, number: string): string | null {
  if (c.extensions.some((e) => e.number === number)) return `PJSIP/${c.id}_${number}`;
  const out = outboundTrunk(c);
  return out && /^[0-9]+$/.test(number) ? `PJSIP/${number}@${trunkEndpointName(out.number)}` : null;
}

/** A sound file as Asterisk names it: the absolute path without its extension; null without a file or a folder. */
export function soundPath(options: DialplanOptions, corpId: number, file: string): string | null {
  if (!file || !options.soundsRoot || !/^[A-Za-z0-9/_.-]+$/.test(file) || file.includes('..')) return null;
  return path.join(path.resolve(options.soundsRoot), String(corpId), file.replace(/\.[A-Za-z0-9]+$/, ''));
}

/** Context names of the generated objects. */
export const ivrContext = (corpId: number, ivrId: number) => `c${corpId}-ivr-${ivrId}`;
export const timeContext = (corpId: number) => `c${corpId}-time`;

/**
 * The dialplan steps of a destination (domain/destinations.ts), from priority `n` on. A queue runs where
 * the call is (`inline`): the caller's cdr keeps the number it dialled and the context it came in by
 * (dst = the trunk's number, dcontext = c{corpId}-inbound), as the simulator writes it; a queue's own
 * failover goes by Goto to the queue's context, so two queues failing over to each other cannot loop the generator.
 * An IVR goes to its menu (c{corpId}-ivr-{id}), a time condition to c{corpId}-time; speed-dial values
 * (enqueue_…, VoiceMailMain) are read too.
 */
export function destinationSteps(c: DialplanCorp, destination: string, inline = true): string[] {
  const d = parseDestination(destination);
  if (d?.kind === 'hangup') return [' same => n,Hangup()'];
  const queueId = d?.kind === 'queue' ? d.id : d?.kind === 'queueSpeed' && d.action === 'enqueue' && d.corpId === c.id ? d.queueId : null;
  const queue = queueId !== null ? c.queues.find((q) => q.id === queueId) : undefined;
  if (queue && inline) return queueSteps(c, queue);
  if (queue) return [` same => n,Goto(c${c.id}-queues,${queue.id},1)`];
  if (d?.kind === 'exten' && c.extensions.some((e) => e.number === d.number)) return [` same => n,Goto(c${c.id}-internal,${d.number},1)`];
  if (d?.kind === 'ivr' && c.ivrs?.some((i) => i.id === d.id)) return [` same => n,Goto(${ivrContext(c.id, d.id)},s,1)`];
  if (d?.kind === 'time' && c.times?.some((t) => t.id === d.id)) return [` same => n,Goto(${timeContext(c.id)},${d.id},1)`];
  if (d?.kind === 'fixed' && d.word === 'VoiceMailMain') return [' same => n,Answer()', ` same => n,VoiceMailMain(\${CALLERID(num)}@c${c.id}-vm)`, ' same => n,Hangup()'];
  // integrations, the queue login / logout and the other features: not generated yet
  return [` same => n,Log(NOTICE,Callboard: destination ${argText(destination)} is not in the generated dialplan yet)`, ' same => n,Hangup()'];
}

/** `steps` with the first one labelled. */
function labelled(label: string, steps: string[]): string[] {
  if (steps.length === 0) return [` same => n(${label}),NoOp()`];
  const [first, ...rest] = steps;
  return [first.replace(/^ same => n,/, ` same => n(${label}),`), ...rest];
}

/** Follow-me (C-FOL): each number in order for its timeout (0: skipped), until one answers. */
function followSteps(c: DialplanCorp, e: DialplanExtension): string[] {
  const lines: string[] = [];
  for (const f of e.follow ?? []) {
    const target = dialTarget(c, f.number);
    if (!target || f.timeout <= 0) {
      lines.push(` same => n,NoOp(follow-me ${argText(f.number)} skipped: ${target ? 'no timeout' : 'no route'})`);
      continue;
    }
    lines.push(` same => n,Dial(${target},${f.timeout})`, ' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)');
  }
  return lines;
}

/** What an unanswered (`u`) or busy (`b`) call does by the extension's action; [] when it just ends. */
function fallbackSteps(c: DialplanCorp, e: DialplanExtension, action: string, reason: 'u' | 'b'): string[] {
  if (action === 'voicemail') return [` same => n,VoiceMail(${e.number}@c${c.id}-vm,${reason})`];
  if (action === 'followMe') return followSteps(c, e);
  if (action === 'exTouch') {
    const target = e.outer ? dialTarget(c, e.outer) : null;
    return target ? [` same => n,Dial(${target},60)`] : [];
  }
  return [];
}

/**
 * An extension (C-EXT-25): rung for 30 s (simTouch: together with its external number); unanswered (no
 * answer, unreachable) it goes by its action, busy by its busy action: voicemail to its mailbox (as the
 * simulator does, dial-calls.ts mailboxFor), followMe through its follow-me numbers, exTouch to its
 * external number.
 */
export function extensionSteps(c: DialplanCorp, e: DialplanExtension, options: DialplanOptions = {}): string[] {
  const outer = e.action === 'simTouch' && e.outer ? dialTarget(c, e.outer) : null;
  const dial = `Dial(PJSIP/${c.id}_${e.number}${outer ? `&${outer}` : ''},30)`;
  const unanswered = fallbackSteps(c, e, e.action, 'u');
  const busy = fallbackSteps(c, e, e.onbusy, 'b');
  // C-ETC: outside its schedule the extension does not ring; the call goes as an unanswered one
  const schedule = (e.schedule ?? []).map((o) => timeCheck(o, options)).filter((check): check is string => check !== null);
  const lines =
    schedule.length > 0
      ? [
          `exten => ${e.number},1,NoOp(extension ${e.number}: takes calls on its schedule)`,
          ...schedule.map((check) => ` same => n,GotoIfTime(${check}?ring)`),
          ` same => n,Goto(${unanswered.length > 0 ? 'closed' : 'done'})`,
          ` same => n(ring),${dial}`,
        ]
      : [`exten => ${e.number},1,${dial}`];
  if (unanswered.length === 0 && busy.length === 0) return [...lines, ` same => n${schedule.length > 0 ? '(done)' : ''},Hangup()`];
  lines.push(' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)');
  lines.push(` same => n,GotoIf($["\${DIALSTATUS}" = "BUSY"]?${busy.length > 0 ? 'busy' : 'done'})`);
  lines.push(...(schedule.length > 0 && unanswered.length > 0 ? labelled('closed', unanswered) : unanswered));
  lines.push(' same => n(done),Hangup()');
  if (busy.length > 0) lines.push(...labelled('busy', busy), ' same => n,Hangup()');
  return lines;
}

/** A queue: answered, Queue({corpId}_{queueId},t,,,{failover timeout}) as the simulator's lastdata, then the failover action. */
function queueSteps(c: DialplanCorp, q: DialplanCorp['queues'][number]): string[] {
  return [' same => n,Answer()', ` same => n,Queue(${c.id}_${q.id},t,,,${q.failoverTimeout > 0 ? q.failoverTimeout : ''})`, ...destinationSteps(c, q.failoverAction, false)];
}

/** `HH:MM` one minute earlier: GotoIfTime's end minute is inclusive, an option's `to` is not (23:59 stays: the end of the day). */
function lastMinute(to: string): string {
  if (to === '23:59') return to;
  const m = Math.max(0, minutesOf(to) - 1);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** GotoIfTime's condition for a time option (days and hours, in `timeZone` when given); null for an empty one. */
function timeCheck(o: { from: string; to: string; days: string }, options: DialplanOptions): string | null {
  const days = daysOf(o.days).map((d) => d.toLowerCase());
  if (days.length === 0 || minutesOf(o.from) >= minutesOf(o.to)) return null;
  const zone = options.timeZone && /^[A-Za-z0-9_+/-]+$/.test(options.timeZone) ? `,${options.timeZone}` : '';
  return `${o.from}-${lastMinute(o.to)},${days.join('&')},*,*${zone}`;
}

/**
 * The time conditions of a corp (C-TC), `c{corpId}-time`, one extension per condition: each option in
 * turn (GotoIfTime on its days and hours, in `timeZone` when given), else the default action.
 */
export function timeConditionContext(c: DialplanCorp, options: DialplanOptions = {}): string[] {
  const lines = [`[${timeContext(c.id)}]`];
  for (const t of c.times ?? []) {
    lines.push(`exten => ${t.id},1,NoOp(time condition ${argText(t.name)})`);
    const branches: string[] = [];
    t.options.forEach((o, i) => {
      const check = timeCheck(o, options);
      if (!check) return;
      const days = daysOf(o.days).map((d) => d.toLowerCase());
      const label = `o${i + 1}`;
      lines.push(` same => n,GotoIfTime(${check}?${label})`);
      branches.push(...labelled(label, [` same => n,NoOp(time condition ${t.id} option ${i + 1}: ${days.join(' ')} ${o.from}-${o.to})`, ...destinationSteps(c, o.action)]));
    });
    lines.push(` same => n,NoOp(time condition ${t.id}: no option matches now)`, ...destinationSteps(c, t.defaultAction), ...branches);
  }
  return lines;
}

/** How many keys an IVR takes (invalid ones included) before it goes to its default option. */
export const IVR_TRIES = 3;
/** Seconds an IVR waits for a key after its greeting. */
export const IVR_WAIT_SECONDS = 5;

/**
 * The caller's choice into Callboard's ivr_log (D-IST), as the simulator records it: the digit, `i` for
 * a key with no option, `t` for no key; written through realtime (extconfig family ivr_log).
 */
function ivrLogStep(c: DialplanCorp, ivrId: number, option: string): string {
  return ` same => n,Set(REALTIME_STORE(ivr_log,corp_id,ivr_id,calldate,uniqueid,caller,option)=${c.id},${ivrId},\${STRFTIME(\${EPOCH},UTC,%Y-%m-%d %H:%M:%S)}+00,\${UNIQUEID},\${FILTER(0-9A-Za-z+*#,\${CALLERID(num)})},${option})`;
}

/**
 * An IVR (C-IVR), a context of its own, `c{corpId}-ivr-{id}`: answers, plays its greeting (the file
 * under soundsRoot; none or a missing file: silence, the call goes on) while waiting for a digit. A
 * digit 1-9 with an option goes to it; a key with none (`i`) plays the invalid-option sound and the
 * menu again, up to IVR_TRIES keys; then, and when nobody presses anything (`t`), the default option0.
 */
export function ivrContextLines(c: DialplanCorp, i: NonNullable<DialplanCorp['ivrs']>[number], options: DialplanOptions = {}): string[] {
  const greeting = soundPath(options, c.id, i.sound);
  const incorrect = soundPath(options, c.id, i.soundIncorrect);
  const lines = [
    `[${ivrContext(c.id, i.id)}]`,
    `exten => s,1,NoOp(ivr ${argText(i.name)})`,
    ' same => n,Set(CB_IVR_TRIES=0)',
    ' same => n,Answer()',
    ` same => n(menu),Set(TIMEOUT(response)=${IVR_WAIT_SECONDS})`,
    ...(greeting ? [` same => n,Background(${greeting})`] : []),
    ` same => n,WaitExten(${IVR_WAIT_SECONDS})`,
  ];
  for (let digit = 1; digit <= 9; digit++) {
    const option = i.options[digit] ?? '';
    if (!option) continue;
    lines.push(`exten => ${digit},1,NoOp(ivr ${i.id} option ${digit})`, ivrLogStep(c, i.id, String(digit)), ...destinationSteps(c, option));
  }
  const fallback = i.options[0] || 'hangup';
  lines.push(
    `exten => i,1,NoOp(ivr ${i.id}: a key with no option)`,
    ivrLogStep(c, i.id, 'i'),
    ...(incorrect ? [` same => n,Playback(${incorrect})`] : []),
    ' same => n,Set(CB_IVR_TRIES=$[${CB_IVR_TRIES} + 1])',
    ` same => n,GotoIf($[\${CB_IVR_TRIES} < ${IVR_TRIES}]?s,menu)`,
    ...destinationSteps(c, fallback),
    `exten => t,1,NoOp(ivr ${i.id}: no key, the default option)`,
    ivrLogStep(c, i.id, 't'),
    ...destinationSteps(c, fallback),
  );
  return lines;
}

/**
 * Speed dials: `*{code}` from an extension. A company speed dial (C-CSD, 10-99) is the same for every
 * extension of the corp; an extension speed dial (C-ESD, 1-9) is the calling extension's own, found
 * in `c{corpId}-speed` as `{number}*{code}` by the calling endpoint (`{corpId}_{number}`).
 */
function speedDialLines(c: DialplanCorp): { internal: string[]; context: string[] } {
  const internal: string[] = [];
  for (const s of c.speedDials ?? []) internal.push(`exten => *${s.number},1,NoOp(company speed dial ${s.number})`, ...destinationSteps(c, s.action));
  const own = c.extensions.filter((e) => (e.speedDials ?? []).length > 0);
  if (own.length === 0) return { internal, context: [] };
  internal.push(`exten => _*X,1,Goto(c${c.id}-speed,\${CUT(CHANNEL(endpoint),_,2)}*\${EXTEN:1},1)`);
  const context = [`[c${c.id}-speed]`];
  for (const e of own) {
    for (const s of e.speedDials ?? []) context.push(`exten => ${e.number}*${s.number},1,NoOp(speed dial ${s.number} of ${e.number})`, ...destinationSteps(c, s.action));
  }
  context.push('exten => _X.,1,Log(NOTICE,Callboard: no such speed dial ${EXTEN})', ' same => n,Hangup()');
  return { internal, context };
}

function internalContext(c: DialplanCorp, speed: string[], options: DialplanOptions): string[] {
  const ctx = `c${c.id}-internal`;
  const lines = [`[${ctx}]`];
  const numbers = new Set(c.extensions.map((e) => e.number));
  for (const e of c.extensions) lines.push(...extensionSteps(c, e, options));
  for (const q of c.queues) {
    const code = `6${q.id}`;
    if (numbers.has(code)) lines.push(`; queue ${q.id} (${comment(q.name)}): 6${q.id} is extension ${code}, not the queue`);
    else lines.push(`exten => ${code},1,NoOp(queue ${argText(q.name)})`, ...queueSteps(c, q));
  }
  lines.push(...speed);
  const out = outboundTrunk(c);
  if (out) {
    // as the simulator dials: the number as dialled, through the trunk's endpoint (SIP routes: the next step)
    lines.push(`exten => _0X.,1,Dial(PJSIP/\${EXTEN}@${trunkEndpointName(out.number)},60)`, ' same => n,Hangup()');
  }
  // extensions created after this file was written: their endpoint is realtime, so they ring too
  lines.push(`exten => _X.,1,Dial(PJSIP/${c.id}_\${EXTEN},30)`, ' same => n,Hangup()');
  return lines;
}

function inboundContext(c: DialplanCorp): string[] {
  const lines = [`[c${c.id}-inbound]`];
  const trunks = c.trunks.filter((t) => t.enabled);
  for (const t of trunks) {
    lines.push(`exten => ${t.number},1,NoOp(trunk ${trunkEndpointName(t.number)})`, ...destinationSteps(c, t.action));
  }
  // a carrier that sends another number: the preferred trunk's action
  const main = [...trunks].sort((a, b) => Number(b.preference) - Number(a.preference))[0];
  lines.push(`exten => _[0-9+*#a-zA-Z].,1,NoOp(inbound ${main ? `as ${trunkEndpointName(main.number)}` : 'with no trunk'})`, ...(main ? destinationSteps(c, main.action) : [' same => n,Hangup()']));
  return lines;
}

function queuesContext(c: DialplanCorp): string[] {
  const lines = [`[c${c.id}-queues]`];
  for (const q of c.queues) lines.push(`exten => ${q.id},1,NoOp(queue ${argText(q.name)})`, ...queueSteps(c, q));
  return lines;
}

export { DIALPLAN_INCLUDE_FILE };

/** The corps' contexts: what extensions_callboard.conf holds. */
export function generateDialplanContexts(data: DialplanData, options: DialplanOptions = {}): string {
  const out = [
    '; The contexts of Callboard, generated from its configuration (server/asterisk/dialplan.ts): rewritten by',
    '; `npm run asterisk:config` and, with ASTERISK_DIALPLAN_FILE, by the server after every change. Do not edit.',
  ];
  for (const c of data.corps) {
    const speed = speedDialLines(c);
    out.push('', `; ================= ${comment(c.name)} (${comment(c.url)}, corp ${c.id})`, ...internalContext(c, speed.internal, options), '', ...inboundContext(c), '', ...queuesContext(c));
    if (c.times?.length) out.push('', ...timeConditionContext(c, options));
    for (const i of c.ivrs ?? []) out.push('', ...ivrContextLines(c, i, options));
    if (speed.context.length) out.push('', ...speed.context);
  }
  return out.join('\n') + '\n';
}

const GENERAL = ['[general]', 'static = yes', 'writeprotect = yes', '', '[globals]'];

/** extensions.conf for these corps, the contexts in it. */
export function generateDialplan(data: DialplanData, options: DialplanOptions = {}): string {
  return [
    '; The dialplan of Callboard, generated by `npm run asterisk:config` (server/asterisk/dialplan.ts) from its configuration.',
    ...GENERAL,
    '',
  ].join('\n') + generateDialplanContexts(data, options);
}

/** extensions.conf that includes the generated contexts from DIALPLAN_INCLUDE_FILE (what `npm run asterisk:config` writes). */
export function dialplanMainFile(): string {
  return [
    '; The dialplan of Callboard (`npm run asterisk:config`, server/asterisk/dialplan.ts): the corps\' contexts are in',
    `; ${DIALPLAN_INCLUDE_FILE}, which the server rewrites and reloads after every change when ASTERISK_DIALPLAN_FILE names it.`,
    ...GENERAL,
    '',
    `#include ${DIALPLAN_INCLUDE_FILE}`,
    '',
  ].join('\n');
}
