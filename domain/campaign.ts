/**
 * Running dialer campaigns (C-DIA): the constants of the campaign engine (server/dialer) and the PBX
 * names a campaign call uses, written once so the ARI adapter, the simulator and the Asterisk
 * configuration follow the same ones. The resource's rules (window, statuses, defaults) are in
 * dialer.ts.
 *
 * What Asterisk's configuration must give campaign calls (checked against Asterisk 22 by
 * tests/server/pbx/ari/ari-asterisk-dial-out.test.ts):
 *   - a PJSIP endpoint per trunk named trunkEndpointName(number), its aor the carrier, `context =
 *     TRUNK_INBOUND_CONTEXT` and `accountcode = {corpId}` (the call's records and live state name the corp);
 *   - the queues' context `c{corpId}-queues` with an extension per queue id running Queue({corpId}_{id})
 *     (queueDialplan), where an answered queue campaign call continues;
 *   - the sound folder (DATA_DIR/sounds) readable by Asterisk at the same path (the message is played
 *     from it);
 *   - cdr.conf `unanswered = yes`, or the attempts that were not answered leave no cdr row.
 */
import { inDialerWindow } from './dialer';
import { localDayAndTime } from './time-zone';

/**
 * C-DIA-11: a campaign's call limit is 0 by default, which does not mean "no calls": it means this
 * many calls at a time (enough for one trunk of a small office, few enough not to flood a queue).
 */
export const DIALER_DEFAULT_CALL_LIMIT = 5;

/** A number that rang out, was busy or failed waits this long before its next try. */
export const DIALER_RETRY_DELAY_SEC = 60;

/**
 * A number still 'dialing' this long after its campaign's ringing timeout was left by an instance that
 * stopped mid-call (a crash, a lost lead): that call's ringing has ended for certain, so the number is
 * pending again. Waiting for it (rather than resetting every 'dialing' row at start) keeps two
 * engines from dialling one number at once during a hand-over. Longer than the ARI adapter's own
 * wait for a call it lost track of (a minute past the timeout).
 */
export const DIALER_STALE_GRACE_SEC = 120;

/** A campaign number's status (dialer_number.status). */
export const CAMPAIGN_NUMBER_STATUSES = ['pending', 'dialing', 'answered', 'failed'] as const;
export type CampaignNumberStatus = (typeof CAMPAIGN_NUMBER_STATUSES)[number];

/** The calls a campaign may have at a time (C-DIA-11: 0 is the default limit). */
export function dialerCallLimit(callLimit: number): number {
  return callLimit > 0 ? callLimit : DIALER_DEFAULT_CALL_LIMIT;
}

/**
 * The PJSIP endpoint of a trunk: `trunk_{number}`. Trunk numbers are unique on the platform, and the
 * name cannot be read as an extension's `{corpId}_{number}`.
 */
export function trunkEndpointName(trunkNumber: string): string {
  return `trunk_${trunkNumber}`;
}

/**
 * The one context every trunk endpoint delivers to. Asterisk identifies a carrier's call by its source
 * address, and every trunk of one carrier server has that address (ps_endpoint_id_ips): it picks any
 * of them, possibly another corp's. So the trunk endpoint decides nothing: this context sends each DID
 * (a trunk's number, unique on the platform) to its owning corp's `c{corpId}-inbound`, with that corp
 * as the channel's accountcode (server/asterisk/dialplan.ts trunkDispatchContext). Its name ends in
 * `-inbound`, as the corps' own inbound contexts, for what reads a call's direction from its context.
 */
export const TRUNK_INBOUND_CONTEXT = 'callboard-inbound';

/**
 * How long the generated dialplan's Dial() rings (server/asterisk/dialplan.ts), and so the simulator
 * (dial-calls.ts): an extension 30 s, a number out through a trunk 60 s (a carrier's call takes longer
 * to reach a phone; Asterisk 22's cdr lastdata `…,60` for a call out).
 */
export const DIAL_RING_SEC = { extension: 30, out: 60 } as const;

/** What a campaign call dials: `PJSIP/{number}@trunk_{trunkNumber}` (the number through the trunk's endpoint). */
export function trunkDialString(number: string, trunkNumber: string): string {
  return `PJSIP/${number}@${trunkEndpointName(trunkNumber)}`;
}

/** The ARI application arguments of a campaign call's channel (`StasisStart.args`: `dialout`, the campaign id). */
export function campaignAppArgs(campaignId: number): string {
  return `dialout,${campaignId}`;
}

/**
 * The cdr `userfield` of a campaign call, `dialer:{campaignId}:{number}`: Asterisk's record of a call
 * originated to an ARI application names neither the campaign nor the number (its dst is `s`), so
 * the ARI adapter sets this through `CDR(userfield)` and the simulator writes the same.
 */
export function campaignCdrUserfield(campaignId: number, number: string): string {
  return `dialer:${campaignId}:${number}`;
}

/** Where a campaign call answered for a queue continues: the queue's own context, as an inbound caller reaches it. */
export function queueDialplan(corpId: number, queueId: number): { context: string; extension: string } {
  return { context: `c${corpId}-queues`, extension: String(queueId) };
}

/** C-DIA-12/13: whether a campaign may dial at this instant, in its corp's time zone (J-TZ-01). */
export function dialerWindowOpen(window: { days: string; horaDesde: number; horaHasta: number }, ms: number, timeZone: string): boolean {
  const { day, hhmm } = localDayAndTime(ms, timeZone);
  return inDialerWindow(window, day, hhmm);
}
