/**
 * H-WARM-02 C-TRK-04: the simulator's trunk calls pass through the trunks' shared context
 * `callboard-inbound` (TRUNK_INBOUND_CONTEXT) as on Callboard's Asterisk since migration 0026: a caller
 * arrives at its DID there, on the trunk endpoint Asterisk matched for the carrier's address (maybe
 * another corp's, with that corp's accountcode), runs the dispatch context's Set(CHANNEL(accountcode))
 * and Goto (server/asterisk/dialplan.ts trunkDispatchContext), and goes on in its corp's
 * `c{corpId}-inbound`. What Asterisk 22 sent for such a call (an acme DID arriving on globex's trunk
 * endpoint, observed with an ARI client beside tests/server/pbx/asterisk/asterisk-inbound-corps.test.ts):
 *
 *   ChannelCreated                           Ring  accountcode 3  callboard-inbound,55502782,1
 *   ChannelDialplan Set(CHANNEL(accountcode)=2)  Ring  accountcode 3  callboard-inbound,55502782,1
 *   ChannelDialplan Goto(c2-inbound,55502782,1)  Ring  accountcode 2  callboard-inbound,55502782,2
 *   ChannelDialplan NoOp(trunk trunk_55502782)   Ring  accountcode 2  c2-inbound,55502782,1
 *
 * The live state (server/realtime attribution.ts, events.ts) must read such a call as its DID's
 * corp's from its first event in that corp's context on, and never as another corp's.
 */
import { describe, expect, it } from 'vitest';
import { TRUNK_INBOUND_CONTEXT } from '../../../domain';
import type { AriChannel, AriEvent, SimCorp } from '../../../server/pbx';
import { arrivalTrunk } from '../../../server/pbx/simulator/routes';
import { attribute, channelCorp } from '../../../server/realtime/attribution';
import { harness } from '../realtime/helpers';
import { advanceUntil, extensions, startSim } from './helpers';

const ACME = 2;
const GLOBEX = 3;
/** globex's trunk sorts first: Asterisk's identifier matches its endpoint for every call of the carrier */
const GLOBEX_DID = '551130000001';
const ACME_DID = '551130000002';
const OWNER: Record<string, number> = { [GLOBEX_DID]: GLOBEX, [ACME_DID]: ACME };
const TRAFFIC = { offlineAtStart: 0, unregisterPerHour: 0 };

/** a corp whose one trunk leads straight to its queue; both corps have the same extension numbers */
function corp(corpId: number, did: string, carrier: string | undefined, callsPerHour = 60): SimCorp {
  const exts = extensions(3);
  const queueId = corpId * 10;
  return {
    corpId,
    extensions: exts,
    trunks: [{ number: did, action: `queue:${queueId}`, outgoing: true, preference: true, enabled: true, carrier }],
    queues: [{ id: queueId, name: `Queue ${corpId}`, strategy: 'ringall', members: exts.map((e) => e.number), callsPerHour }],
  };
}

const carrierCorps = (callsPerHour = 60) => [corp(ACME, ACME_DID, 'carrier-1', callsPerHour), corp(GLOBEX, GLOBEX_DID, 'carrier-1', callsPerHour)];

function channelOf(e: AriEvent): AriChannel | undefined {
  return 'channel' in e && e.channel ? e.channel : undefined;
}

/** one line per event of a channel: type, application, place, state, accountcode, endpoint */
function steps(events: AriEvent[], id: string, count: number): string[] {
  return events
    .filter((e) => channelOf(e)?.id === id)
    .slice(0, count)
    .map((e) => {
      const ch = channelOf(e)!;
      const app = e.type === 'ChannelDialplan' ? ` ${e.dialplan_app}(${e.dialplan_app_data})` : '';
      return `${e.type}${app} ${ch.state} ${ch.accountcode} ${ch.dialplan.context},${ch.dialplan.exten},${ch.dialplan.priority} ${ch.name.replace(/-[0-9a-f]+$/, '')}`;
    });
}

/** the callers that came in on trunks: channel id → the corp of the DID dialled */
function trunkCallers(events: AriEvent[]): Map<string, number> {
  const callers = new Map<string, number>();
  for (const e of events) if (e.type === 'ChannelCreated' && e.channel.name.startsWith('PJSIP/trunk_')) callers.set(e.channel.id, OWNER[e.channel.dialplan.exten]);
  return callers;
}

describe('H-WARM-02 C-TRK-04 the simulator\'s trunk callers pass through callboard-inbound as on Asterisk', () => {
  it('H-WARM-02 C-TRK-04 the carrier\'s endpoint: the first of its trunks by endpoint name, whichever corp; a trunk without a carrier arrives on its own', () => {
    const corps = carrierCorps();
    expect(arrivalTrunk(corps, corps[0], ACME_DID)).toEqual({ number: GLOBEX_DID, corpId: GLOBEX });
    expect(arrivalTrunk(corps, corps[1], GLOBEX_DID)).toEqual({ number: GLOBEX_DID, corpId: GLOBEX });
    // a disabled trunk has no endpoint (ps_endpoints lists enabled trunks only)
    const disabled = [corps[0], { ...corps[1], trunks: corps[1].trunks!.map((t) => ({ ...t, enabled: false })) }];
    expect(arrivalTrunk(disabled, corps[0], ACME_DID)).toEqual({ number: ACME_DID, corpId: ACME });
    const own = [corp(ACME, ACME_DID, undefined), corp(GLOBEX, GLOBEX_DID, undefined)];
    expect(arrivalTrunk(own, own[0], ACME_DID)).toEqual({ number: ACME_DID, corpId: ACME });
  });

  it('H-WARM-02 C-TRK-04 a routed caller\'s first event is at its DID in callboard-inbound with the matched endpoint\'s accountcode; Set and Goto as Asterisk 22 sends them; then its corp\'s inbound context', async () => {
    const run = await startSim({ seed: 4, corps: carrierCorps(), traffic: TRAFFIC, recordings: false });
    advanceUntil(run.sim, () => new Set(trunkCallers(run.events).values()).size === 2, 1000, 3_600_000);
    const callers = [...trunkCallers(run.events)];
    const acmeCaller = callers.find(([, owner]) => owner === ACME)![0];
    const globexCaller = callers.find(([, owner]) => owner === GLOBEX)![0];
    // acme's DID came on globex's endpoint (the carrier's first): globex's accountcode until the dispatch sets acme's
    expect(steps(run.events, acmeCaller, 4)).toEqual([
      `ChannelCreated Ring 3 ${TRUNK_INBOUND_CONTEXT},${ACME_DID},1 PJSIP/trunk_${GLOBEX_DID}`,
      `ChannelDialplan Set(CHANNEL(accountcode)=2) Ring 3 ${TRUNK_INBOUND_CONTEXT},${ACME_DID},1 PJSIP/trunk_${GLOBEX_DID}`,
      `ChannelDialplan Goto(c2-inbound,${ACME_DID},1) Ring 2 ${TRUNK_INBOUND_CONTEXT},${ACME_DID},2 PJSIP/trunk_${GLOBEX_DID}`,
      `ChannelDialplan Set(CORP_ID=2) Ring 2 c2-inbound,${ACME_DID},1 PJSIP/trunk_${GLOBEX_DID}`,
    ]);
    expect(steps(run.events, globexCaller, 4)).toEqual([
      `ChannelCreated Ring 3 ${TRUNK_INBOUND_CONTEXT},${GLOBEX_DID},1 PJSIP/trunk_${GLOBEX_DID}`,
      `ChannelDialplan Set(CHANNEL(accountcode)=3) Ring 3 ${TRUNK_INBOUND_CONTEXT},${GLOBEX_DID},1 PJSIP/trunk_${GLOBEX_DID}`,
      `ChannelDialplan Goto(c3-inbound,${GLOBEX_DID},1) Ring 3 ${TRUNK_INBOUND_CONTEXT},${GLOBEX_DID},2 PJSIP/trunk_${GLOBEX_DID}`,
      `ChannelDialplan Set(CORP_ID=3) Ring 3 c3-inbound,${GLOBEX_DID},1 PJSIP/trunk_${GLOBEX_DID}`,
    ]);
  });

  it('H-WARM-02 C-TRK-04 over an hour of both corps\' callers on one carrier: no event of a caller names another corp than its DID\'s; only the three dispatch events name none; snapshots, records and queue_log are the DID\'s corp\'s', async () => {
    const run = await startSim({ seed: 5, corps: carrierCorps(), traffic: TRAFFIC, recordings: false });
    for (let minute = 0; minute < 60; minute++) {
      run.sim.advance(60_000);
      const callers = trunkCallers(run.events);
      for (const ch of (await run.sim.snapshot()).channels) {
        if (callers.has(ch.id)) expect(channelCorp(ch), ch.name).toEqual({ corpId: callers.get(ch.id) });
      }
    }
    const callers = trunkCallers(run.events);
    expect([...callers.values()].filter((c) => c === ACME).length).toBeGreaterThan(20);
    expect([...callers.values()].filter((c) => c === GLOBEX).length).toBeGreaterThan(20);
    const unnamed = new Map<string, number>();
    for (const e of run.events) {
      const ids = [channelOf(e), e.type === 'Dial' ? e.caller : undefined].flatMap((ch) => (ch && callers.has(ch.id) ? [ch.id] : []));
      if (ids.length === 0) continue;
      const who = attribute(e);
      if ('drop' in who) {
        expect(who.drop, `${e.type} ${ids[0]}`).toBe('unattributed');
        expect(channelOf(e)!.dialplan.context).toBe(TRUNK_INBOUND_CONTEXT);
        unnamed.set(ids[0], (unnamed.get(ids[0]) ?? 0) + 1);
      } else expect(who.corpId, `${e.type} ${ids[0]}`).toBe(callers.get(ids[0]));
    }
    expect(new Set(unnamed.values())).toEqual(new Set([3]));
    expect(unnamed.size).toBe(callers.size);
    for (const r of run.sink.cdr) {
      expect(OWNER[r.dst], r.dst).toBe(r.corpId);
      expect(r).toMatchObject({ accountcode: String(r.corpId), dcontext: `c${r.corpId}-inbound` });
    }
    expect(run.sink.cdr.length).toBeGreaterThan(40);
    for (const r of run.sink.queueLog) if (callers.has(r.callid)) expect(r.queuename, r.callid).toBe(`${callers.get(r.callid)}_${callers.get(r.callid)! * 10}`);
  });

  it('H-WARM-02 C-TRK-04 B-PNL-25 the live state over the simulator: each corp gets its own callers (pushes, queue callers, active calls, snapshots), not one push or read names the other corp\'s', async () => {
    const h = await harness({ seed: 6, corps: carrierCorps(90), traffic: { ...TRAFFIC, answerProbability: 0.5 } }, { keep: () => true });
    const events: AriEvent[] = [];
    h.sim.events$.subscribe((e) => events.push(e));
    let waitingSeen = 0;
    for (let s = 0; s < 40 * 60; s++) {
      h.advance(1000, 1000);
      h.service.flush();
      const callers = trunkCallers(events);
      for (const corpId of [ACME, GLOBEX]) {
        for (const q of h.service.getQueues(corpId)) {
          for (const c of q.callers) {
            expect(callers.get(c.callId), `queue caller of ${corpId}`).toBe(corpId);
            waitingSeen++;
          }
        }
        for (const call of h.service.getActiveCalls(corpId)) expect(callers.get(call.callId), `active call of ${corpId}`).toBe(corpId);
        for (const ch of h.service.getChannels(corpId)) if (callers.has(ch.id)) expect(callers.get(ch.id), `channel of ${corpId}`).toBe(corpId);
      }
    }
    h.service.publishSnapshots();
    h.service.flush();
    expect(h.collector.leaks).toEqual([]);
    const callers = trunkCallers(events);
    expect(waitingSeen).toBeGreaterThan(0);
    // no push to one corp carries a channel id of the other corp's callers
    for (const p of h.collector.pushes) {
      const text = JSON.stringify(p.payload);
      for (const [id, owner] of callers) if (owner !== p.corpId) expect(text.includes(`"${id}"`), `${p.push} to ${p.corpId} names ${id}`).toBe(false);
    }
    for (const corpId of [ACME, GLOBEX]) {
      const own = [...callers].filter(([, owner]) => owner === corpId).map(([id]) => id);
      const inQueue = h.collector.of('CallerInQueue', corpId).map((c) => c.callId);
      expect(inQueue.length, `CallerInQueue of ${corpId}`).toBeGreaterThan(20);
      expect(inQueue.every((id) => own.includes(id))).toBe(true);
      expect(h.collector.of('Ringing', corpId).length).toBeGreaterThan(0);
    }
    // each caller's three events in callboard-inbound name no corp (dropped and counted), nothing conflicts
    const { dropped } = h.service.stats();
    expect(dropped).toMatchObject({ conflict: 0, unattributed: 3 * callers.size });
  }, 60_000);
});
