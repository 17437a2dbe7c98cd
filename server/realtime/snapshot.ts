/**
 * The live state rebuilt from the PBX's snapshot after every (re)connect (B-PNL-18): registrations,
 * contacts, channels, calls (bridged channels are answered calls, a leg being rung joins the call whose
 * caller it shows as connected party), queue callers, and every extension derived again.
 *
 * Times come from the PBX (issue 12, defect 7: a call bridged 14 s before a restart showed 2 s): a
 * bridged channel was answered when its bridge was created (but a caller in the Queue application when
 * it was created: the dialplan answered it before it queued), another channel that is up when it was
 * created; a call began when its first channel was created.
 */
import { EXT_STATUS, parseEndpointName, statusFromDeviceState, type ExtStatus } from '../../domain';
import { parseAriTimestamp, type PbxSnapshot } from '../pbx';
import { channelCorp } from './attribution';
import type { CallTracker } from './calls';
import type { ExtensionTracker } from './extensions';
import { contactAddress, isExtNumber, partyNumber, type CallRecord, type ChannelRecord, type CorpState, type LiveState } from './state';

export function rebuildFromSnapshot(state: LiveState, calls: CallTracker, extensions: ExtensionTracker, snapshot: PbxSnapshot, at: number): void {
  state.bridges.clear();
  state.recent.clear();
  const before = new Map<number, Map<string, { status: ExtStatus; since: number }>>();
  for (const corp of state.corps.values()) {
    before.set(corp.corpId, new Map([...corp.exts].map(([n, e]) => [n, { status: e.status, since: e.since }])));
    corp.channels.clear();
    corp.extChannels.clear();
    corp.calls.clear();
    corp.contacts.clear();
    corp.dirty.clear();
    for (const q of corp.queues.values()) q.callers.clear();
  }

  registrations(state, extensions, snapshot);
  contacts(state, snapshot);

  // channels (answered ones: see bridges below for their answer time)
  const channels: ChannelRecord[] = [];
  for (const ch of snapshot.channels) {
    const who = channelCorp(ch);
    const corp = 'corpId' in who ? state.corps.get(who.corpId) : undefined;
    const rec = corp ? calls.upsertChannel(corp, ch, at) : null;
    if (!rec) continue;
    if (rec.state === 'Up') rec.upAt = rec.created;
    channels.push(rec);
  }
  channels.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  // bridged channels are answered calls, answered when their bridge was created
  for (const b of snapshot.bridges) {
    let owner: CorpState | undefined;
    const members: ChannelRecord[] = [];
    for (const id of b.channels) {
      for (const corp of state.corps.values()) {
        const rec = corp.channels.get(id);
        if (!rec || (owner && owner !== corp)) continue;
        owner = corp;
        members.push(rec);
      }
    }
    if (!owner || members.length === 0) continue;
    state.bridges.set(b.id, { corpId: owner.corpId, channels: new Set(members.map((m) => m.id)) });
    for (const m of members) m.bridge = b.id;
    if (members.length < 2) continue;
    members.sort((x, y) => x.created - y.created || (x.id < y.id ? -1 : 1));
    const bridged = parseAriTimestamp(b.creationtime);
    const answered = Number.isFinite(bridged) ? bridged : snapshot.time;
    const call = calls.newCall(owner, members[0], members[0].created);
    for (const m of members.slice(1)) calls.addLeg(owner, call, m, at);
    call.answeredAt = answered;
    call.talking = new Set([members[0].id, members[1].id]);
    call.receiver = partyNumber(members[1]);
    // a caller still in the Queue application was answered by the dialplan when it queued (the
    // generated c{corp}-queues answers first), not when an agent took it: like a caller still waiting,
    // its answer is taken as its creation, as the events gave it before a restart (a real Asterisk
    // showed an internal caller's timer jump by its queue wait otherwise)
    for (const m of members) if (m.state === 'Up' || m.onHold) m.upAt = m.app === 'Queue' ? m.created : Math.max(m.created, answered);
  }

  // the rest: a leg being rung belongs to the call whose caller it shows as connected party
  for (const rec of channels) {
    if (rec.call !== null) continue;
    const corp = state.corps.get(rec.corpId)!;
    let match: CallRecord | null = null;
    for (const call of corp.calls.values()) {
      if (call.answeredAt !== null || call.ended || call.origin === rec.id) continue;
      if (call.caller !== '' && call.caller === rec.connectedNumber && call.time <= rec.created) match = call;
    }
    if (!match) {
      calls.newCall(corp, rec, rec.created);
      continue;
    }
    calls.addLeg(corp, match, rec, at);
    if (rec.state === 'Ringing') match.receiver = partyNumber(rec);
  }

  // queue callers: channels in the Queue application that are not in a conversation
  for (const rec of channels) {
    if (rec.app !== 'Queue') continue;
    const corp = state.corps.get(rec.corpId)!;
    const call = rec.call !== null ? corp.calls.get(rec.call) : undefined;
    if (call?.answeredAt !== null && call?.answeredAt !== undefined) continue;
    const data = snapshot.channels.find((c) => c.id === rec.id)?.dialplan.app_data ?? '';
    calls.enterQueue(corp, rec, data, rec.created, false);
  }

  for (const corp of state.corps.values()) extensions.rebuild(corp, at, before.get(corp.corpId) ?? new Map());
}

/** which phones are registered: the PJSIP endpoints' state, else their device state */
function registrations(state: LiveState, extensions: ExtensionTracker, snapshot: PbxSnapshot): void {
  const seen = new Set<string>();
  for (const e of snapshot.endpoints) {
    if (e.technology !== 'PJSIP' || (e.state !== 'online' && e.state !== 'offline')) continue;
    const parsed = parseEndpointName(e.resource);
    const corp = parsed ? state.corps.get(parsed.corpId) : undefined;
    if (!parsed || !corp || !isExtNumber(parsed.number, corp)) continue;
    extensions.setRegistered(corp, parsed.number, e.state === 'online');
    seen.add(e.resource);
  }
  for (const d of snapshot.deviceStates) {
    const parsed = d.name.startsWith('PJSIP/') ? parseEndpointName(d.name) : null;
    const corp = parsed ? state.corps.get(parsed.corpId) : undefined;
    if (!parsed || !corp || !isExtNumber(parsed.number, corp) || seen.has(`${parsed.corpId}_${parsed.number}`)) continue;
    extensions.setRegistered(corp, parsed.number, statusFromDeviceState(d.state) !== EXT_STATUS.offline);
  }
}

function contacts(state: LiveState, snapshot: PbxSnapshot): void {
  for (const c of snapshot.contacts) {
    const parsed = parseEndpointName(c.endpoint);
    const corp = parsed ? state.corps.get(parsed.corpId) : undefined;
    if (!parsed || !corp || !isExtNumber(parsed.number, corp)) continue;
    const fromUri = contactAddress(c.uri);
    const gone = c.contact_status === 'Removed';
    corp.contacts.set(parsed.number, {
      corpId: corp.corpId,
      endpoint: c.endpoint,
      number: parsed.number,
      viaAddr: gone ? null : (c.via_addr ?? fromUri.addr),
      viaPort: gone ? null : (c.via_port ?? fromUri.port),
      status: c.contact_status,
    });
  }
}
