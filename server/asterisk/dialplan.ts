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
 *   callboard-inbound    where trunks deliver (every trunk endpoint's context, TRUNK_INBOUND_CONTEXT): a DID →
 *                        its owning corp (accountcode) and c{corpId}-inbound; Asterisk may have matched any
 *                        trunk of the carrier's address, another corp's too (trunkDispatchContext)
 *   c{corpId}-inbound    the corp's calls from its trunks: the trunk's number (DID) → its action
 *   c{corpId}-queues     {queueId} → Queue({corpId}_{queueId},t,,,{failover timeout}), then the failover
 *                        action (where campaign calls continue: domain/campaign.ts queueDialplan)
 *   c{corpId}-time       {timeConditionId} → GotoIfTime per option (C-TC), else the default action
 *   c{corpId}-ivr-{id}   an IVR (C-IVR): greeting, a digit 1-9 → its option, invalid keys retried, no key
 *                        → the default; each choice logged into ivr_log (D-IST) through realtime
 *   c{corpId}-speed      `{number}*{code}`: the extensions' speed dials
 *   c{corpId}-restrict…  restrictions (C-CRS, C-ERS): before a number leaves by a SIP route or the trunk,
 *                        the calling extension's own rules (c{corpId}-restrict-x{number}), else the
 *                        corp's and every corp's (c{corpId}-restrict): refused (Hangup 21), allowed, or
 *                        allowed with the pin (Authenticate); a number no rule names is allowed
 *   c{corpId}-incoming   incoming restrictions (C-IRS): a caller number refused before the trunk's action
 *   c{corpId}-spy, -reminder, -forward   the fixed speed-dial features (features.ts: VoiceMailMain, MeetMe,
 *                        Pickup, ChanSpy, Whisper, Reminder, Forward): who may spy, a reminder's call, the
 *                        forward every extension looks up before it rings
 *   callboard-vm-saved   the hangup handler that makes a message left a voicemail row (voicemail.ts)
 *   callboard-spy-leg    a supervisor's phone, answered, listening to a call (G-SPY: the ARI adapter
 *                        originates it here with the spied channel and ChanSpy's options)
 *
 * Outbound (domain/outbound.ts): each enabled SIP route (C-SIP) is a pattern in c{corpId}-internal that
 * dials its translation through its trunk; 0 + a number no route takes leaves by the preferred trunk.
 *
 * Media servers (C-MS, the platform's): each enabled number answers in every corp's internal context and
 * plays its sound, unless the corp has an extension or a queue code with that number (those win).
 *
 *   c{corpId}-integration-{id}   an integration (C-INT, G-AST-01): the caller's document asked for, the
 *                        corp's system asked over HTTP, the call on by its answer (integration-dialplan.ts)
 *
 * A destination (domain/destinations.ts) the generator cannot find (a row gone since) is logged
 * (Log(NOTICE)) and hung up, never silently sent somewhere else.
 *
 * The contexts go to extensions_callboard.conf (generateDialplanContexts), which extensions.conf
 * includes (dialplanMainFile); the server rewrites and reloads it after every change (dialplan-sync.ts).
 */
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { daysOf, DIAL_RING_SEC, IVR_OPTION_FIELDS, SPY_LEG, RESTRICTION_TYPES, minutesOf, parseDestination, restrictionDialPattern, RESTRICTION_PERMIT, sipRouteDialPattern, translationExpression, TRUNK_INBOUND_CONTEXT, trunkEndpointName } from '../../domain';
import type { Db } from '../db/database';
import { corpZone } from '../corp-zone';
import { DIALPLAN_INCLUDE_FILE, MOH_INCLUDE_FILE } from './config';
import { dndCheck, featureContexts, featureDigitsPattern, featureSteps, forwardCheck, type FeatureCorp } from './features';
import { integrationContext, integrationContextLines, loadIntegrations, type DialplanIntegration } from './integration-dialplan';
import { voicemailSavedContext, voicemailSteps } from './voicemail';
import { corp, destinationGroup, extension, followMe, ivr, mediaServer, mohFile, queue, restrictionCorp, restrictionExten, restrictionIn, sipRoute, speedDialCorp, speedDialExten, timeCondition, timeExtenOption, timeOption, trunk } from '../db/schema';

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
  /** may use ChanSpy and Whisper (the Spy flag) */
  spy?: boolean;
}

export interface DialplanCorp {
  id: number;
  url: string;
  name: string;
  /** the IANA zone its time conditions, extension schedules and reminders are read in (GotoIfTime's timezone, J-TZ-01); absent: Asterisk's local time */
  timeZone?: string;
  extensions: DialplanExtension[];
  queues: { id: number; name: string; failoverAction: string; failoverTimeout: number }[];
  trunks: { number: string; action: string; outgoing: boolean; preference: boolean; enabled: boolean }[];
  /** IVRs (C-IVR): `options` are option0 (the default) .. option9, '' where a digit leads nowhere */
  ivrs?: { id: number; name: string; sound: string; soundIncorrect: string; options: string[] }[];
  /** time conditions (C-TC): the default action and the options (days `Mon-Tue`, `HH:MM` from-to, action) */
  times?: { id: number; name: string; defaultAction: string; options: { from: string; to: string; days: string; action: string }[] }[];
  /** company speed dials (C-CSD): code 10-99 → destination */
  speedDials?: { number: number; action: string }[];
  /** enabled SIP routes (C-SIP): a pattern and its translation (domain/outbound.ts), out through a trunk */
  routes?: { id: number; pattern: string; translation: string; trunkNumber: string; comment: string }[];
  /** the corp's and every corp's restrictions (C-CRS), in the order they win a tie (the corp's own first) */
  restrictions?: DialplanRestriction[];
  /** the extensions' own restrictions (C-ERS), by extension number */
  extensionRestrictions?: Record<string, DialplanRestriction[]>;
  /** incoming restrictions (C-IRS): caller-number patterns refused (0) or let in (1) */
  incoming?: { pattern: string; permit: number; comment: string }[];
  /** hold music files (C-MOH, C-QUE-17..20): the corp's (queueId null) and its queues', by name */
  holdMusic?: { queueId: number | null; sound: string }[];
  /** integrations (C-INT, G-AST-01): three outcomes and four sounds */
  integrations?: DialplanIntegration[];
}

/** A restriction as dialplan patterns (a destination group's patterns, or the free pattern's). */
export interface DialplanRestriction {
  label: string;
  patterns: string[];
  permit: number;
  pin: string;
}

export interface DialplanData {
  corps: DialplanCorp[];
  /** the platform's enabled media servers (C-MS): a number any corp's phone dials to hear its sound (under the sounds folder 0) */
  mediaServers?: { number: string; sound: string }[];
}

/** How the generated dialplan reaches what is not in the database. */
export interface DialplanOptions {
  /**
   * The folder of the corps' sound files (`DATA_DIR/sounds`, FileStore's root): an IVR plays
   * `{soundsRoot}/{corpId}/{file}` without its extension. Relative paths are resolved here.
   */
  soundsRoot?: string;
}

/** What the generator reads: every enabled corp with its extensions, queues, trunks, IVRs, time conditions, follow-me and speed dials. */
export async function loadDialplanData(db: Db): Promise<DialplanData> {
  const [corps, extensions, queues, trunks, ivrs, times, options, follows, corpSpeed, extenSpeed, schedules, routes, groups, corpRules, extenRules, inRules, hold, media] = await Promise.all([
    db.select({ id: corp.id, url: corp.url, name: corp.name, enabled: corp.enabled, timeZone: corp.timeZone }).from(corp).orderBy(asc(corp.id)),
    db
      .select({ id: extension.id, corpId: extension.corpId, number: extension.number, enabled: extension.enabled, action: extension.action, onbusy: extension.onbusy, outer: extension.outer, timeExtensId: extension.timeExtensId, spy: extension.spy })
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
    db.select({ id: sipRoute.id, corpId: sipRoute.corpId, trunkId: sipRoute.trunkId, pattern: sipRoute.pattern, translation: sipRoute.translation, comment: sipRoute.comment, enabled: sipRoute.enabled }).from(sipRoute).orderBy(asc(sipRoute.id)),
    db.select({ id: destinationGroup.id, name: destinationGroup.name, patterns: destinationGroup.patterns }).from(destinationGroup),
    db.select().from(restrictionCorp).orderBy(asc(restrictionCorp.id)),
    db.select().from(restrictionExten).orderBy(asc(restrictionExten.id)),
    db.select().from(restrictionIn).orderBy(asc(restrictionIn.id)),
    db.select({ corpId: mohFile.corpId, queueId: mohFile.queueId, sound: mohFile.sound }).from(mohFile).orderBy(asc(mohFile.name), asc(mohFile.id)),
    db.select({ number: mediaServer.number, sound: mediaServer.sound }).from(mediaServer).where(eq(mediaServer.enabled, true)).orderBy(asc(mediaServer.number)),
  ]);
  const trunkById = new Map((await db.select({ id: trunk.id, number: trunk.number, enabled: trunk.enabled }).from(trunk)).map((t) => [t.id, t]));
  const integrations = await loadIntegrations(db);
  const extensionNumber = new Map(extensions.map((e) => [e.id, e.number]));
  /**
   * A restriction as patterns: type 3 (free pattern) and 4 (destination group) name numbers; 1 and 2 the
   * features VoiceMailMain and MeetMe, which check the word itself (features.ts) (C-ERS, F-CONST-02).
   */
  const asRestriction = (r: { destType: number; pattern: string; groupId: number | null; permit: number; pin: string }): DialplanRestriction | null => {
    if (r.destType === 1 || r.destType === 2) {
      const word = RESTRICTION_TYPES[r.destType];
      return { label: word, patterns: [word], permit: r.permit, pin: r.pin };
    }
    if (r.destType === 3) return { label: r.pattern, patterns: [restrictionDialPattern(r.pattern)], permit: r.permit, pin: r.pin };
    const group = r.destType === 4 ? groups.find((g) => g.id === r.groupId) : undefined;
    return group ? { label: group.name, patterns: group.patterns.filter((p) => DIAL_PATTERN.test(p)), permit: r.permit, pin: r.pin } : null;
  };
  return {
    mediaServers: media,
    corps: corps
      .filter((c) => c.enabled)
      .map((c) => ({
        id: c.id,
        url: c.url,
        name: c.name,
        timeZone: corpZone(c.timeZone),
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
        routes: routes.flatMap((r) => {
          const via = trunkById.get(r.trunkId);
          return r.corpId === c.id && r.enabled && via?.enabled ? [{ id: r.id, pattern: r.pattern, translation: r.translation, trunkNumber: via.number, comment: r.comment }] : [];
        }),
        // the corp's own rules win a tie with every corp's (null corp)
        restrictions: [...corpRules.filter((r) => r.corpId === c.id), ...corpRules.filter((r) => r.corpId === null)].map(asRestriction).filter((r): r is DialplanRestriction => r !== null),
        extensionRestrictions: Object.fromEntries(
          [...new Set(extenRules.filter((r) => r.corpId === c.id).map((r) => r.extenId))].flatMap((extenId) => {
            const number = extensionNumber.get(extenId);
            const rules = extenRules.filter((r) => r.extenId === extenId).map(asRestriction).filter((r): r is DialplanRestriction => r !== null);
            return number && rules.length > 0 ? [[number, rules]] : [];
          }),
        ),
        incoming: [...inRules.filter((r) => r.corpId === c.id), ...inRules.filter((r) => r.corpId === null)].map((r) => ({ pattern: r.pattern, permit: r.permit, comment: r.comment })),
        holdMusic: hold.filter((h) => h.corpId === c.id).map((h) => ({ queueId: h.queueId, sound: h.sound })),
        integrations: integrations.get(c.id) ?? [],
      })),
  };
}

/** A pattern Asterisk reads as one (a destination group holds dialplan patterns; anything else is left out). */
const DIAL_PATTERN = /^(_[0-9XZN.![\]-]+|[0-9*#]+)$/;

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
 * (enqueue_…, login_…, logout_…, and the features: features.ts) are read too.
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
  if (d?.kind === 'queueSpeed' && d.action !== 'enqueue' && d.corpId === c.id && c.queues.some((q) => q.id === d.queueId)) return queueLoginSteps(c, d.queueId, d.action);
  if (d?.kind === 'fixed') return featureSteps(featureCorp(c), d.word, null);
  if (d?.kind === 'integration' && c.integrations?.some((i) => i.id === d.id)) return [` same => n,Goto(${integrationContext(c.id, d.id)},s,1)`];
  return [` same => n,Log(NOTICE,Callboard: destination ${argText(destination)} is not in the generated dialplan)`, ' same => n,Hangup()'];
}

/**
 * Queue login / logout (C-CSD-06 `login_{corpId}_{queueId}`, `logout_…`): the calling extension joins
 * or leaves the queue through realtime, whose write-back triggers keep Callboard's queue_member rows
 * (migration 0013): REALTIME_STORE into queue_members, REALTIME_DESTROY by its member_key. The call is
 * answered and ends after 3 s, or when the caller hangs up (no prompt: the kit has no sounds).
 */
function queueLoginSteps(c: DialplanCorp, queueId: number, action: 'login' | 'logout'): string[] {
  const queueName = `${c.id}_${queueId}`;
  const change =
    action === 'login'
      ? ` same => n,Set(REALTIME_STORE(queue_members,queue_name,interface,membername,state_interface,penalty,paused)=${queueName},PJSIP/\${CHANNEL(endpoint)},\${CUT(CHANNEL(endpoint),_,2)},PJSIP/\${CHANNEL(endpoint)},1,0)`
      : ` same => n,Set(CB_GONE=\${REALTIME_DESTROY(queue_members,member_key,${queueName}|PJSIP/\${CHANNEL(endpoint)})})`;
  return [' same => n,Answer()', ` same => n,NoOp(queue ${queueName} ${action} of \${CHANNEL(endpoint)})`, change, ' same => n,Wait(3)', ' same => n,Hangup()'];
}

/** Whether the corp's phones can set a forward: a company or extension speed dial is Forward. */
function forwarding(c: DialplanCorp): boolean {
  return [...(c.speedDials ?? []), ...c.extensions.flatMap((e) => e.speedDials ?? [])].some((s) => s.action === 'Forward');
}

/** What the features (features.ts) need of a corp. */
function featureCorp(c: DialplanCorp): FeatureCorp {
  return { id: c.id, restrictionCheck: (what) => restrictionCheck(c, what), timeZone: c.timeZone };
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
  if (action === 'voicemail') return voicemailSteps(c.id, e.number, reason);
  if (action === 'followMe') return followSteps(c, e);
  if (action === 'exTouch') {
    const target = e.outer ? dialTarget(c, e.outer) : null;
    return target ? [` same => n,Dial(${target},${DIAL_RING_SEC.out})`] : [];
  }
  return [];
}

/**
 * An extension (C-EXT-25): unless forwarded from its phone (features.ts), rung for 30 s (simTouch: together with its external number); unanswered (no
 * answer, unreachable) it goes by its action, busy by its busy action: voicemail to its mailbox (as the
 * simulator does, dial-calls.ts mailboxFor), followMe through its follow-me numbers, exTouch to its
 * external number. `forward`: whether the corp has a Forward speed dial (given by a caller that knows).
 */
export function extensionSteps(c: DialplanCorp, e: DialplanExtension, forward = forwarding(c)): string[] {
  const outer = e.action === 'simTouch' && e.outer ? dialTarget(c, e.outer) : null;
  const dial = `Dial(PJSIP/${c.id}_${e.number}${outer ? `&${outer}` : ''},${DIAL_RING_SEC.extension})`;
  const unanswered = fallbackSteps(c, e, e.action, 'u');
  const busy = fallbackSteps(c, e, e.onbusy, 'b');
  // C-ETC: outside its schedule the extension does not ring; the call goes as an unanswered one
  const schedule = (e.schedule ?? []).map((o) => timeCheck(o, c.timeZone)).filter((check): check is string => check !== null);
  // where the corp has a Forward speed dial, a forward set from the phone (features.ts) goes first; a
  // phone in do-not-disturb (G-AGS-03) is not rung: its call goes as a busy one
  const steps: string[] = [...(forward ? forwardCheck(c.id, e.number) : []), dndCheck(c.id, e.number, 'dnd')];
  if (schedule.length > 0) {
    steps.push(
      ` same => n,NoOp(extension ${e.number}: takes calls on its schedule)`,
      ...schedule.map((check) => ` same => n,GotoIfTime(${check}?ring)`),
      ` same => n,Goto(${unanswered.length > 0 ? 'closed' : 'done'})`,
      ` same => n(ring),${dial}`,
    );
  } else steps.push(` same => n,${dial}`);
  const [first, ...rest] = steps;
  const lines = [first.replace(/^ same => n,/, `exten => ${e.number},1,`), ...rest];
  const dnd = [' same => n(dnd),Set(DIALSTATUS=BUSY)', busy.length > 0 ? ' same => n,Goto(busy)' : ' same => n,Busy(5)'];
  if (unanswered.length === 0 && busy.length === 0) return [...lines, ` same => n${schedule.length > 0 ? '(done)' : ''},Hangup()`, ...dnd];
  lines.push(' same => n,GotoIf($["${DIALSTATUS}" = "ANSWER"]?done)');
  lines.push(` same => n,GotoIf($["\${DIALSTATUS}" = "BUSY"]?${busy.length > 0 ? 'busy' : 'done'})`);
  lines.push(...(schedule.length > 0 && unanswered.length > 0 ? labelled('closed', unanswered) : unanswered));
  lines.push(' same => n(done),Hangup()');
  if (busy.length > 0) lines.push(...labelled('busy', busy), ' same => n,Hangup()');
  lines.push(...dnd);
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

/** GotoIfTime's condition for a time option (days and hours, in the corp's `timeZone` when given); null for an empty one. */
function timeCheck(o: { from: string; to: string; days: string }, timeZone: string | undefined): string | null {
  const days = daysOf(o.days).map((d) => d.toLowerCase());
  if (days.length === 0 || minutesOf(o.from) >= minutesOf(o.to)) return null;
  const zone = timeZone && /^[A-Za-z0-9_+/-]+$/.test(timeZone) ? `,${timeZone}` : '';
  return `${o.from}-${lastMinute(o.to)},${days.join('&')},*,*${zone}`;
}

/**
 * The time conditions of a corp (C-TC), `c{corpId}-time`, one extension per condition: each option in
 * turn (GotoIfTime on its days and hours, in the corp's zone), else the default action.
 */
export function timeConditionContext(c: DialplanCorp): string[] {
  const lines = [`[${timeContext(c.id)}]`];
  for (const t of c.times ?? []) {
    lines.push(`exten => ${t.id},1,NoOp(time condition ${argText(t.name)})`);
    const branches: string[] = [];
    t.options.forEach((o, i) => {
      const check = timeCheck(o, c.timeZone);
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
  for (const s of c.speedDials ?? []) {
    internal.push(`exten => *${s.number},1,NoOp(company speed dial ${s.number})`, ...destinationSteps(c, s.action));
    // a feature also takes digits after its code: *{code}{digits} (features.ts)
    const d = parseDestination(s.action);
    if (d?.kind !== 'fixed') continue;
    const digits = featureDigitsPattern(d.word, s.number);
    internal.push(`exten => ${digits.pattern},1,NoOp(company speed dial ${s.number}: ${d.word} with digits)`, ...featureSteps(featureCorp(c), d.word, digits.digits));
  }
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

function internalContext(c: DialplanCorp, speed: string[], options: DialplanOptions, media: NonNullable<DialplanData['mediaServers']>): string[] {
  const ctx = `c${c.id}-internal`;
  const lines = [`[${ctx}]`];
  const numbers = new Set(c.extensions.map((e) => e.number));
  // whether the corp's extensions look up a forward: once for all of them
  const forward = forwarding(c);
  for (const e of c.extensions) lines.push(...extensionSteps(c, e, forward));
  for (const q of c.queues) {
    const code = `6${q.id}`;
    if (numbers.has(code)) lines.push(`; queue ${q.id} (${comment(q.name)}): 6${q.id} is extension ${code}, not the queue`);
    else lines.push(`exten => ${code},1,NoOp(queue ${argText(q.name)})`, ...queueSteps(c, q));
  }
  lines.push(...mediaServerLines(c, media, options));
  lines.push(...speed);
  // SIP routes (C-SIP): the most specific pattern wins (Asterisk's ranking); each dials its translation by its trunk
  const taken = new Set<string>();
  for (const r of c.routes ?? []) {
    const pattern = sipRouteDialPattern(r.pattern);
    if (taken.has(pattern)) {
      lines.push(`; SIP route ${r.id} (${comment(r.pattern)}): an earlier route has the same pattern`);
      continue;
    }
    taken.add(pattern);
    lines.push(
      `exten => ${pattern},1,NoOp(SIP route ${r.id} ${argText(r.comment)}: ${argText(r.pattern)} to ${argText(r.translation)} by ${trunkEndpointName(r.trunkNumber)})`,
      ...restrictionCheck(c),
      ` same => n,Dial(PJSIP/${translationExpression(r.pattern, r.translation)}@${trunkEndpointName(r.trunkNumber)},${DIAL_RING_SEC.out})`,
      ' same => n,Hangup()',
    );
  }
  const out = outboundTrunk(c);
  if (out && !taken.has('_0X.')) {
    // 0 + a number no route takes: as the simulator dials, the number as dialled through the preferred trunk
    lines.push(`exten => _0X.,1,NoOp(out by the preferred trunk)`, ...restrictionCheck(c), ` same => n,Dial(PJSIP/\${EXTEN}@${trunkEndpointName(out.number)},${DIAL_RING_SEC.out})`, ' same => n,Hangup()');
  }
  // extensions created after this file was written: their endpoint is realtime, so they ring too
  lines.push(`exten => _X.,1,Dial(PJSIP/${c.id}_\${EXTEN},${DIAL_RING_SEC.extension})`, ' same => n,Hangup()');
  return lines;
}

/** The folder of the platform's own sounds (media servers): sounds/0. */
const PLATFORM_SOUNDS = 0;

/**
 * Media servers (C-MS): a number that answers and plays its sound, then hangs up; in every corp, unless
 * one of the corp's extensions or queue codes has that number (the corp's own wins). A missing file is
 * logged, the call still answered and ended.
 */
function mediaServerLines(c: DialplanCorp, media: NonNullable<DialplanData['mediaServers']>, options: DialplanOptions): string[] {
  const taken = new Set([...c.extensions.map((e) => e.number), ...c.queues.map((q) => `6${q.id}`)]);
  const lines: string[] = [];
  for (const m of media) {
    if (!/^[0-9]{2,14}$/.test(m.number)) continue;
    if (taken.has(m.number)) {
      lines.push(`; media server ${m.number}: the corp's own ${m.number} answers instead`);
      continue;
    }
    const sound = soundPath(options, PLATFORM_SOUNDS, m.sound);
    lines.push(
      `exten => ${m.number},1,NoOp(media server ${m.number})`,
      ' same => n,Answer()',
      sound ? ` same => n,Playback(${sound})` : ` same => n,Log(NOTICE,Callboard: media server ${m.number} has no sound to play)`,
      ' same => n,Hangup()',
    );
  }
  return lines;
}

function inboundContext(c: DialplanCorp): string[] {
  const lines = [`[c${c.id}-inbound]`];
  const trunks = c.trunks.filter((t) => t.enabled);
  const check = (c.incoming ?? []).length > 0 ? [` same => n,Gosub(${incomingContext(c.id)}-check,s,1)`] : [];
  for (const t of trunks) {
    lines.push(`exten => ${t.number},1,NoOp(trunk ${trunkEndpointName(t.number)})`, ...check, ...destinationSteps(c, t.action));
  }
  // a carrier that sends another number: the preferred trunk's action
  const main = [...trunks].sort((a, b) => Number(b.preference) - Number(a.preference))[0];
  lines.push(`exten => _[0-9+*#a-zA-Z].,1,NoOp(inbound ${main ? `as ${trunkEndpointName(main.number)}` : 'with no trunk'})`, ...check, ...(main ? destinationSteps(c, main.action) : [' same => n,Hangup()']));
  return lines;
}

/**
 * Where every trunk endpoint delivers (TRUNK_INBOUND_CONTEXT). A carrier's call is identified by its
 * source address, which every trunk of that carrier server shares, so Asterisk may have matched any of
 * them, another corp's too: the DID decides. A trunk's number is unique on the platform (trunk_number_unique),
 * so each DID has one owner, whichever carrier server it arrives from; the channel takes that corp as
 * its accountcode (its records and live state), then goes to the corp's own inbound context. A number
 * no trunk has stays with the corp of the trunk Asterisk matched (its preferred trunk's action, as before).
 */
function trunkDispatchContext(corps: DialplanCorp[]): string[] {
  const lines = [`[${TRUNK_INBOUND_CONTEXT}]`];
  for (const c of corps) {
    for (const t of c.trunks.filter((trunk) => trunk.enabled)) {
      lines.push(`exten => ${t.number},1,Set(CHANNEL(accountcode)=${c.id})`, ` same => n,Goto(c${c.id}-inbound,\${EXTEN},1)`);
    }
  }
  lines.push('exten => _[0-9+*#a-zA-Z].,1,Goto(c${CHANNEL(accountcode)}-inbound,${EXTEN},1)');
  return lines;
}

export const restrictContext = (corpId: number) => `c${corpId}-restrict`;
export const incomingContext = (corpId: number) => `c${corpId}-incoming`;

/**
 * The restriction check, when the corp has any rule: before a number leaves (a SIP route or the trunk:
 * `what` the number dialled) and before the features VoiceMailMain and MeetMe (`what` the word).
 */
function restrictionCheck(c: DialplanCorp, what = '${EXTEN}'): string[] {
  const any = (c.restrictions ?? []).length > 0 || Object.keys(c.extensionRestrictions ?? {}).length > 0;
  return any ? [` same => n,Gosub(${restrictContext(c.id)}-check,s,1(${what}))`] : [];
}

/** One restriction's extensions: each of its patterns refuses (21: call rejected), allows, or asks for the pin. */
function restrictionLines(rules: DialplanRestriction[], who: string): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const r of rules) {
    for (const pattern of r.patterns) {
      // two rules with one pattern: the first (the more particular owner, then the older rule) decides
      if (seen.has(pattern)) continue;
      seen.add(pattern);
      lines.push(`exten => ${pattern},1,NoOp(restriction of ${who}: ${argText(r.label)}, permit ${r.permit})`);
      if (r.permit === RESTRICTION_PERMIT.allow) lines.push(' same => n,Return()');
      else if (r.permit === RESTRICTION_PERMIT.pin && /^[0-9]+$/.test(r.pin)) lines.push(` same => n,Authenticate(${r.pin})`, ' same => n,Return()');
      // refused, and a pin rule without a usable pin (the form requires one): fails closed
      else lines.push(` same => n,Log(NOTICE,Callboard: \${ARG1} refused by the restriction ${argText(r.label)} of ${who})`, ' same => n,Hangup(21)');
    }
  }
  return lines;
}

/**
 * Restrictions (C-CRS, C-ERS): `…-check` is called with the number dialled; the calling extension's own
 * rules decide first (they are its exceptions to the corp's, whatever their patterns), then the corp's
 * and every corp's; a number no rule names goes on (Return).
 */
function restrictionContexts(c: DialplanCorp): string[] {
  const own = Object.entries(c.extensionRestrictions ?? {});
  if ((c.restrictions ?? []).length === 0 && own.length === 0) return [];
  const ctx = restrictContext(c.id);
  const lines = [
    `[${ctx}-check]`,
    `exten => s,1,Set(LOCAL(own)=${ctx}-x\${CUT(CHANNEL(endpoint),_,2)})`,
    ' same => n,GotoIf($[${DIALPLAN_EXISTS(${own},${ARG1},1)}]?${own},${ARG1},1)',
    ` same => n,GotoIf($[\${DIALPLAN_EXISTS(${ctx},\${ARG1},1)}]?${ctx},\${ARG1},1)`,
    ' same => n,Return()',
    '',
    `[${ctx}]`,
    ...restrictionLines(c.restrictions ?? [], `corp ${c.id}`),
  ];
  for (const [number, rules] of own) lines.push('', `[${ctx}-x${number}]`, ...restrictionLines(rules, `extension ${number}`));
  return lines;
}

/** Incoming restrictions (C-IRS): the caller's number (its digits) refused (21) or let in; none named: let in. */
function incomingContexts(c: DialplanCorp): string[] {
  const rules = c.incoming ?? [];
  if (rules.length === 0) return [];
  const ctx = incomingContext(c.id);
  const lines = [
    `[${ctx}-check]`,
    'exten => s,1,Set(LOCAL(caller)=${FILTER(0-9,${CALLERID(num)})})',
    ` same => n,GotoIf($["\${caller}" != "" & \${DIALPLAN_EXISTS(${ctx},\${caller},1)}]?${ctx},\${caller},1)`,
    ' same => n,Return()',
    '',
    `[${ctx}]`,
  ];
  const seen = new Set<string>();
  for (const r of rules) {
    const pattern = restrictionDialPattern(r.pattern);
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    lines.push(`exten => ${pattern},1,NoOp(incoming restriction ${argText(r.pattern)} ${argText(r.comment)}, permit ${r.permit})`);
    lines.push(...(r.permit === RESTRICTION_PERMIT.refuse ? [' same => n,Log(NOTICE,Callboard: caller ${CALLERID(num)} refused)', ' same => n,Hangup(21)'] : [' same => n,Return()']));
  }
  return lines;
}

/** Where the ARI adapter sends a supervisor's answered phone: ChanSpy on the channel it names (domain SPY_LEG). */
function spyLegContext(): string[] {
  return [
    `[${SPY_LEG.context}]`,
    `exten => s,1,ChanSpy(\${${SPY_LEG.channelVar}},\${${SPY_LEG.optionsVar}})`,
    ' same => n,Hangup()',
  ];
}

function queuesContext(c: DialplanCorp): string[] {
  const lines = [`[c${c.id}-queues]`];
  for (const q of c.queues) lines.push(`exten => ${q.id},1,NoOp(queue ${argText(q.name)})`, ...queueSteps(c, q));
  return lines;
}

export { DIALPLAN_INCLUDE_FILE, MOH_INCLUDE_FILE };

/** The corps' contexts: what extensions_callboard.conf holds. */
export function generateDialplanContexts(data: DialplanData, options: DialplanOptions = {}): string {
  const out = [
    '; The contexts of Callboard, generated from its configuration (server/asterisk/dialplan.ts): rewritten by',
    '; `npm run asterisk:config` and, with ASTERISK_DIALPLAN_FILE, by the server after every change. Do not edit.',
  ];
  for (const c of data.corps) {
    const speed = speedDialLines(c);
    out.push('', `; ================= ${comment(c.name)} (${comment(c.url)}, corp ${c.id})`, ...internalContext(c, speed.internal, options, data.mediaServers ?? []), '', ...inboundContext(c), '', ...queuesContext(c));
    if (c.times?.length) out.push('', ...timeConditionContext(c));
    for (const i of c.ivrs ?? []) out.push('', ...ivrContextLines(c, i, options));
    for (const i of c.integrations ?? []) out.push('', ...integrationContextLines(c.id, i, { sound: (file) => soundPath(options, c.id, file), steps: (destination) => destinationSteps(c, destination) }));
    if (speed.context.length) out.push('', ...speed.context);
    const restrict = restrictionContexts(c);
    if (restrict.length) out.push('', ...restrict);
    const incoming = incomingContexts(c);
    if (incoming.length) out.push('', ...incoming);
    out.push('', ...featureContexts(c.id, c.extensions.filter((e) => e.spy).map((e) => e.number), forwarding(c)));
  }
  out.push('', ...trunkDispatchContext(data.corps), '', ...voicemailSavedContext(), '', ...spyLegContext());
  return out.join('\n') + '\n';
}

/** A class name as the realtime `queues` view names it (migration 0011): `corp_{corpId}`, `queue_{queueId}`. */
export const mohClass = (owner: { corpId: number } | { queueId: number }) => ('queueId' in owner ? `queue_${owner.queueId}` : `corp_${owner.corpId}`);

/**
 * The hold music classes (C-MOH, C-QUE-17..20): one playlist class per corp with files of its own and
 * per queue with files, each entry a stored sound under soundsRoot (without its extension: Asterisk
 * picks the format). The realtime `queues` view gives a queue its class, else its corp's (0011).
 */
export function generateMohClasses(data: DialplanData, options: DialplanOptions = {}): string {
  const out = ['; Callboard\'s hold music classes, generated from its configuration (server/asterisk/dialplan.ts). Do not edit.'];
  for (const c of data.corps) {
    const owners = [null, ...new Set((c.holdMusic ?? []).flatMap((h) => (h.queueId === null ? [] : [h.queueId])))];
    for (const queueId of owners) {
      const entries = (c.holdMusic ?? []).filter((h) => h.queueId === queueId).flatMap((h) => soundPath(options, c.id, h.sound) ?? []);
      if (entries.length === 0) continue;
      out.push('', `[${mohClass(queueId === null ? { corpId: c.id } : { queueId })}]`, 'mode = playlist', ...entries.map((e) => `entry = ${e}`));
    }
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
