/**
 * One ARI event applied to the live state: the corp it belongs to (attribution.ts; anything else is
 * dropped and counted), then what it means for channels and calls, queues, registrations and contacts;
 * after it, the extensions it touched are reconciled (extensions.ts) and, for the log monitor, the
 * event goes out as LogMon (B-LOG-04/05).
 */
import { PBX_LOG_EVENT_TYPES, parseEndpointName, type LogEventType } from '../../domain';
import type { AriEvent } from '../pbx';
import { attribute } from './attribution';
import type { CallTracker } from './calls';
import type { ExtensionTracker } from './extensions';
import type { Publisher } from './publisher';
import type { QueueTracker } from './queues';
import { contactAddress, isExtNumber, type CorpState, type LiveState } from './state';
import type { RealtimeLogger } from './types';

const LOG_TYPES: ReadonlySet<string> = new Set(PBX_LOG_EVENT_TYPES);

export interface EventRouterOptions {
  state: LiveState;
  calls: CallTracker;
  queues: QueueTracker;
  extensions: ExtensionTracker;
  out: Publisher;
  now: () => number;
  /** whether LogMon pushes go out for a corp */
  logMonitor: (corpId: number) => boolean;
  log: RealtimeLogger;
}

export class EventRouter {
  events = 0;

  constructor(private readonly o: EventRouterOptions) {}

  apply(event: AriEvent): void {
    const { state, calls, queues } = this.o;
    this.events++;
    queues.roll();
    if (event.type === 'BridgeDestroyed') {
      calls.forgetBridge(event.bridge.id);
      return;
    }
    if (event.type === 'BridgeCreated') return;
    const who = attribute(event);
    if ('drop' in who) {
      state.drop(who.drop);
      return;
    }
    const corp = state.corps.get(who.corpId);
    if (!corp) {
      state.drop('unknownCorp');
      return;
    }
    const at = this.o.now();
    try {
      this.applyToCorp(corp, event, at);
      this.o.extensions.reconcile(corp, at);
    } catch (error) {
      corp.dirty.clear();
      this.o.log.warn('realtime: event failed', { type: event.type, error: String(error) });
    }
    if (LOG_TYPES.has(event.type) && this.o.logMonitor(corp.corpId)) this.logMon(corp, event, at);
  }

  private applyToCorp(corp: CorpState, event: AriEvent, at: number): void {
    const { calls, queues, extensions, out } = this.o;
    switch (event.type) {
      case 'ChannelCreated':
      case 'ChannelStateChange': {
        const rec = calls.upsertChannel(corp, event.channel, at);
        if (rec && rec.call === null && rec.state !== 'Down') calls.ensureCall(corp, rec, at);
        return;
      }
      case 'ChannelDialplan': {
        const seen = corp.channels.has(event.channel.id);
        const rec = calls.upsertChannel(corp, event.channel, at);
        if (!rec) return;
        // first seen here: a carrier's call whose creation named no corp (attribution.ts), now in its corp's dialplan
        if (!seen && rec.call === null && rec.state !== 'Down') calls.ensureCall(corp, rec, at);
        // leaving the queue shows as an answer, a hang-up or QUEUESTATUS (app_queue sets it before the
        // dialplan goes on); a later application alone is not read as a leave, so an old event replayed
        // after a snapshot cannot take a waiting caller out
        // but a waiting caller a transfer sends elsewhere (AMI Redirect, G-XFR-03) is moved to priority 1 of
        // its new place while its application still reads Queue, and no dialplan runs Queue at priority 1
        // (the generated one answers first): it has left (app_queue logs ABANDON)
        if (event.dialplan_app === 'Queue' && rec.queued !== null && event.channel.dialplan.priority === 1) queues.leave(corp, rec, 'abandoned', at);
        else if (event.dialplan_app === 'Queue') calls.enterQueue(corp, rec, event.dialplan_app_data, at, true);
        if (event.dialplan_app === 'ChanSpy') calls.spyOn(corp, rec, event.dialplan_app_data, at);
        const call = calls.liveCall(corp, rec);
        if (call && call.origin === rec.id && event.dialplan_app === 'Dial' && rec.exten !== 's' && call.dialed !== rec.exten && call.answeredAt === null) {
          call.dialed = rec.exten;
          out.callsChanged(corp.corpId);
          corp.dirty.add(call.caller);
        }
        return;
      }
      case 'ChannelVarset': {
        const rec = event.channel ? calls.upsertChannel(corp, event.channel, at) : null;
        if (rec && event.variable === 'QUEUESTATUS' && rec.queued !== null) queues.leave(corp, rec, 'timeout', at);
        return;
      }
      case 'ChannelCallerId':
      case 'ChannelConnectedLine': {
        const rec = calls.upsertChannel(corp, event.channel, at);
        const call = rec ? calls.liveCall(corp, rec) : undefined;
        // an outside caller's number may come late; an extension keeps its own number as the caller
        if (rec && call && call.origin === rec.id && !rec.isExt && rec.callerNumber !== '' && call.caller !== rec.callerNumber) {
          call.caller = rec.callerNumber;
          out.callsChanged(corp.corpId);
        }
        return;
      }
      case 'ChannelHangupRequest':
      case 'ChannelDestroyed': {
        const rec = corp.channels.get(event.channel.id);
        if (!rec) {
          if (!this.o.state.recent.has(event.channel.id)) this.o.state.drop('unknownChannel');
          return;
        }
        calls.channelGone(corp, rec, event.cause ?? 16, event.type === 'ChannelDestroyed', at);
        return;
      }
      case 'ChannelHold':
      case 'ChannelUnhold': {
        const rec = calls.upsertChannel(corp, event.channel, at);
        if (rec) calls.hold(corp, rec, event.type === 'ChannelHold');
        return;
      }
      case 'ChannelEnteredBridge': {
        const rec = event.channel ? calls.upsertChannel(corp, event.channel, at) : null;
        if (rec) calls.enterBridge(corp, rec, event.bridge.id, at);
        return;
      }
      case 'ChannelLeftBridge': {
        const rec = corp.channels.get(event.channel.id);
        if (rec) calls.leaveBridge(rec);
        return;
      }
      case 'Dial':
        calls.onDial(corp, event, at);
        return;
      case 'DeviceStateChanged':
        extensions.onDevice(corp, event.device_state.name, event.device_state.state);
        return;
      case 'EndpointStateChange':
        extensions.onEndpoint(corp, event.endpoint.resource, event.endpoint.state);
        return;
      case 'ContactStatusChange': {
        const parsed = parseEndpointName(event.endpoint.resource);
        if (!parsed || parsed.corpId !== corp.corpId || !isExtNumber(parsed.number, corp)) return;
        const status = event.contact_info.contact_status;
        const gone = status === 'Removed';
        if (gone && !corp.exts.has(parsed.number)) {
          // the phone of an extension no longer configured (deleted) went away: nothing to list (issue 13)
          if (corp.contacts.delete(parsed.number)) out.contactsChanged(corp.corpId);
          return;
        }
        const { addr, port } = contactAddress(event.contact_info.uri);
        corp.contacts.set(parsed.number, {
          corpId: corp.corpId,
          endpoint: event.endpoint.resource,
          number: parsed.number,
          viaAddr: gone ? null : addr,
          viaPort: gone ? null : port,
          status,
        });
        out.contactsChanged(corp.corpId);
        return;
      }
      default:
        return;
    }
  }

  private logMon(corp: CorpState, event: AriEvent, at: number): void {
    let device = '';
    let state = '';
    if (event.type === 'DeviceStateChanged') {
      device = event.device_state.name;
      state = event.device_state.state;
    } else if (event.type === 'Dial') {
      device = event.peer.name;
      state = event.dialstatus || event.peer.state;
    } else if ('channel' in event && event.channel) {
      device = event.channel.name;
      state = event.channel.state;
    }
    this.o.out.send(corp.corpId, 'LogMon', { corpId: corp.corpId, type: event.type as LogEventType, timestamp: event.timestamp, device, state, event, ts: at });
  }
}
