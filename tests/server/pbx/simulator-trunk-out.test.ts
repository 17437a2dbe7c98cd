/**
 * H-WARM-02 C-TRK-04 C-SIP: an extension's call out through a trunk (a SIP route, else the preferred
 * trunk) in the simulator as on Callboard's Asterisk since migration 0026. Dial() allocates the trunk
 * leg in its endpoint's context, the trunks' shared dispatch context (TRUNK_INBOUND_CONTEXT), at `s`;
 * app_dial then gives it the caller's exten (the number as dialled, not its translation), and once
 * answered its exten reads empty; priority 1 and the trunk's corp as accountcode throughout. What
 * Asterisk 22 sent for such a leg (tests/server/pbx/ari/ari-asterisk-trunk-out.test.ts):
 *
 *   ChannelCreated            Down     accountcode 2  callboard-inbound,s,1
 *   ChannelDialplan AppDial   Down     accountcode 2  callboard-inbound,{dialled},1
 *   ChannelStateChange        Ringing  accountcode 2  callboard-inbound,{dialled},1
 *   ChannelStateChange        Up       accountcode 2  callboard-inbound,{dialled},1
 *   ChannelDialplan AppDial   Up       accountcode 2  callboard-inbound,,1
 *
 * and the call's cdr: dst the number as dialled in c{corp}-internal, lastapp Dial, lastdata
 * `PJSIP/{translated}@trunk_{number},60` (the generated dialplan rings a number out 60 s).
 * The live state must attribute every event of the leg to the corp (it is never in Ring).
 */
import { describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../domain';
import type { AriChannel, AriEvent, SimCorp } from '../../../server/pbx';
import { attribute } from '../../../server/realtime/attribution';
import { harness } from '../realtime/helpers';
import { advanceUntil, extensions, startSim } from './helpers';

const ACME = 2;
const TRUNK = '551130003000';
const ROUTED = '551130003001';
const TRAFFIC = { offlineAtStart: 0, unregisterPerHour: 0 };

/** calls out only: `011…` by a SIP route through its own trunk (translated to `5511…`), the rest by the preferred trunk */
function corp(): SimCorp {
  return {
    corpId: ACME,
    extensions: extensions(6),
    trunks: [
      { number: TRUNK, action: 'hangup', outgoing: true, preference: true, enabled: true },
      { number: ROUTED, action: 'hangup', outgoing: false, preference: false, enabled: true },
    ],
    routes: [{ pattern: '011T', translation: '5511T', trunkNumber: ROUTED }],
    queues: [],
    outboundCallsPerHour: 120,
  };
}

const channelOf = (e: AriEvent): AriChannel | undefined => ('channel' in e && e.channel ? e.channel : undefined);

/** the trunk legs: channel id → its first channel */
function trunkLegs(events: AriEvent[]): Map<string, AriChannel> {
  const legs = new Map<string, AriChannel>();
  for (const e of events) if (e.type === 'ChannelCreated' && e.channel.name.startsWith('PJSIP/trunk_')) legs.set(e.channel.id, e.channel);
  return legs;
}

/** one line per change of a leg's state or place: type, application, state, accountcode, context,exten,priority */
function places(events: AriEvent[], id: string): string[] {
  const lines = events
    .filter((e) => channelOf(e)?.id === id && e.type !== 'ChannelDestroyed' && e.type !== 'ChannelHangupRequest')
    .map((e) => {
      const ch = channelOf(e)!;
      return `${e.type === 'ChannelDialplan' ? `ChannelDialplan ${e.dialplan_app}` : e.type} ${ch.state} ${ch.accountcode} ${ch.dialplan.context},${ch.dialplan.exten},${ch.dialplan.priority}`;
    });
  return lines.filter((l, i) => i === 0 || l.split(' ').slice(-3).join(' ') !== lines[i - 1].split(' ').slice(-3).join(' '));
}

describe('H-WARM-02 C-TRK-04 C-SIP the simulator\'s trunk leg of an extension\'s call out is as on Asterisk', () => {
  it('H-WARM-02 C-TRK-04 C-SIP an answered call out: the trunk leg starts at s in callboard-inbound, takes the number as dialled, an empty exten once answered; accountcode the corp; the cdr as Asterisk 22 writes it', async () => {
    const run = await startSim({ seed: 7, corps: [corp()], traffic: { ...TRAFFIC, outboundAnswerProbability: 1, outboundBusyProbability: 0 }, recordings: false });
    const answered = (via: string) => run.sink.cdr.find((r) => r.disposition === 'ANSWERED' && r.dstchannel.startsWith(`PJSIP/trunk_${via}-`));
    advanceUntil(run.sim, () => answered(TRUNK) !== undefined && answered(ROUTED) !== undefined, 1000, 6 * 3_600_000);
    for (const via of [TRUNK, ROUTED]) {
      const row = answered(via)!;
      const leg = [...trunkLegs(run.events).values()].find((ch) => ch.name === row.dstchannel)!;
      const dialled = row.dst;
      expect(places(run.events, leg.id)).toEqual([
        `ChannelCreated Down 2 ${TRUNK_INBOUND_CONTEXT},s,1`,
        `ChannelDialplan AppDial Down 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`,
        `ChannelStateChange Ringing 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`,
        `ChannelStateChange Up 2 ${TRUNK_INBOUND_CONTEXT},${dialled},1`,
        `ChannelDialplan AppDial Up 2 ${TRUNK_INBOUND_CONTEXT},,1`,
      ]);
      const sent = via === ROUTED ? `5511${dialled.slice(3)}` : dialled;
      expect(row).toMatchObject({ accountcode: '2', src: row.src, dst: dialled, dcontext: 'c2-internal', lastapp: 'Dial', lastdata: `PJSIP/${sent}@trunk_${via},60` });
      const dials = run.events.filter((e): e is Extract<AriEvent, { type: 'Dial' }> => e.type === 'Dial' && e.peer.id === leg.id);
      expect(dials[0]).toMatchObject({ dialstring: `${sent}@trunk_${via}`, dialstatus: '', peer: { dialplan: { exten: dialled } } });
    }
  });

  it('H-WARM-02 C-TRK-04 over hours of calls out: every event of a trunk leg names the corp, none is dropped; the live state counts them as the corp\'s calls out', async () => {
    const h = await harness({ seed: 8, corps: [corp()], traffic: TRAFFIC }, { keep: () => true });
    const events: AriEvent[] = [];
    h.sim.events$.subscribe((e) => events.push(e));
    let seenLive = 0;
    for (let s = 0; s < 2 * 3600; s++) {
      h.advance(1000, 1000);
      h.service.flush();
      const legs = trunkLegs(events);
      for (const ch of h.service.getChannels(ACME)) if (legs.has(ch.id)) seenLive++;
    }
    const legs = trunkLegs(events);
    expect(legs.size).toBeGreaterThan(50);
    for (const e of events) {
      const legEvent = [channelOf(e), e.type === 'Dial' ? e.peer : undefined].some((ch) => ch && legs.has(ch.id));
      if (legEvent) expect(attribute(e), `${e.type} ${channelOf(e)?.name}`).toEqual({ corpId: ACME });
    }
    expect(seenLive).toBeGreaterThan(0);
    expect(h.service.stats().dropped).toMatchObject({ conflict: 0, unattributed: 0 });
  }, 60_000);
});
