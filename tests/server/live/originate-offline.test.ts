import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR } from '../fixtures/test-app';

/** Every phone of the simulated floor starts unregistered. */
const OFFLINE_FLOOR = { ...MANUAL_SIMULATOR, traffic: { ...MANUAL_SIMULATOR.traffic, offlineAtStart: 1 } };

describeEachDatabase(
  'click-to-call from a phone that is not registered (issue 13)',
  (t) => {
    it('B-PNL originate from an unregistered extension answers 409 errors.extensionNotRegistered, not 503', async () => {
      const res = await t().post('/api/v1/originate', CALLERS.admin, { from: '201', to: '202' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, error: 'Conflict', message: 'errors.extensionNotRegistered' });
      // an extension of no one's is still a 404, a bad number still a 400
      expect((await t().post('/api/v1/originate', CALLERS.admin, { from: '1001', to: '202' })).statusCode).toBe(404);
      expect((await t().post('/api/v1/originate', CALLERS.admin, { from: '201', to: 'abc' })).statusCode).toBe(400);
    });
  },
  { live: OFFLINE_FLOOR },
);
