/**
 * What ARI's REST snapshot cannot say, kept from the event stream, and the derivations that fill the
 * PbxSnapshot's `contacts` and `deviceStates` (reference/protocols.md §6.9):
 *
 * - Device states of PJSIP endpoints: `GET /deviceStates` lists only Stasis ones, so they are derived
 *   from the endpoint's state and its channels, the way Asterisk aggregates channel states into a
 *   device state (ringing + in use → RINGINUSE, ...). Hold is not on the Channel object, so holds are
 *   tracked from ChannelHold/ChannelUnhold/ChannelDestroyed.
 * - Queue `_avail` devices (`Queue:{corpId}_{queueId}_avail`): the last DeviceStateChanged seen, or,
 *   when the caller names the devices, `GET /deviceStates/{name}` (which does answer for any device).
 * - Contacts: ARI has no contact list. The last ContactStatusChange per endpoint is kept (uri, aor,
 *   status); an `online` endpoint without one gets a contact with an unknown uri (`''`) and status
 *   Reachable (PJSIP reports an endpoint online only when a contact is reachable or not qualified).
 */
import type { AriChannel, AriDeviceStateValue, AriEndpoint, AriEvent } from '../ari';
import type { PbxContact } from '../adapter';

const QUEUE_DEVICE = /^Queue:.+_avail$/;
const LIVE_CONTACT = new Set(['Reachable', 'NonQualified', 'Unknown']);

export class EventPicture {
  private readonly held = new Set<string>();
  private readonly contacts = new Map<string, PbxContact>();
  private readonly queueDevices = new Map<string, AriDeviceStateValue>();

  apply(event: AriEvent): void {
    switch (event.type) {
      case 'ChannelHold':
        this.held.add(event.channel.id);
        break;
      case 'ChannelUnhold':
      case 'ChannelDestroyed':
        this.held.delete(event.channel.id);
        break;
      case 'DeviceStateChanged':
        if (QUEUE_DEVICE.test(event.device_state.name)) this.queueDevices.set(event.device_state.name, event.device_state.state);
        break;
      case 'ContactStatusChange': {
        const resource = event.endpoint.resource;
        const info = event.contact_info;
        if (info.contact_status === 'Removed') this.contacts.delete(resource);
        else {
          const via = hostPort(info.uri);
          this.contacts.set(resource, { endpoint: resource, aor: info.aor ?? resource, uri: info.uri, contact_status: info.contact_status, via_addr: via.host, via_port: via.port });
        }
        break;
      }
      default:
        break;
    }
  }

  isHeld(channelId: string): boolean {
    return this.held.has(channelId);
  }

  /** forgets holds of channels that no longer exist (events missed while disconnected) */
  pruneHolds(existing: ReadonlySet<string>): void {
    for (const id of this.held) if (!existing.has(id)) this.held.delete(id);
  }

  /** contacts of the listed endpoints, reconciled with their current state */
  contactsFor(endpoints: AriEndpoint[]): PbxContact[] {
    const listed = new Set(endpoints.map((e) => e.resource));
    for (const key of this.contacts.keys()) if (!listed.has(key)) this.contacts.delete(key);
    const out: PbxContact[] = [];
    for (const ep of endpoints) {
      const known = this.contacts.get(ep.resource);
      const live = !!known && LIVE_CONTACT.has(known.contact_status);
      if (ep.state === 'online') {
        out.push(known && live ? { ...known } : { endpoint: ep.resource, aor: ep.resource, uri: '', contact_status: 'Reachable', via_addr: null, via_port: null });
      } else if (known && !live) out.push({ ...known });
      // offline with a "live" contact: a missed unregistration, the contact is gone
    }
    return out;
  }

  queueDeviceStates(): { name: string; state: AriDeviceStateValue }[] {
    return [...this.queueDevices].map(([name, state]) => ({ name, state }));
  }
}

/** Asterisk's device state for a PJSIP endpoint from its registration and channels */
export function endpointDeviceState(endpoint: AriEndpoint, channels: ReadonlyMap<string, AriChannel>, isHeld: (id: string) => boolean): AriDeviceStateValue {
  const idle: AriDeviceStateValue = endpoint.state === 'online' ? 'NOT_INUSE' : endpoint.state === 'offline' ? 'UNAVAILABLE' : 'UNKNOWN';
  let ringing = false;
  let inUse = false;
  let held = false;
  for (const id of endpoint.channel_ids) {
    const ch = channels.get(id);
    if (!ch) continue; // gone between GET /endpoints and GET /channels
    if (isHeld(id)) held = true;
    else if (ch.state === 'Ringing') ringing = true;
    else if (ch.state !== 'Down') inUse = true;
  }
  if (ringing) return inUse || held ? 'RINGINUSE' : 'RINGING';
  if (inUse) return 'INUSE';
  if (held) return 'ONHOLD';
  return idle;
}

/** `sip:1001@10.2.0.10:5060;transport=udp` → 10.2.0.10, 5060 */
export function hostPort(uri: string): { host: string | null; port: number | null } {
  const m = /^sips?:(?:[^@;]*@)?(\[[^\]]+\]|[^:;?>]+)(?::(\d+))?/i.exec(uri.trim());
  if (!m) return { host: null, port: null };
  return { host: m[1].replace(/^\[|\]$/g, ''), port: m[2] ? Number(m[2]) : null };
}
