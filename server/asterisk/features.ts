/**
 * The fixed speed-dial features of C-CSD-06 in the generated dialplan (issue 12). Spec 2 only names them
 * (VoiceMailMain, MeetMe, Pickup, ChanSpy, Whisper, Reminder, Forward); what each does here is what a PBX
 * user expects of such a feature code, kept inside the caller's corp: every channel prefix, context,
 * call group and database key below carries the corp's id.
 *
 *   feature         `*{code}`                                    `*{code}{digits}` (company speed dials)
 *   VoiceMailMain   the caller's own mailbox                     the mailbox {digits}
 *   MeetMe          the corp's conference room                   the corp's room {digits}
 *   Pickup          a call ringing in the caller's call group    the call ringing at extension {digits}
 *   ChanSpy         listen to the corp's calls, * for the next   listen to extension {digits}'s call
 *   Whisper         as ChanSpy, and talk to the spied extension  (the caller of that extension does not hear)
 *   Forward         forwarding of the caller's extension off     the caller's calls go to {digits} from now on
 *   Reminder        the caller's reminders cancelled             {HHMM}: the caller's phone rings at HH:MM
 *   DND             do-not-disturb on when off, off when on      1: on, 0: off (G-AGS-03)
 *
 * MeetMe is Asterisk's ConfBridge (app_meetme is gone from Asterisk 21 on). Restrictions of types 1
 * (VoiceMailMain) and 2 (MeetMe) decide before those two (refused, allowed, or the pin). ChanSpy and
 * Whisper are for the extensions whose Spy flag is on (C-EXT: the flag level 4 may not see or set).
 * A reminder is a call file in Asterisk's spool (pbx_spool rings at its modification time), as FreePBX's
 * wake-up calls do; the forward is in Asterisk's database (CB_FWD/{corpId}_{number}), read by every
 * extension of a corp that has a Forward speed dial before it rings (dialplan.ts extensionSteps).
 *
 * An extension's own speed dial (`*1`-`*9`) is the plain form only: `*{digit}{digits}` is no pattern of it.
 */
import type { FixedAction } from '../../domain';
import { voicemailContext } from './voicemail';

/** What a feature needs to know of its corp. */
export interface FeatureCorp {
  id: number;
  /** the steps that check restrictions for a word or number (Gosub), [] where the corp has none */
  restrictionCheck: (what: string) => string[];
  /** the IANA zone a reminder's HH:MM is read in; default Asterisk's local time */
  timeZone?: string;
}

/** How many times a call may be forwarded before it rings where it is (a forwarding loop: 201 → 202 → 201). */
export const FORWARD_HOPS = 5;
/** Asterisk's database family of forwards: `CB_FWD/{corpId}_{number}` → the number calls go to. */
export const FORWARD_FAMILY = 'CB_FWD';

export const spyContext = (corpId: number) => `c${corpId}-spy`;
export const reminderContext = (corpId: number) => `c${corpId}-reminder`;

/** The calling extension's endpoint (`{corpId}_{number}`), only the characters an endpoint of Callboard has. */
const ME = '${FILTER(0-9_,${CHANNEL(endpoint)})}';

/** The pattern of a company speed dial's `*{code}{digits}` form (a reminder's: four digits) and the expression of its digits. */
export function featureDigitsPattern(word: FixedAction, code: number): { pattern: string; digits: string } {
  return { pattern: `_*${code}${word === 'Reminder' ? 'XXXX' : 'X.'}`, digits: `\${EXTEN:${String(code).length + 1}}` };
}

/** A refusal: logged for the administrator, the call rejected (21) as a restriction is. */
const refuse = (why: string) => [` same => n,Log(NOTICE,Callboard: ${why})`, ' same => n,Hangup(21)'];

/** The caller sees the call answered (nothing to play: the kit has no sounds), then it ends. */
const confirm = [' same => n,Answer()', ' same => n,Wait(1)', ' same => n,Hangup()'];

/** The steps of a feature, from priority `n` on; `digits` is the dialplan expression of the dialled digits, null for the plain form. */
export function featureSteps(c: FeatureCorp, word: FixedAction, digits: string | null): string[] {
  switch (word) {
    case 'VoiceMailMain':
      return [...c.restrictionCheck('VoiceMailMain'), ' same => n,Answer()', ` same => n,VoiceMailMain(${digits ?? '${CALLERID(num)}'}@${voicemailContext(c.id)})`, ' same => n,Hangup()'];
    case 'MeetMe':
      return [...c.restrictionCheck('MeetMe'), ' same => n,Answer()', ` same => n,ConfBridge(c${c.id}${digits ? `-${digits}` : ''})`, ' same => n,Hangup()'];
    case 'Pickup':
      // the plain form: a call ringing at an extension of the caller's call group (ps_endpoints' named groups
      // c{corpId}_{callgroup}, migration 0014); with digits: the call the corp's dialplan is ringing at that number
      return [` same => n,Pickup(${digits ? `${digits}@c${c.id}-internal` : ''})`, ' same => n,Hangup()'];
    case 'ChanSpy':
    case 'Whisper': {
      // q: no beep or name announced; E: ends with the spied call; w: whisper (the spied extension hears the spy)
      const options = `q${digits ? 'E' : ''}${word === 'Whisper' ? 'w' : ''}`;
      return [
        ` same => n,GotoIf($[\${DIALPLAN_EXISTS(${spyContext(c.id)},\${CUT(CHANNEL(endpoint),_,2)},1)}]?spy)`,
        ...refuse(`\${CHANNEL(endpoint)} may not use ${word} (its Spy flag is off)`),
        ` same => n(spy),ChanSpy(PJSIP/${c.id}_${digits ? `${digits}-` : ''},${options})`,
        ' same => n,Hangup()',
      ];
    }
    case 'Forward':
      return digits
        ? [` same => n,Set(DB(${FORWARD_FAMILY}/${ME})=${digits})`, ` same => n,NoOp(\${CHANNEL(endpoint)} forwarded to ${digits})`, ...confirm]
        : [` same => n,NoOp(forward of \${CHANNEL(endpoint)} off: \${DB_DELETE(${FORWARD_FAMILY}/${ME})})`, ...confirm];
    case 'Reminder':
      return digits ? reminderSteps(c, digits) : [` same => n,System(rm -f \${ASTSPOOLDIR}/outgoing/cb-reminder-${ME}-*.call)`, ...confirm];
    case 'DND':
      return dndSteps(digits);
  }
}

/**
 * Do-not-disturb from the phone (G-AGS-03): written to Callboard's database (realtime family cb_dnd,
 * migration 0018: its trigger keeps the start and tells the servers), read by every extension before it
 * rings (dndCheck); the extension's queue memberships are paused with the reason DND while it lasts, as
 * Callboard does from the panel, since app_queue rings members by their device, not through this dialplan.
 */
function dndSteps(digits: string | null): string[] {
  const now = `\${REALTIME_FIELD(${DND_FAMILY},endpoint,${ME},dnd)}`;
  const next = digits ? `\${IF($[${digits} = 0]?0:1)}` : `\${IF($["${now}" = "1"]?0:1)}`;
  return [
    ` same => n,Set(CB_DND=${next})`,
    ` same => n,Set(REALTIME(${DND_FAMILY},endpoint,${ME},dnd)=\${CB_DND})`,
    ` same => n,ExecIf($[\${CB_DND} = 1]?PauseQueueMember(,PJSIP/${ME},,DND):UnpauseQueueMember(,PJSIP/${ME},,))`,
    ` same => n,NoOp(do-not-disturb of \${CHANNEL(endpoint)}: \${CB_DND})`,
    ...confirm,
  ];
}

/** The realtime family of do-not-disturb (extconfig.conf → view cb_dnd). */
export const DND_FAMILY = 'cb_dnd';

/** What an extension runs before it rings: a phone in do-not-disturb is busy (its busy action follows). */
export function dndCheck(corpId: number, number: string, label: string): string {
  return ` same => n,GotoIf($["\${REALTIME_FIELD(${DND_FAMILY},endpoint,${corpId}_${number},dnd)}" = "1"]?${label})`;
}

/**
 * A reminder at HH:MM (the next one: today, or tomorrow when it has passed) in the corp's zone: a call
 * file written beside the spool's outgoing folder, dated HH:MM, then moved in (pbx_spool takes a file
 * whole, and waits for its date). One reminder per extension and time: the same time again replaces it.
 * Plain channel variables (CB_*): LOCAL() is only for a Gosub's frame.
 */
function reminderSteps(c: FeatureCorp, digits: string): string[] {
  const zone = c.timeZone && /^[A-Za-z0-9_+/-]+$/.test(c.timeZone) ? c.timeZone : '';
  const lines = ['Channel: PJSIP/${CB_ME}', `Context: ${reminderContext(c.id)}`, 'Extension: s', 'Priority: 1', 'CallerID: Reminder <${CB_HHMM}>', 'MaxRetries: 2', 'RetryTime: 60', 'WaitTime: 40'];
  return [
    ` same => n,Set(CB_HHMM=${digits})`,
    ' same => n,GotoIf($[${CB_HHMM:0:2} > 23 | ${CB_HHMM:2:2} > 59]?wrong)',
    ` same => n,Set(CB_AT=\${STRPTIME(\${STRFTIME(\${EPOCH},${zone},%Y-%m-%d)} \${CB_HHMM},${zone},%Y-%m-%d %H%M)})`,
    ' same => n,Set(CB_AT=${IF($[${CB_AT} <= ${EPOCH}]?$[${CB_AT} + 86400]:${CB_AT})})',
    ` same => n,Set(CB_ME=${ME})`,
    ' same => n,Set(CB_FILE=${ASTSPOOLDIR}/cb-reminder-${CB_ME}-${CB_HHMM}.call)',
    ` same => n,System(${lines.map((l, i) => `echo '${l}' ${i === 0 ? '>' : '>>'} \${CB_FILE}`).join(' && ')} && touch -d @\${CB_AT} \${CB_FILE} && mv \${CB_FILE} \${ASTSPOOLDIR}/outgoing/)`,
    ' same => n,GotoIf($["${SYSTEMSTATUS}" != "SUCCESS"]?failed)',
    ` same => n,NoOp(reminder of \${CB_ME} at \${STRFTIME(\${CB_AT},${zone},%Y-%m-%d %H:%M)})`,
    ...confirm,
    ' same => n(wrong),Log(NOTICE,Callboard: reminder at ${CB_HHMM} is no time of day (HHMM))',
    ' same => n,Hangup()',
    ' same => n(failed),Log(WARNING,Callboard: the reminder of ${CB_ME} could not be written to the spool (${SYSTEMSTATUS}))',
    ' same => n,Hangup()',
  ];
}

/**
 * The contexts a corp's features need: who may spy (an extension per Spy flag, read by DIALPLAN_EXISTS),
 * what a reminder call does when it is answered (nothing to play but a beep where the sounds are), and
 * the forward lookup every extension makes.
 */
export function featureContexts(corpId: number, spies: string[], forwarding: boolean): string[] {
  return [
    `[${spyContext(corpId)}]`,
    ...spies.map((n) => `exten => ${n},1,Return()`),
    '',
    `[${reminderContext(corpId)}]`,
    'exten => s,1,Answer()',
    ' same => n,Wait(1)',
    ' same => n,Playback(beep)',
    ' same => n,Wait(1)',
    ' same => n,Hangup()',
    ...(forwarding ? ['', ...forwardSubroutine(corpId)] : []),
  ];
}

export const forwardContext = (corpId: number) => `c${corpId}-forward`;

/**
 * What an extension runs before it rings: a forward set with the Forward feature sends the call on
 * through the corp's dialplan (so an outside number leaves by the routes and restrictions); after
 * FORWARD_HOPS forwards (a loop: 201 → 202 → 201) the call rings where it is.
 */
export function forwardCheck(corpId: number, number: string): string[] {
  return [` same => n,Gosub(${forwardContext(corpId)},s,1(${number}))`, ` same => n,GotoIf($["\${CB_FWD}" != ""]?c${corpId}-internal,\${CB_FWD},1)`];
}

/** The subroutine of forwardCheck: CB_FWD is where the extension ARG1's calls go now, '' for here. */
function forwardSubroutine(corpId: number): string[] {
  return [
    `[${forwardContext(corpId)}]`,
    'exten => s,1,Set(CB_FWD=)',
    ` same => n,GotoIf($[0\${CB_FWD_HOPS} >= ${FORWARD_HOPS}]?done)`,
    ` same => n,Set(CB_FWD=\${DB(${FORWARD_FAMILY}/${corpId}_\${ARG1})})`,
    ' same => n,Set(CB_FWD_HOPS=$[0${CB_FWD_HOPS} + ${IF($["${CB_FWD}" = ""]?0:1)}])',
    ' same => n(done),Return()',
  ];
}
