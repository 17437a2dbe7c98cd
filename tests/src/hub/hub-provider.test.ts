/**
 * The React binding, rendered to a string in node (no DOM, so effects do not run here: the holder is
 * updated by hand the way HubClientProvider's effect does it).
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHubClient, createHubHolder, HubClientProvider, signalrConnection, useHub, useHubState, type HubHolder } from '../../../src/hub';
import { FakeBuilder, memoryLog } from './fake-hub';

function Probe(): ReactNode {
  const client = useHub();
  const state = useHubState();
  return `${client ? 'client' : 'none'}/${state}`;
}

function render(holder: HubHolder, userKey: string | null): string {
  return renderToString(createElement(HubClientProvider, { holder, userKey, corpId: 2, children: createElement(Probe) }));
}

let builder: FakeBuilder;
let holder: HubHolder;

beforeEach(() => {
  vi.useFakeTimers();
  builder = new FakeBuilder();
  holder = createHubHolder((corpId) => createHubClient({ accessToken: () => 'tok', corpId, connect: signalrConnection(() => builder), log: memoryLog() }));
});
afterEach(async () => {
  await holder.dispose();
  expect(vi.getTimerCount()).toBe(0);
  vi.useRealTimers();
});

describe('HubClientProvider, useHub, useHubState', () => {
  it('signed out: no client, state disconnected', () => {
    expect(render(holder, null)).toBe('none/disconnected');
  });

  it('signed in: the client and its state', async () => {
    holder.update({ userKey: '2:3', corpId: 2 });
    expect(render(holder, '2:3')).toBe('client/connecting');
    await vi.advanceTimersByTimeAsync(0);
    builder.connection.acceptStart();
    await vi.advanceTimersByTimeAsync(0);
    expect(render(holder, '2:3')).toBe('client/connected');
  });

  it('useHub outside a provider throws', () => {
    expect(() => renderToString(createElement(Probe))).toThrow(/outside HubProvider/);
  });
});
