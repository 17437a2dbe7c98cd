/**
 * How the live state reaches the browsers: every push goes through `send`, which refuses a payload
 * whose corp is not the one it is sent to (never happens by construction; refused rather than leaked);
 * ActiveCalls and AllContacts are coalesced (at most one per `coalesceMs` per corp); the full snapshots
 * (PbxStatus, AllExtensions, AllChannels, AllContacts, AllQueues, ActiveCalls) after every (re)connect.
 */
import type { HubPushes, HubPushName } from '../../domain';
import { Coalescer } from './coalescer';
import type { LiveState } from './state';
import type { PbxReachability, PublishFn, RealtimeLogger, Timers } from './types';
import { activeCallsView, channelsView, contactsView, extensionsView, queuesView } from './views';

export interface PublisherOptions {
  state: LiveState;
  publish: PublishFn;
  now: () => number;
  timers: Timers;
  coalesceMs: number;
  log: RealtimeLogger;
  /** the PBX's reachability now (the PbxStatus push) */
  pbx: () => PbxReachability;
  /** before the queues are read: the day's counters roll at midnight */
  beforeQueues: () => void;
}

export class Publisher {
  private readonly activeCalls: Coalescer;
  private readonly contactsOut: Coalescer;
  published = 0;

  constructor(private readonly o: PublisherOptions) {
    this.activeCalls = new Coalescer(o.coalesceMs, o.now, o.timers, (corpId) => this.publishActiveCalls(corpId));
    this.contactsOut = new Coalescer(o.coalesceMs, o.now, o.timers, (corpId) => this.publishContacts(corpId));
  }

  send<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void {
    if (payload.corpId !== corpId) {
      this.o.state.drop('conflict');
      return;
    }
    this.published++;
    try {
      this.o.publish(corpId, push, payload);
    } catch (error) {
      this.o.log.warn('realtime: publish failed', { corpId, push, error: String(error) });
    }
  }

  /** the corp's active calls changed: an ActiveCalls goes out (coalesced) */
  callsChanged(corpId: number): void {
    this.activeCalls.mark(corpId);
  }

  /** the corp's contacts changed: an AllContacts goes out (coalesced) */
  contactsChanged(corpId: number): void {
    this.contactsOut.mark(corpId);
  }

  /** after each applied event: publishes what may go now, schedules the rest */
  settle(): void {
    this.activeCalls.settle();
    this.contactsOut.settle();
  }

  /** publishes the coalesced pushes that are waiting */
  flush(): void {
    this.activeCalls.flush();
    this.contactsOut.flush();
  }

  /** nothing waits any more (a rebuild publishes whole snapshots, a stop) */
  clear(): void {
    this.activeCalls.clear();
    this.contactsOut.clear();
  }

  forget(corpId: number): void {
    this.activeCalls.forget(corpId);
    this.contactsOut.forget(corpId);
  }

  pbxStatus(corpId: number): HubPushes['PbxStatus'] {
    const { state, since } = this.o.pbx();
    return { corpId, state, since, ts: this.o.now() };
  }

  /** PbxStatus, AllExtensions, AllChannels, AllContacts, AllQueues and ActiveCalls to these corps */
  snapshots(corpIds: Iterable<number>): void {
    for (const id of corpIds) {
      const corp = this.o.state.corps.get(id);
      if (!corp) continue;
      const ts = this.o.now();
      this.send(id, 'PbxStatus', this.pbxStatus(id));
      this.send(id, 'AllExtensions', { corpId: id, extensions: extensionsView(corp), ts });
      this.send(id, 'AllChannels', { corpId: id, channels: channelsView(corp), ts });
      this.send(id, 'AllContacts', { corpId: id, contacts: contactsView(corp), ts });
      this.o.beforeQueues();
      this.send(id, 'AllQueues', { corpId: id, queues: queuesView(corp), ts });
      this.send(id, 'ActiveCalls', { corpId: id, calls: activeCallsView(corp), ts });
      this.activeCalls.published(id);
      this.contactsOut.published(id);
    }
  }

  private publishActiveCalls(corpId: number): void {
    const corp = this.o.state.corps.get(corpId);
    if (corp) this.send(corpId, 'ActiveCalls', { corpId, calls: activeCallsView(corp), ts: this.o.now() });
  }

  private publishContacts(corpId: number): void {
    const corp = this.o.state.corps.get(corpId);
    if (corp) this.send(corpId, 'AllContacts', { corpId, contacts: contactsView(corp), ts: this.o.now() });
  }
}
