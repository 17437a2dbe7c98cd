/**
 * Queue members as app_queue keeps and announces them (G-PAU, G-QLI): a pause or an unpause in one
 * queue or in all of an extension's queues, with what Asterisk does for it (apps/app_queue.c
 * set_member_paused / set_queue_member_pause): a PAUSEALL row first when no queue is named, then per
 * queue PAUSE or UNPAUSE with the reason in data1, the realtime member written back (paused,
 * reason_paused), the QueueMemberPause event, and the `Queue:{queue}_pause_{interface}` device state
 * (INUSE paused, NOT_INUSE not). A paused member is not offered calls (world.memberAvailable).
 */
import { Subject } from 'rxjs';
import { PbxError, type PauseRequest, type PbxMemberEvent, type PbxQueueMember } from '../adapter';
import type { CallRecords } from './call-records';
import type { MemberState, QueueState } from './state';
import type { SimWorld } from './world';

export class Members {
  readonly events = new Subject<PbxMemberEvent>();

  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
  ) {}

  json(q: QueueState, m: MemberState): PbxQueueMember {
    return {
      queue: q.name,
      interface: `PJSIP/${q.corp.corpId}_${m.number}`,
      membername: m.number,
      paused: m.paused,
      reason: m.reason,
      lastPause: m.lastPause,
      lastCall: m.lastCall,
    };
  }

  /** every member of every queue now (AMI QueueStatus) */
  all(): PbxQueueMember[] {
    const out: PbxQueueMember[] = [];
    for (const corp of this.w.corps.values()) for (const q of corp.queues.values()) for (const m of q.members.values()) out.push(this.json(q, m));
    return out;
  }

  pause(request: PauseRequest): void {
    const w = this.w;
    const corp = w.corps.get(request.corpId);
    if (!corp) throw new PbxError('not_found', `Corp ${request.corpId} not found`);
    const queues = [...corp.queues.values()].filter((q) => (request.queueId === null || q.cfg.id === request.queueId) && q.members.has(request.number));
    if (queues.length === 0) {
      const where = request.queueId === null ? 'any queue' : `queue ${corp.corpId}_${request.queueId}`;
      throw new PbxError('not_found', `'${request.number}' is not a member of ${where}`);
    }
    const iface = `PJSIP/${corp.corpId}_${request.number}`;
    if (request.queueId === null) this.records.queueLogOf(corp.corpId, 'NONE', 'NONE', iface, request.paused ? 'PAUSEALL' : 'UNPAUSEALL', ['']);
    const now = w.now();
    for (const q of queues) {
      const m = q.members.get(request.number)!;
      m.paused = request.paused;
      m.reason = request.paused ? request.reason : '';
      if (request.paused) m.lastPause = now;
      this.records.queueLog(q, 'NONE', m.number, request.paused ? 'PAUSE' : 'UNPAUSE', [request.reason]);
      this.records.memberPause({ corpId: corp.corpId, queueId: q.cfg.id, number: m.number, paused: m.paused, reason: m.reason, at: now });
      this.events.next({ type: 'QueueMemberPause', member: this.json(q, m), at: now });
      w.emit({ type: 'DeviceStateChanged', device_state: { name: `Queue:${q.name}_pause_${iface}`, state: m.paused ? 'INUSE' : 'NOT_INUSE' } });
      w.updateQueueAvail(q);
      if (!m.paused) w.requestDispatch(q);
    }
  }

  added(q: QueueState, m: MemberState): void {
    this.events.next({ type: 'QueueMemberAdded', member: this.json(q, m), at: this.w.now() });
  }

  removed(q: QueueState, m: MemberState): void {
    this.events.next({ type: 'QueueMemberRemoved', member: this.json(q, m), at: this.w.now() });
  }
}
