/**
 * The extension monitor's data (spec 3 §2.3): contacts from the snapshot and from ContactStatusChange,
 * with the address and port of the registration; a contact that is gone has no address.
 */
import { describe, expect, it } from 'vitest';
import { EXT_STATUS } from '../../../domain';
import { contactAddress } from '../../../server/realtime';
import { directoryOf, extensions, harness } from './helpers';

const flappy = { offlineAtStart: 0.3, unregisterPerHour: 3, offlineMeanMin: 4 };

describe('contacts', () => {
  it('B-EXM-05: AllContacts gives endpoint, viaAddr and viaPort as the PBX reports them, from the start and after every change', async () => {
    const corp = { corpId: 6, extensions: extensions(10), queues: [] };
    const h = await harness({ seed: 12, corps: [corp], traffic: flappy });
    const compare = async () => {
      const snapshot = await h.sim.snapshot();
      const live = new Map(h.service.getContacts(6).map((c) => [c.endpoint, c]));
      for (const c of snapshot.contacts) {
        expect(live.get(c.endpoint)).toEqual({ corpId: 6, endpoint: c.endpoint, number: c.endpoint.slice(2), viaAddr: c.via_addr, viaPort: c.via_port, status: c.contact_status });
      }
      // the PBX lists no contact for a phone that is gone; we keep it without an address
      const listed = new Set(snapshot.contacts.map((c) => c.endpoint));
      for (const c of live.values()) if (!listed.has(c.endpoint)) expect(c).toMatchObject({ status: 'Removed', viaAddr: null, viaPort: null });
    };
    const registered = (await h.sim.snapshot()).contacts.length;
    expect(registered).toBeGreaterThan(3);
    expect(h.service.getContacts(6)).toHaveLength(registered);
    await compare();
    let changes = 0;
    for (let i = 0; i < 24; i++) {
      const before = JSON.stringify(h.service.getContacts(6));
      h.advance(5 * 60_000, 1000);
      if (JSON.stringify(h.service.getContacts(6)) !== before) changes++;
      await compare();
    }
    expect(changes).toBeGreaterThan(5);
    h.service.flush();
    const pushes = h.collector.of('AllContacts', 6);
    expect(pushes.length).toBeGreaterThan(changes);
    expect(pushes.at(-1)!.contacts).toEqual(h.service.getContacts(6));
  });

  it('B-EXM-04: an extension whose contact is gone is offline, and online again when it registers', async () => {
    const corp = { corpId: 6, extensions: extensions(10), queues: [] };
    const h = await harness({ seed: 12, corps: [corp], traffic: flappy });
    let wentOffline = 0;
    let cameBack = 0;
    const offline = new Set<string>();
    for (let i = 0; i < 120; i++) {
      h.advance(60_000, 1000);
      const contacts = new Map(h.service.getContacts(6).map((c) => [c.number, c]));
      for (const e of h.service.getExtensions(6)) {
        const contact = contacts.get(e.number);
        const reachable = contact?.status === 'Reachable';
        expect(e.status === EXT_STATUS.offline, `${e.number} (${contact?.status})`).toBe(!reachable);
        if (!reachable && !offline.has(e.number)) {
          offline.add(e.number);
          wentOffline++;
        } else if (reachable && offline.delete(e.number)) cameBack++;
      }
    }
    expect(wentOffline).toBeGreaterThan(3);
    expect(cameBack).toBeGreaterThan(3);
  });

  it('B-EXM-02 B-EXM-05 a deleted extension leaves AllContacts at the directory reload, so Refresh no longer lists it (issue 13)', async () => {
    const corp = { corpId: 6, extensions: extensions(10), queues: [] };
    const h = await harness({ seed: 12, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0 } });
    expect(h.service.getContacts(6).map((c) => c.number)).toContain('1010');
    const changed = { ...corp, extensions: extensions(9) };
    // the configuration changes first (the directory reload), then the PBX drops the phone's contact
    h.directory.list = directoryOf([changed]);
    await h.service.reload();
    h.sim.setCorp(changed);
    expect(h.service.getExtensions(6).map((e) => e.number)).not.toContain('1010');
    expect(h.service.getContacts(6).map((c) => c.number)).not.toContain('1010');
    expect(h.service.getContacts(6)).toHaveLength(9);
    // the monitors open hear of it too
    h.advance(5_000, 1000);
    h.service.flush();
    expect(h.collector.of('AllContacts', 6).at(-1)!.contacts.map((c) => c.number)).not.toContain('1010');
  });

  it('contact URIs: address and port, IPv6, parameters, no port', () => {
    expect(contactAddress('sip:1001@10.2.0.10:5060')).toEqual({ addr: '10.2.0.10', port: 5060 });
    expect(contactAddress('sip:1001@192.168.1.5:40412;transport=ws;x-ast-orig-host=abc.invalid:0')).toEqual({ addr: '192.168.1.5', port: 40412 });
    expect(contactAddress('sips:1001@[2001:db8::1]:5061')).toEqual({ addr: '[2001:db8::1]', port: 5061 });
    expect(contactAddress('sip:pbx.example.com')).toEqual({ addr: 'pbx.example.com', port: null });
    expect(contactAddress('not a uri')).toEqual({ addr: null, port: null });
  });
});
