/**
 * The write pipeline tells whoever follows the configuration as a whole (ctx.configChanges) about every
 * successful write, including resources whose binding has no onChange of its own (speed dials,
 * follow-me): the generated Asterisk dialplan rewrites itself from this signal (live-runtime), where it
 * used to watch every non-GET /api response (issue 12). A refused write tells nothing.
 */
import { afterEach, expect, it } from 'vitest';
import type { ConfigChange } from '../../server/crud/config-changes';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

const { admin: ADMIN, agent: AGENT } = CALLERS;

describeEachDatabase('configuration changes from the write pipeline', (t) => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  function watch(): ConfigChange[] {
    const seen: ConfigChange[] = [];
    stop = t().app.ctx.configChanges.subscribe((change) => seen.push(change));
    return seen;
  }

  it('create, update and delete of a speed dial and a follow-me entry each emit one change with the resource name and id', async () => {
    const seen = watch();
    const speed = await t().post('/api/v1/speeddialcorps', ADMIN, { number: 17, action: 'Pickup' });
    expect(speed.statusCode, speed.body).toBe(201);
    const speedId = (speed.json() as { id: number }).id;
    expect((await t().put(`/api/v1/speeddialcorps/${speedId}`, ADMIN, { number: 17, action: 'MeetMe' })).statusCode).toBe(200);
    expect((await t().del(`/api/v1/speeddialcorps/${speedId}`, ADMIN)).statusCode).toBe(200);
    const follow = await t().post('/api/v1/follow', ADMIN, { entityId: t().ids.extension.acme201, number: '5550003', order: 7, timeout: 20 });
    expect(follow.statusCode, follow.body).toBe(201);
    const followId = (follow.json() as { id: number }).id;
    expect((await t().del(`/api/v1/follow/${followId}`, ADMIN)).statusCode).toBe(200);

    expect(seen.map((c) => [c.mode, c.id])).toEqual([
      ['create', speedId],
      ['update', speedId],
      ['delete', speedId],
      ['create', followId],
      ['delete', followId],
    ]);
    expect(new Set(seen.slice(0, 3).map((c) => c.resource)).size).toBe(1);
    expect(seen[3].resource).not.toBe(seen[0].resource);
  });

  it('a refused write (403, 400) and a read emit nothing', async () => {
    const seen = watch();
    expect((await t().post('/api/v1/speeddialcorps', AGENT, { number: 18, action: 'Pickup' })).statusCode).toBe(403);
    expect((await t().post('/api/v1/speeddialcorps', ADMIN, { number: 100, action: 'Pickup' })).statusCode).toBe(400);
    expect((await t().get('/api/v1/speeddialcorps', ADMIN)).statusCode).toBe(200);
    expect(seen).toEqual([]);
  });

  it('a listener that throws does not fail the write', async () => {
    stop = t().app.ctx.configChanges.subscribe(() => {
      throw new Error('listener broke');
    });
    const speed = await t().post('/api/v1/speeddialcorps', ADMIN, { number: 19, action: 'Pickup' });
    expect(speed.statusCode, speed.body).toBe(201);
    expect((await t().del(`/api/v1/speeddialcorps/${(speed.json() as { id: number }).id}`, ADMIN)).statusCode).toBe(200);
  });
});
