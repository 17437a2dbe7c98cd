/**
 * I-FAIL-01: kill -9 of the leader under traffic. Three instances behind HAProxy on one PostgreSQL and
 * Redis (tests/e2e/cluster-helpers.ts); hub clients (the official SignalR client with our never-give-up
 * reconnect) and a stream of writes go through the balancer; the PBX leader is killed with SIGKILL.
 * Measured and checked: another instance drives the PBX within 6 s, every client whose instance died
 * is back within 5 s, each client's extensions equal the new leader's once settled, and every write
 * that was answered 201 is in the database. Skipped, with the reason printed, without haproxy,
 * PostgreSQL or Redis.
 */
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSkipReason, startCluster, type Cluster } from '../../e2e/cluster-helpers';
import { client, waitFor } from '../hub/helpers';

const skipReason = await clusterSkipReason();
if (skipReason) console.warn(`[I-FAIL-01] skipped: ${skipReason}`);

interface Watcher {
  hub: HubConnection;
  lostAt: number | null;
  backAt: number | null;
  /** numbers of the latest AllExtensions */
  numbers: string[];
}

describe.skipIf(skipReason !== null)('I-FAIL-01 kill -9 of the leader under traffic', () => {
  let cluster: Cluster;
  const watchers: Watcher[] = [];
  beforeAll(async () => {
    cluster = await startCluster(3);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(watchers.map((w) => w.hub.stop().catch(() => undefined)));
    await cluster?.stop();
  }, 60_000);

  const health = async (base: string) =>
    fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) }).then(
      async (r) => (await r.json()) as { leader: { self: boolean } | null },
      () => null,
    );

  it('I-FAIL-01 another instance leads within 6 s, clients are back within 5 s and equal the PBX, no acknowledged write is lost', async () => {
    const login = await fetch(`${cluster.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nick: 'admin', pass: 'callboard', corpoName: 'acme' }) });
    const token = ((await login.json()) as { token: string }).token;

    for (let i = 0; i < 6; i++) {
      const hub = client(`${cluster.url}/hub`, token, true);
      const w: Watcher = { hub, lostAt: null, backAt: null, numbers: [] };
      hub.on('AllExtensions', (payload: { corpId: number; extensions: { number: string }[] }) => {
        w.numbers = payload.extensions.map((e) => e.number).sort();
      });
      hub.onreconnecting(() => {
        w.lostAt ??= Date.now();
      });
      hub.onreconnected(() => {
        w.backAt = Date.now();
        void hub.invoke('GetAllExtensions').catch(() => undefined);
      });
      await hub.start();
      await hub.invoke('GetAllExtensions');
      watchers.push(w);
    }
    const healths = await Promise.all(cluster.instances.map((x) => health(x.base)));
    const leaderIndex = healths.findIndex((h) => h?.leader?.self);
    expect(leaderIndex).toBeGreaterThanOrEqual(0);
    const survivors = cluster.instances.filter((_, i) => i !== leaderIndex);

    // writes through the balancer, one every 40 ms, before, during and after the kill: new extensions
    // (the first 30 odd ones: a corp has a maximum) and pause reasons
    const acknowledged: string[] = [];
    const reasons: string[] = [];
    const failures = new Map<string, number>();
    let writing = true;
    const writes = (async () => {
      for (let n = 300; writing && n < 700; n++) {
        const extension = n % 2 === 1 && n < 360;
        const res = await fetch(`${cluster.url}/api/v1/${extension ? 'extension' : 'pausereason'}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(extension ? { number: String(n), pass: `Fail_over.${n}x` } : { name: `Failover ${n}`, code: `f${n}` }),
          signal: AbortSignal.timeout(5000),
        }).catch(() => null);
        if (res?.status === 201) (extension ? acknowledged : reasons).push(String(n));
        else {
          const why = res ? `${res.status} ${(await res.text()).slice(0, 80)}` : 'no answer';
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    await new Promise((r) => setTimeout(r, 1000));

    const killedAt = Date.now();
    cluster.instances[leaderIndex].child.kill('SIGKILL');
    const newLeaderAt = await (async () => {
      for (;;) {
        const states = await Promise.all(survivors.map((x) => health(x.base)));
        if (states.some((h) => h?.leader?.self)) return Date.now();
        if (Date.now() - killedAt > 15_000) throw new Error('no instance took the lead in 15 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 2000));
    writing = false;
    await writes;

    const lost = watchers.filter((w) => w.lostAt !== null);
    await waitFor(() => lost.every((w) => w.backAt !== null), 10_000, 'every client back');
    const reconnectMs = lost.map((w) => w.backAt! - w.lostAt!);
    // settled: one more second, then each client's extensions against the new leader's
    await new Promise((r) => setTimeout(r, 1000));
    const fresh = client(`${cluster.url}/hub`, token);
    let pbx: string[] = [];
    fresh.on('AllExtensions', (payload: { extensions: { number: string }[] }) => (pbx = payload.extensions.map((e) => e.number).sort()));
    await fresh.start();
    await fresh.invoke('GetAllExtensions');
    await waitFor(() => pbx.length > 0, 5000, 'the leader’s extensions');
    await fresh.stop();

    const rows = (await (await fetch(`${cluster.url}/api/v1/extension`, { headers: { authorization: `Bearer ${token}` } })).json()) as { number: string }[];
    const stored = new Set(rows.map((r) => r.number));
    const reasonRows = (await (await fetch(`${cluster.url}/api/v1/pausereason`, { headers: { authorization: `Bearer ${token}` } })).json()) as { code: string }[];
    const storedReasons = new Set(reasonRows.map((r) => r.code));
    console.log(
      `[I-FAIL-01] new leader ${newLeaderAt - killedAt} ms after the kill; ${lost.length} of ${watchers.length} clients reconnected in ${reconnectMs.join(', ')} ms; ` +
        `${acknowledged.length + reasons.length} writes acknowledged, ${[...failures.values()].reduce((a, b) => a + b, 0)} refused or failed (${[...failures].map(([why, n]) => `${n}× ${why}`).join('; ')}), ${acknowledged.filter((n) => !stored.has(n)).length + reasons.filter((n) => !storedReasons.has(`f${n}`)).length} acknowledged and missing`,
    );
    expect(newLeaderAt - killedAt).toBeLessThan(6000);
    expect(lost.length).toBeGreaterThan(0);
    expect(Math.max(...reconnectMs)).toBeLessThan(5000);
    expect(acknowledged.length + reasons.length).toBeGreaterThan(10);
    expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    expect(reasons.filter((n) => !storedReasons.has(`f${n}`))).toEqual([]);
    for (const w of watchers) expect(w.numbers).toEqual(pbx);
    expect(pbx).toEqual(expect.arrayContaining(acknowledged));
  }, 120_000);
});
