import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ActiveCall, LiveContact, LiveExtension } from '../../../../domain/realtime';
import type { HubEvent } from '../../../../streams/hub-events';
import { activeCallSearchText, callTimeFormat, contactRows, destinationType, formatElapsed } from '../../../../src/features/live/live-rows';
import { extensionMonitorRows, logMonitor } from '../../../../src/features/live/live-streams';
import { EMPTY_LOG, setPaused, type LogBuffer } from '../../../../src/features/live/log-buffer';

const contact = (number: string, viaAddr: string | null, viaPort: number | null, corpId = 2): LiveContact => ({
  corpId,
  endpoint: `${corpId}_${number}`,
  number,
  viaAddr,
  viaPort,
  status: viaAddr ? 'Reachable' : 'Unknown',
});
const ext = (number: string, userName: string): LiveExtension => ({ corpId: 2, number, userName, status: 3, since: 0, callStart: null, peer: null });

describe('active calls helpers (B-ACT-02, B-ACT-03)', () => {
  it("B-ACT-07 J-TZ-01 a call's time reads on the corp's clocks (São Paulo for spec 1's corps), whatever the browser's zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      const at = Date.parse('2026-03-29T12:34:56Z');
      expect(callTimeFormat('en-GB', 'America/Sao_Paulo').format(at)).toBe('29/03/2026, 09:34:56');
      expect(callTimeFormat('en-GB', 'Asia/Kolkata').format(at)).toBe('29/03/2026, 18:04:56');
      // Madrid's first summer hour that day
      expect(callTimeFormat('en-GB', 'Europe/Madrid').format(Date.parse('2026-03-29T01:00:00Z'))).toBe('29/03/2026, 03:00:00');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("B-ACT-03 'saliente' is outgoing, 'entrante' incoming, anything else internal", () => {
    expect(destinationType('saliente')).toBe('outgoing');
    expect(destinationType('entrante')).toBe('incoming');
    expect(destinationType('internal')).toBe('internal');
    expect(destinationType('interna')).toBe('internal');
    expect(destinationType('')).toBe('internal');
    expect(destinationType(null)).toBe('internal');
    expect(destinationType(undefined)).toBe('internal');
  });

  it('B-ACT-02 the search covers dialed, caller and destination', () => {
    const call: ActiveCall = { corpId: 2, callId: 'a.1', time: 0, profile: 'saliente', caller: '201', destination: '5511999', dialed: '05511999', receiver: 'trunk', trunk: 'vivo' };
    const text = activeCallSearchText(call);
    for (const part of ['201', '5511999', '05511999']) expect(text).toContain(part);
    expect(text).not.toContain('vivo');
  });

  it('elapsed time reads m:ss, then h:mm:ss; never negative', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(-5000)).toBe('0:00');
  });
});

describe('extension monitor rows (B-EXM-01, B-EXM-04)', () => {
  it('B-EXM-01 B-EXM-04 contacts joined with user names; rows without an address are offline', () => {
    const rows = contactRows(
      [contact('202', '10.0.0.2', 5060), contact('201', '10.0.0.1', 5062), contact('203', null, null), contact('204', '', 5060)],
      [ext('201', 'Ana'), ext('202', 'Adam'), ext('203', 'Bea'), ext('204', 'Carl')],
    );
    expect(rows).toEqual([
      { number: '201', ip: '10.0.0.1', port: '5062', status: 'online', userName: 'Ana' },
      { number: '202', ip: '10.0.0.2', port: '5060', status: 'online', userName: 'Adam' },
      { number: '203', ip: '', port: '', status: 'offline', userName: 'Bea' },
      { number: '204', ip: '', port: '', status: 'offline', userName: 'Carl' },
    ]);
  });

  it('B-EXM-04 B-PNL-16 one source for online: a contact with an address is offline when its extension is offline on the panel (issue 13)', () => {
    // an unreachable phone keeps its last address in AllContacts while its extension is offline (status 0)
    const unreachable: LiveContact = { ...contact('205', '10.0.0.5', 5060), status: 'Unreachable' };
    const rows = contactRows([unreachable, contact('201', '10.0.0.1', 5060)], [{ ...ext('205', 'Dora'), status: 0 }, { ...ext('201', 'Ana'), status: 2 }]);
    expect(rows).toEqual([
      { number: '201', ip: '10.0.0.1', port: '5060', status: 'online', userName: 'Ana' },
      { number: '205', ip: '10.0.0.5', port: '5060', status: 'offline', userName: 'Dora' },
    ]);
  });

  it('B-EXM-02 a contact of a number that is no extension of the corp (deleted) is left out (issue 13)', () => {
    expect(contactRows([contact('201', '10.0.0.1', 5060), contact('299', '10.0.0.9', 5060)], [ext('201', 'Ana')]).map((r) => r.number)).toEqual(['201']);
  });

  it('numbers sort numerically; no contacts, no rows', () => {
    expect(contactRows([contact('1000', '1.1.1.1', 1), contact('99', '1.1.1.2', 1)], [ext('99', 'a'), ext('1000', 'b')]).map((r) => r.number)).toEqual(['99', '1000']);
    expect(contactRows([], [ext('201', 'Ana')])).toEqual([]);
  });

  it('B-EXM-05 the stream joins the latest AllContacts with AllExtensions of the corp only', () => {
    const events$ = new Subject<HubEvent>();
    const seen: unknown[] = [];
    const sub = extensionMonitorRows(events$, 2).subscribe((v) => seen.push(v));
    expect(seen).toEqual([null]);
    events$.next({ name: 'AllContacts', payload: { corpId: 2, contacts: [contact('201', '10.0.0.1', 5060)], ts: 1 } });
    events$.next({ name: 'AllContacts', payload: { corpId: 3, contacts: [contact('301', '10.0.0.9', 5060, 3)], ts: 1 } });
    events$.next({ name: 'AllExtensions', payload: { corpId: 2, extensions: [ext('201', 'Ana')], ts: 2 } });
    events$.next({ name: 'AllExtensions', payload: { corpId: 2, extensions: [ext('201', 'Ana')], ts: 3 } });
    sub.unsubscribe();
    // nothing until both snapshots are in (the extensions decide who is listed and who is online)
    expect(seen).toEqual([null, [{ number: '201', ip: '10.0.0.1', port: '5060', status: 'online', userName: 'Ana' }]]);
  });

  it('B-EXM-02 B-PNL-22 the stream follows DeviceStateChanged like the panel, and a refreshed AllExtensions drops a deleted extension (issue 13)', () => {
    const events$ = new Subject<HubEvent>();
    let last: unknown = undefined;
    const sub = extensionMonitorRows(events$, 2).subscribe((v) => (last = v));
    const contacts = [contact('201', '10.0.0.1', 5060), contact('202', '10.0.0.2', 5060)];
    events$.next({ name: 'AllContacts', payload: { corpId: 2, contacts, ts: 1 } });
    events$.next({ name: 'AllExtensions', payload: { corpId: 2, extensions: [ext('201', 'Ana'), ext('202', 'Adam')], ts: 1 } });
    expect(last).toMatchObject([{ number: '201', status: 'online' }, { number: '202', status: 'online' }]);
    events$.next({ name: 'DeviceStateChanged', payload: { corpId: 2, number: '202', status: 0, ts: 2 } });
    events$.next({ name: 'DeviceStateChanged', payload: { corpId: 3, number: '201', status: 0, ts: 2 } });
    expect(last).toMatchObject([{ number: '201', status: 'online' }, { number: '202', status: 'offline', ip: '10.0.0.2' }]);
    // 202 deleted: Refresh asks for both snapshots again
    events$.next({ name: 'AllExtensions', payload: { corpId: 2, extensions: [ext('201', 'Ana')], ts: 3 } });
    events$.next({ name: 'AllContacts', payload: { corpId: 2, contacts: [contact('201', '10.0.0.1', 5060)], ts: 3 } });
    expect(last).toEqual([{ number: '201', ip: '10.0.0.1', port: '5060', status: 'online', userName: 'Ana' }]);
    sub.unsubscribe();
  });
});

describe('log monitor stream (B-LOG-03)', () => {
  it('folds LogMon pushes of the corp, newest first, and applies pause/resume', () => {
    const events$ = new Subject<HubEvent>();
    const control$ = new Subject<(b: LogBuffer) => LogBuffer>();
    let last = EMPTY_LOG;
    const sub = logMonitor(events$, 2, control$, EMPTY_LOG).subscribe((b) => (last = b));
    const push = (corpId: number, device: string) =>
      events$.next({ name: 'LogMon', payload: { corpId, type: 'Dial', timestamp: 't', device, state: 'Ring', event: {}, ts: 1 } });
    push(2, 'a');
    push(3, 'other corp');
    push(2, 'b');
    expect(last.entries.map((e) => e.device)).toEqual(['b', 'a']);
    control$.next((b) => setPaused(b, true));
    push(2, 'c');
    expect(last.entries.map((e) => e.device)).toEqual(['b', 'a']);
    expect(last.pendingCount).toBe(1);
    control$.next((b) => setPaused(b, false));
    expect(last.entries.map((e) => e.device)).toEqual(['c', 'b', 'a']);
    sub.unsubscribe();
  });
});
