import { expect, it } from 'vitest';
import type { KioskHeatmap } from '../../domain/kiosk-heatmap';
import { queueLog } from '../../server/db/schema';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

const MIN = 60_000;

describeEachDatabase('H-HMAP-01 kiosk heatmap (GET /kiosk/heatmap)', (t) => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('H-HMAP-01 agents by queues over the last hour from queue_log: calls answered and talk, the queues and their named members; another corp’s rows never', async () => {
    const { corp, queue } = t().ids;
    const now = Date.now();
    const sales = `${corp.acme}_${queue.sales}`;
    await t()
      .db.insert(queueLog)
      .values([
        { corpId: corp.acme, time: new Date(now - 20 * MIN), callid: 'hm.1', queuename: sales, agent: `PJSIP/${corp.acme}_201`, event: 'CONNECT' },
        { corpId: corp.acme, time: new Date(now - 17 * MIN), callid: 'hm.1', queuename: sales, agent: `PJSIP/${corp.acme}_201`, event: 'COMPLETECALLER', data1: '4', data2: '180' },
        // answered two hours ago and ended then: not in the hour
        { corpId: corp.acme, time: new Date(now - 120 * MIN), callid: 'hm.2', queuename: sales, agent: `PJSIP/${corp.acme}_202`, event: 'CONNECT' },
        { corpId: corp.acme, time: new Date(now - 118 * MIN), callid: 'hm.2', queuename: sales, agent: `PJSIP/${corp.acme}_202`, event: 'COMPLETEAGENT', data1: '4', data2: '120' },
        { corpId: corp.globex, time: new Date(now - 10 * MIN), callid: 'hm.3', queuename: `${corp.globex}_${queue.helpdesk}`, agent: `PJSIP/${corp.globex}_1001`, event: 'CONNECT' },
      ]);
    const res = await t().get('/api/v1/kiosk/heatmap', CALLERS.wall);
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json() as KioskHeatmap;
    expect(map.windowMs).toBe(60 * MIN);
    expect(map.queues.map((q) => q.queueId)).toContain(queue.sales);
    expect(map.queues.map((q) => q.queueId)).not.toContain(queue.helpdesk);
    expect(map.agents.find((a) => a.number === '201')?.name).toBeTruthy();
    expect(map.cells.filter((c) => c.agent === '201' && c.queueId === queue.sales)).toEqual([{ queueId: queue.sales, agent: '201', calls: 1, talkSec: 180 }]);
    expect(map.cells.some((c) => c.agent === '202' || c.agent === '1001')).toBe(false);
  });

  it('H-HMAP-01 who may: a kiosk token for its own corp, a level 5 user; 401 without a token; 403 for level 4 without the kiosk view', async () => {
    expect((await t().get('/api/v1/kiosk/heatmap', null)).statusCode).toBe(401);
    expect((await t().get('/api/v1/kiosk/heatmap', CALLERS.agent)).statusCode).toBe(403);
    const created = await t().post('/api/v1/kiosk', CALLERS.admin, { name: 'Heatmap TV', boards: ['heatmap'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id, key } = created.json() as { id: number; key: string };
    const session = await t().post('/api/v1/kiosk/session', null, { corp: 'acme', screen: id, key });
    const { token, screen } = session.json() as { token: string; screen: { boards: string[] } };
    expect(screen.boards).toEqual(['heatmap']);
    const res = await t().get('/api/v1/kiosk/heatmap', null, bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as KioskHeatmap).cells.some((c) => c.agent === '201')).toBe(true);
  });
});
