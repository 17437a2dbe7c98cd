import { describe, expect, it } from 'vitest';
import { NO_AGENT_STATE } from '../../domain/agents';
import type { AgentState } from '../../domain/realtime';
import { EXT_STATUS, type ExtStatus } from '../../domain/realtime';
import { forecastAgents, type MemberReading } from '../../kiosk/boards/queue-forecast';

const NOW = 100_000;
const agent = (over: Partial<AgentState>): AgentState => ({ ...NO_AGENT_STATE, ...over });
const pause = (queues: number[]) => ({ queues, reason: 'lunch', label: 'Lunch', since: 0, warnAfterMs: null });

describe('H-FCST-01 the agents the forecast counts', () => {
  it('H-FCST-01 in a call, on hold or in the wrap-up after one is busy (handle = talk + wrap-up); idle, just hung up or ringing is free; offline is not counted', () => {
    const floor: Record<string, MemberReading> = {
      '201': { status: EXT_STATUS.inUse, agent: NO_AGENT_STATE },
      '202': { status: EXT_STATUS.onHold, agent: NO_AGENT_STATE },
      '203': { status: EXT_STATUS.online, agent: agent({ wrapUp: { since: NOW - 5000, until: NOW + 5000 } }) },
      '204': { status: EXT_STATUS.hangup, agent: agent({ wrapUp: { since: NOW, until: NOW + 10_000 } }) },
      '205': { status: EXT_STATUS.online, agent: agent({ wrapUp: { since: NOW - 20_000, until: NOW - 10_000 } }) },
      '206': { status: EXT_STATUS.ringing, agent: NO_AGENT_STATE },
      '207': { status: EXT_STATUS.hangup, agent: NO_AGENT_STATE },
      '208': { status: EXT_STATUS.offline, agent: NO_AGENT_STATE },
    };
    expect(forecastAgents(1, [...Object.keys(floor), '299'], (n) => floor[n], NOW)).toEqual({ busy: 4, free: 3 });
    // the same wrap-up once it is over: free
    expect(forecastAgents(1, ['203'], (n) => floor[n], NOW + 5000)).toEqual({ busy: 0, free: 1 });
  });

  it('H-FCST-01 paused in this queue or on do-not-disturb serves none of its callers: not counted; paused in another queue still is', () => {
    const read = (status: ExtStatus, a: AgentState) => () => ({ status, agent: a });
    expect(forecastAgents(1, ['201'], read(EXT_STATUS.online, agent({ pause: pause([1]) })), NOW)).toEqual({ busy: 0, free: 0 });
    expect(forecastAgents(1, ['201'], read(EXT_STATUS.inUse, agent({ pause: pause([1, 2]) })), NOW)).toEqual({ busy: 0, free: 0 });
    expect(forecastAgents(1, ['201'], read(EXT_STATUS.online, agent({ dndSince: 0 })), NOW)).toEqual({ busy: 0, free: 0 });
    expect(forecastAgents(1, ['201'], read(EXT_STATUS.online, agent({ pause: pause([2]) })), NOW)).toEqual({ busy: 0, free: 1 });
  });
});
