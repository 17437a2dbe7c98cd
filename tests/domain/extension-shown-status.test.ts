/**
 * J-ONE-01: the extension status reducer has one home, domain/extension-shown-status.ts, read by the
 * browser's extension machine and by the server's mirror of what the browsers show. The machine's
 * transitions are the domain's rules (one transition per rule, nothing else), and over long random
 * sequences of pushes the machine and the mirror show the same thing after every push (the machine's
 * hangup display played out on its clock, the mirror's taken as over at once).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { EXT_STATUS, SPY_MODES, type ExtStatus } from '../../domain';
import { SHOWN_RULES, SHOWN_STATES, stepShown, type ShownCall, type ShownInput } from '../../domain/extension-shown-status';
import { extensionMachine, type ExtensionEvent } from '../../machines/extension-machine';

const CORP = 7;
const NUMBER = '201';

describe('J-ONE-01 the extension status reducer in domain/', () => {
  it('J-ONE-01 the machine\'s state transitions are exactly the domain rules: one per rule, with its target, in its order', () => {
    const nodes = getStateNodes(extensionMachine.root);
    for (const state of SHOWN_STATES) {
      const node = nodes.find((n) => n.key === state)!;
      for (const [type, rules] of Object.entries(SHOWN_RULES[state])) {
        const transitions = (node.transitions.get(type) ?? []) as AnyTransitionDefinition[];
        expect(transitions.map((t) => (t.target ?? []).map((s) => s.key).join() || null), `${state} ${type}`).toEqual(rules!.map((r) => r.target ?? null));
        expect(transitions.map((t) => (t.guard as { params?: unknown }).params), `${state} ${type}`).toEqual(rules);
      }
      const handled = [...node.transitions.keys()].filter((k) => !k.startsWith('xstate.'));
      expect(handled.sort(), state).toEqual(Object.keys(SHOWN_RULES[state]).sort());
    }
  });

  it('J-ONE-01 B-PNL-20 B-PNL-21 B-PNL-22 B-PNL-23 G-SPY-05 the machine and the server\'s mirror show the same after every push of 2,000 random ones', () => {
    // mulberry32: a seeded walk, the same every run
    let seed = 20261128;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const pick = <T,>(items: readonly T[]): T => items[random(items.length)];
    const statuses: ExtStatus[] = [0, 1, 2, 3, 4, 5];
    const parties = ['202', '5551234', null] as const;
    const clock = new SimulatedClock();
    const actor = createActor(extensionMachine, { input: { extension: { corpId: CORP, number: NUMBER, userName: 'x', status: EXT_STATUS.online, since: 0, callStart: null, peer: null } }, clock }).start();
    let mirror: ShownCall<number> = { status: EXT_STATUS.online, since: 0, callStart: null, peer: null, callId: null, listening: null };
    let at = 1_000;
    const taken = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      at += 1 + random(5_000);
      const call = 1 + random(3);
      const peer = pick(parties) ?? '300';
      let event: ExtensionEvent;
      let input: ShownInput<number>;
      switch (random(4)) {
        case 0: {
          const role = pick(['caller', 'receiver'] as const);
          event = { type: 'RINGING', corpId: CORP, number: NUMBER, role, callId: `c${call}.0`, peer, at };
          input = { type: 'RINGING', role, callId: call, peer, at };
          break;
        }
        case 1:
          event = { type: 'CALL_CONNECTED', corpId: CORP, number: NUMBER, callId: `c${call}.1`, peer, at };
          input = { type: 'CALL_CONNECTED', callId: call, peer, at };
          break;
        case 2: {
          const status = pick(statuses);
          const details = {
            ...(random(2) ? { callStart: random(2) ? at - random(10_000) : null } : {}),
            ...(random(2) ? { peer: pick(parties) } : {}),
            ...(random(2) ? { listening: random(2) ? pick(SPY_MODES) : null } : {}),
          };
          event = { type: 'DEVICE_STATE', corpId: CORP, number: NUMBER, status, ...details, at };
          input = { type: 'DEVICE_STATE', status, ...details, at };
          break;
        }
        default:
          event = { type: 'HANGUP', corpId: CORP, number: NUMBER, callId: `c${call}.2`, caller: peer, receiver: NUMBER, cause: 16, duration: 3, at };
          input = { type: 'HANGUP', sameCall: mirror.callId === null || mirror.callId === call, at };
      }
      actor.send(event);
      // the machine's hangup display, played out (the mirror takes it as over at once)
      if (actor.getSnapshot().value === 'hangup') clock.increment(actor.getSnapshot().context.hangupDisplayMs);
      mirror = stepShown(mirror, input, 0) ?? mirror;
      const { context } = actor.getSnapshot();
      taken.add(`${context.status}`);
      const shown = (s: { status: ExtStatus; callStart: number | null; peer: string | null; listening: unknown }) => [s.status, s.callStart, s.peer, s.listening];
      expect(shown(mirror), `push ${i}: ${JSON.stringify(event)}`).toEqual(shown(context));
      expect(mirror.callId === null, `push ${i}: the call held`).toBe(context.callId === null);
      if (context.callId !== null) expect(`c${mirror.callId}`).toBe(context.callId.split('.')[0]);
    }
    // the walk went through every state the mirror knows (hangup is the machine's moment only)
    expect([...taken].sort()).toEqual(['0', '1', '2', '3', '5']);
  }, 30_000);
});
