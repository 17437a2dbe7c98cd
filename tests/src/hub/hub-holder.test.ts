/**
 * The tab's hub holder (what HubProvider runs on): lazily one client per signed-in user, disposed on
 * sign-out, fresh snapshots when level 1 changes the working corp.
 */
import { describe, expect, it } from 'vitest';
import { NEVER, of } from 'rxjs';
import { createHubHolder, type HubClient, type SnapshotReason } from '../../../src/hub';

interface StubClient extends HubClient {
  id: number;
  corpAtCreation: number | null;
  corpId: () => number | null;
  disposed: number;
  requests: SnapshotReason[];
}

function factory() {
  const made: StubClient[] = [];
  const create = (corpId: () => number | null): HubClient => {
    const client: StubClient = {
      id: made.length + 1,
      corpAtCreation: corpId(),
      corpId,
      disposed: 0,
      requests: [],
      state$: of('connecting' as const),
      state: 'connecting',
      records$: NEVER,
      events$: NEVER,
      snapshotRequests$: NEVER,
      invoke: async () => {
        throw new Error('stub');
      },
      requestSnapshots: (reason = 'requested') => void client.requests.push(reason),
      dispose: async () => void client.disposed++,
    };
    made.push(client);
    return client;
  };
  return { made, create };
}

describe('hub holder', () => {
  it('no client and no connection until a user is signed in', () => {
    const { made, create } = factory();
    const holder = createHubHolder(create);
    expect(holder.get()).toBeNull();
    holder.update({ userKey: null, corpId: null });
    expect(made).toHaveLength(0);
  });

  it('one client per tab: repeated updates for the same user (StrictMode, remounts) reuse it', () => {
    const { made, create } = factory();
    const holder = createHubHolder(create);
    let notified = 0;
    holder.subscribe(() => notified++);
    holder.update({ userKey: '2:3', corpId: 2 });
    holder.update({ userKey: '2:3', corpId: 2 });
    holder.update({ userKey: '2:3', corpId: 2 });
    expect(made).toHaveLength(1);
    expect(holder.get()).toBe(made[0]);
    expect(made[0].corpAtCreation).toBe(2);
    expect(notified).toBe(1);
    expect(made[0].requests).toEqual([]); // the new client asks for its snapshots itself once connected
  });

  it('sign-out disposes the client; the next sign-in gets a new one', () => {
    const { made, create } = factory();
    const holder = createHubHolder(create);
    holder.update({ userKey: '2:3', corpId: 2 });
    holder.update({ userKey: null, corpId: null });
    expect(made[0].disposed).toBe(1);
    expect(holder.get()).toBeNull();
    holder.update({ userKey: '3:6', corpId: 3 });
    expect(made).toHaveLength(2);
    expect(holder.get()).toBe(made[1]);
    expect(made[1].corpAtCreation).toBe(3);
  });

  it('another user signing in without a sign-out replaces the client', () => {
    const { made, create } = factory();
    const holder = createHubHolder(create);
    holder.update({ userKey: '2:3', corpId: 2 });
    holder.update({ userKey: '2:4', corpId: 2 });
    expect(made[0].disposed).toBe(1);
    expect(holder.get()).toBe(made[1]);
  });

  it("B-PNL-18 level 1 changing the working corp: the same connection asks for the new corp's snapshots", () => {
    const { made, create } = factory();
    const holder = createHubHolder(create);
    holder.update({ userKey: '1:1', corpId: 1 });
    holder.update({ userKey: '1:1', corpId: 2 });
    expect(made).toHaveLength(1);
    expect(made[0].requests).toEqual(['requested']);
    expect(made[0].corpId()).toBe(2);
    holder.update({ userKey: '1:1', corpId: 2 });
    expect(made[0].requests).toHaveLength(1);
  });

  it('dispose() ends the client and tells the subscribers', async () => {
    const { made, create } = factory();
    const holder = createHubHolder(create);
    holder.update({ userKey: '2:3', corpId: 2 });
    let notified = 0;
    const unsubscribe = holder.subscribe(() => notified++);
    await holder.dispose();
    expect(made[0].disposed).toBe(1);
    expect(holder.get()).toBeNull();
    expect(notified).toBe(1);
    unsubscribe();
    holder.update({ userKey: '2:3', corpId: 2 }); // signing in again works
    expect(made).toHaveLength(2);
    expect(notified).toBe(1);
  });
});
