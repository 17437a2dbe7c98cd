import { createHash } from 'node:crypto';
import { createSimulator, MemoryRecordSink, type AriEvent, type CallCentreSimulator, type SimCorp, type SimulatorOptions } from '../../../server/pbx';

export function extensions(count: number, first = 1001) {
  return Array.from({ length: count }, (_, i) => ({ number: String(first + i), userName: `Agent ${i + 1}` }));
}

/** A realistic corp: two queues with different strategies, internal and outbound calls. */
export function busyCorp(corpId = 2): SimCorp {
  const exts = extensions(12);
  return {
    corpId,
    extensions: exts,
    internalCallsPerHour: 6,
    outboundCallsPerHour: 10,
    queues: [
      { id: 1, name: 'Sales', strategy: 'ringall', members: ['1001', '1002', '1003', '1004'], callsPerHour: 40, serviceLevelSec: 30 },
      { id: 2, name: 'Support', strategy: 'leastrecent', members: ['1005', '1006', '1007', '1008', '1009'], callsPerHour: 60, maxWaitSec: 300, wrapupSec: 10 },
      { id: 3, name: 'Billing', strategy: 'rrmemory', members: ['1010', '1011', '1012'], callsPerHour: 15 },
    ],
  };
}

export interface Run {
  sim: CallCentreSimulator;
  sink: MemoryRecordSink;
  events: AriEvent[];
}

export async function startSim(options: Partial<SimulatorOptions> & Pick<SimulatorOptions, 'corps'>, keepEvents = true): Promise<Run> {
  const sink = new MemoryRecordSink();
  const sim = createSimulator({ seed: 1, driver: 'manual', sink, ...options });
  const events: AriEvent[] = [];
  if (keepEvents) sim.events$.subscribe((e) => events.push(e));
  await sim.start();
  return { sim, sink, events };
}

export function hashEvents(events: AriEvent[]): string {
  const h = createHash('sha256');
  for (const e of events) h.update(JSON.stringify(e));
  return h.digest('hex');
}

/** The channel an event is about (channel, or Dial's peer). */
export function channelOf(e: AriEvent): { id: string; name: string; state: string } | undefined {
  if ('channel' in e && e.channel) return e.channel;
  if (e.type === 'Dial') return e.peer;
  return undefined;
}

/** A compact line per event, for sequence assertions. */
export function line(e: AriEvent): string {
  const ch = channelOf(e);
  const where = ch ? ch.name.replace(/-[0-9a-f]{8}$/, '') : '';
  switch (e.type) {
    case 'Dial':
      return `Dial ${where} ${JSON.stringify(e.dialstatus)}${e.caller ? '' : ' (no caller)'}`;
    case 'ChannelStateChange':
      return `ChannelStateChange ${where} ${e.channel.state}`;
    case 'ChannelDialplan':
      return `ChannelDialplan ${where} ${e.dialplan_app}`;
    case 'ChannelVarset':
      return `ChannelVarset ${where} ${e.variable}`;
    case 'ChannelDestroyed':
      return `ChannelDestroyed ${where} ${e.cause}`;
    case 'ChannelHangupRequest':
      return `ChannelHangupRequest ${where} ${e.cause ?? ''}${e.soft ? ' soft' : ''}`;
    case 'DeviceStateChanged':
      return `DeviceStateChanged ${e.device_state.name} ${e.device_state.state}`;
    case 'ContactStatusChange':
      return `ContactStatusChange ${e.endpoint.resource} ${e.contact_info.contact_status}`;
    case 'EndpointStateChange':
    case 'PeerStatusChange':
      return `${e.type} ${e.endpoint.resource}`;
    case 'BridgeCreated':
    case 'BridgeDestroyed':
      return e.type;
    default:
      return `${e.type} ${where}`;
  }
}

/** Advances virtual time in steps until `done()`; throws after `maxMs` (never loops forever). */
export function advanceUntil(sim: CallCentreSimulator, done: () => boolean, stepMs = 1000, maxMs = 7 * 86_400_000): void {
  const limit = sim.now() + maxMs;
  while (!done()) {
    if (sim.now() >= limit) throw new Error(`condition not reached within ${maxMs} ms of simulated time`);
    sim.advance(stepMs);
  }
}
