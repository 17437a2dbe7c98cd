/**
 * Tenancy and the log monitor: events of one corp never reach another; events that name no corp, two
 * corps or an unknown corp are dropped and counted; LogMon carries exactly the twelve event types of
 * the corp, with type, timestamp, device, state and the full event.
 */
import { describe, expect, it } from 'vitest';
import { PBX_LOG_EVENT_TYPES } from '../../../domain';
import { ariTimestamp, type AriChannel, type AriEvent } from '../../../server/pbx';
import { busyCorp } from '../pbx/helpers';
import { directoryOf, harness } from './helpers';

function channel(id: string, name: string, accountcode: string, context: string, at: number): AriChannel {
  return {
    id,
    name,
    state: 'Ring',
    protocol_id: '',
    caller: { name: '', number: '1001' },
    connected: { name: '', number: '' },
    accountcode,
    dialplan: { context, exten: '1002', priority: 1, app_name: '', app_data: '' },
    creationtime: ariTimestamp(at),
    language: 'en',
  };
}

describe('tenancy', () => {
  it('B-PNL-25: two corps with the same extension numbers never see each other; a corp outside the directory gets nothing', async () => {
    const corps = [busyCorp(2), busyCorp(3), busyCorp(9)];
    const h = await harness({ seed: 31, corps }, { directory: directoryOf(corps.slice(0, 2)) });
    h.advance(2 * 3_600_000, 1000);
    h.service.flush();
    expect(h.collector.leaks).toEqual([]);
    for (const corpId of [2, 3]) {
      for (const push of ['Ringing', 'CallConnected', 'Hangup', 'DeviceStateChanged', 'CallerInQueue', 'deleteCaller', 'ActiveCalls'] as const) {
        expect(h.collector.of(push, corpId).length, `${push} to ${corpId}`).toBeGreaterThan(0);
      }
    }
    expect(h.collector.pushes.some((p) => p.corpId === 9)).toBe(false);
    expect(h.service.getExtensions(9)).toEqual([]);
    expect(await h.service.hangUp(9, '1001', '1002')).toBe(false);
    const { dropped } = h.service.stats();
    expect(dropped.unknownCorp).toBeGreaterThan(1000);
    expect(dropped.conflict + dropped.unattributed).toBe(0);
  });

  it('events that name no corp, or two, are dropped and counted, and publish nothing', async () => {
    const h = await harness({ seed: 2, corps: [busyCorp(2), busyCorp(3)], traffic: { offlineAtStart: 0, unregisterPerHour: 0 } }, { keep: () => true });
    h.advance(1000);
    const at = h.sim.now();
    const env = { timestamp: ariTimestamp(at), application: 'callboard' };
    const before = { published: h.collector.total, kept: h.collector.pushes.length, stats: h.service.stats() };
    const inject = (e: Record<string, unknown>) => h.adapter.inject.next({ ...e, ...env } as unknown as AriEvent);
    // endpoint says corp 2, accountcode corp 3
    inject({ type: 'ChannelCreated', channel: channel('x.1', 'PJSIP/2_1001-0000aaaa', '3', 'c2-internal', at) });
    // endpoint corp 2, context corp 3
    inject({ type: 'ChannelStateChange', channel: channel('x.2', 'PJSIP/2_1001-0000aaab', '', 'c3-internal', at) });
    // a Dial from corp 2 to corp 3
    inject({ type: 'Dial', caller: channel('x.3', 'PJSIP/2_1001-0000aaac', '2', 'c2-internal', at), peer: channel('x.4', 'PJSIP/3_1002-0000aaad', '3', 'c3-internal', at), dialstatus: 'RINGING' });
    // a contact of corp 3 under corp 2's AOR
    inject({
      type: 'ContactStatusChange',
      endpoint: { technology: 'PJSIP', resource: '3_1001', state: 'online', channel_ids: [] },
      contact_info: { uri: 'sip:1001@10.9.9.9:5060', contact_status: 'Reachable', aor: '2_1001' },
    });
    // nothing names a corp
    inject({ type: 'ChannelVarset', variable: 'GLOBAL', value: '1' });
    inject({ type: 'DeviceStateChanged', device_state: { name: 'PJSIP/1001', state: 'INUSE' } });
    inject({ type: 'ChannelCreated', channel: channel('x.5', 'Local/1001@default-00000001;1', '', 'default', at) });
    // a corp we do not know
    inject({ type: 'ChannelCreated', channel: channel('x.6', 'PJSIP/77_1001-0000aaae', '77', 'c77-internal', at) });
    // a channel we never saw
    inject({ type: 'ChannelDestroyed', cause: 16, cause_txt: 'Normal Clearing', channel: channel('x.7', 'PJSIP/2_1001-0000aaaf', '2', 'c2-internal', at) });
    const after = h.service.stats();
    expect(after.dropped.conflict - before.stats.dropped.conflict).toBe(4);
    expect(after.dropped.unattributed - before.stats.dropped.unattributed).toBe(3);
    expect(after.dropped.unknownCorp - before.stats.dropped.unknownCorp).toBe(1);
    expect(after.dropped.unknownChannel - before.stats.dropped.unknownChannel).toBe(1);
    h.service.flush();
    // only the event of a known corp about a channel we never saw is shown, in that corp's log monitor
    expect(h.collector.pushes.slice(before.kept).map((p) => `${p.push} ${p.corpId}`)).toEqual(['LogMon 2']);
    expect(h.collector.total).toBe(before.published + 1);
    expect(after.sizes.channels).toBe(before.stats.sizes.channels);
    expect(h.service.getContacts(3).find((c) => c.viaAddr === '10.9.9.9')).toBeUndefined();
    expect(h.collector.leaks).toEqual([]);
  });
});

describe('log monitor', () => {
  it('B-LOG-02/04: LogMon carries exactly the twelve event types of the corp, with type, timestamp, device, state and the event', async () => {
    const events: AriEvent[] = [];
    const h = await harness({ seed: 17, corps: [busyCorp(2), busyCorp(3)] }, { keep: (p) => p === 'LogMon' });
    const sub = h.sim.events$.subscribe((e) => events.push(e));
    h.collector.clear();
    h.advance(20 * 60_000, 1000);
    sub.unsubscribe();
    const types = new Set<string>(PBX_LOG_EVENT_TYPES);
    const ofCorp2 = events.filter((e) => types.has(e.type) && /(PJSIP\/|Queue:)2_/.test(JSON.stringify(e)) && !/(PJSIP\/|Queue:)3_/.test(JSON.stringify(e)));
    const logs = h.collector.of('LogMon', 2);
    expect(logs.length).toBe(ofCorp2.length);
    expect(new Set(logs.map((l) => l.type))).toEqual(types);
    logs.forEach((log, i) => {
      const e = ofCorp2[i];
      expect(log.event).toEqual(e);
      expect(log.type).toBe(e.type);
      expect(log.timestamp).toBe(e.timestamp);
      if (e.type === 'DeviceStateChanged') expect([log.device, log.state]).toEqual([e.device_state.name, e.device_state.state]);
      else if (e.type === 'Dial') expect([log.device, log.state]).toEqual([e.peer.name, e.dialstatus || e.peer.state]);
      else if ('channel' in e && e.channel) expect([log.device, log.state]).toEqual([e.channel.name, e.channel.state]);
    });
    // the other types (BridgeCreated, ChannelConnectedLine, ChannelUnhold, PeerStatusChange, ...) never
    expect(events.some((e) => !types.has(e.type))).toBe(true);
  });

  it('B-LOG-05: LogMon goes only to corps whose log monitor is open; the other pushes continue', async () => {
    const open = new Set([2]);
    const h = await harness({ seed: 17, corps: [busyCorp(2), busyCorp(3)] }, { keep: () => true, service: { logMonitor: (corpId) => open.has(corpId) } });
    h.advance(10 * 60_000, 1000);
    expect(h.collector.of('LogMon', 2).length).toBeGreaterThan(100);
    expect(h.collector.of('LogMon', 3)).toEqual([]);
    expect(h.collector.of('Ringing', 3).length).toBeGreaterThan(0);
    open.add(3);
    h.advance(10 * 60_000, 1000);
    expect(h.collector.of('LogMon', 3).length).toBeGreaterThan(100);
  });
});
