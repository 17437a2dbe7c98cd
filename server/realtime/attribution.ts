/**
 * Which corp an ARI event belongs to. A corp is named by the endpoint (`PJSIP/{corpId}_{number}-xxxx`,
 * `{corpId}_{number}`), the channel's accountcode (= corpId) and its dialplan context
 * (`c{corpId}-inbound|internal|queues`). Every name present must agree; an event that names no corp,
 * or two, is not attributed (the caller drops and counts it). A carrier's call still ringing in the
 * trunks' shared context (TRUNK_INBOUND_CONTEXT) names no corp yet: its accountcode is that of the trunk
 * endpoint Asterisk matched by address, maybe another corp's; the dialplan then sets the DID's owner.
 */
import { parseEndpointName, TRUNK_INBOUND_CONTEXT } from '../../domain';
import type { AriChannel, AriEvent } from '../pbx';

export type Attribution = { corpId: number } | { drop: 'unattributed' | 'conflict' };

/** `PJSIP/2_1001-0000000a` → `2_1001`; null for names without a `tech/resource` form. */
export function channelResource(name: string): string | null {
  const m = /^[A-Za-z0-9]+\/(.+?)(?:-[0-9a-fA-F]{6,})?$/.exec(name);
  return m ? m[1] : null;
}

/** The endpoint of a channel: corp, number (`1001`, `trunk`) and resource; null when not `{corpId}_{x}`. */
export function channelEndpoint(name: string): { corpId: number; number: string; resource: string } | null {
  const resource = channelResource(name);
  const parsed = resource ? parseEndpointName(resource) : null;
  return parsed && resource ? { ...parsed, resource } : null;
}

class Votes {
  corp: number | null = null;
  conflict = false;
  add(corpId: number | null | undefined): void {
    if (corpId === null || corpId === undefined || !Number.isSafeInteger(corpId)) return;
    if (this.corp === null) this.corp = corpId;
    else if (this.corp !== corpId) this.conflict = true;
  }
  result(): Attribution {
    if (this.conflict) return { drop: 'conflict' };
    return this.corp === null ? { drop: 'unattributed' } : { corpId: this.corp };
  }
}

function contextCorp(context: string | undefined): number | null {
  const m = context ? /^c(\d+)-/.exec(context) : null;
  return m ? Number(m[1]) : null;
}

function accountCorp(accountcode: string | undefined): number | null {
  return accountcode && /^\d+$/.test(accountcode) ? Number(accountcode) : null;
}

/** The corp of one channel (snapshots): its endpoint, accountcode and context must agree. */
export function channelCorp(ch: AriChannel): Attribution {
  const votes = new Votes();
  voteChannel(votes, ch);
  return votes.result();
}

function voteChannel(votes: Votes, ch: AriChannel | undefined): void {
  if (!ch) return;
  votes.add(channelEndpoint(ch.name)?.corpId);
  // an incoming call (Ring) not dispatched yet; a trunk's outgoing leg there (Down, Ringing, Up) is its trunk's corp's
  if (ch.dialplan?.context !== TRUNK_INBOUND_CONTEXT || ch.state !== 'Ring') votes.add(accountCorp(ch.accountcode));
  votes.add(contextCorp(ch.dialplan?.context));
}

/** `PJSIP/2_1001` → 2; `Queue:2_9_avail` → 2; a member's pause device `Queue:2_9_pause_PJSIP/2_1001` → 2. */
export function deviceCorp(device: string): number | null {
  const queue = /^Queue:(\d+)_\d+_(?:avail|pause_.*)$/.exec(device);
  if (queue) return Number(queue[1]);
  return parseEndpointName(device)?.corpId ?? null;
}

export function attribute(event: AriEvent): Attribution {
  const votes = new Votes();
  switch (event.type) {
    case 'Dial':
      voteChannel(votes, event.peer);
      voteChannel(votes, event.caller);
      voteChannel(votes, event.forwarded);
      break;
    case 'DeviceStateChanged':
      votes.add(deviceCorp(event.device_state.name));
      break;
    case 'ContactStatusChange':
    case 'EndpointStateChange':
    case 'PeerStatusChange':
      votes.add(parseEndpointName(event.endpoint.resource)?.corpId);
      if (event.type === 'ContactStatusChange') votes.add(parseEndpointName(event.contact_info.aor)?.corpId);
      break;
    case 'BridgeCreated':
    case 'BridgeDestroyed':
      // bridges carry no corp; the service follows them through the channels that enter them
      return { drop: 'unattributed' };
    default:
      voteChannel(votes, event.channel);
  }
  return votes.result();
}
