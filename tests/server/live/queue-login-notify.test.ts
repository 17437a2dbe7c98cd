/**
 * A phone's queue login or logout reaches the live directory at once (issue 12, C-CSD-06): Asterisk
 * writes the realtime view queue_members (REALTIME_STORE, REALTIME_DESTROY by member_key: what the
 * generated login_… / logout_… speed dials run), its triggers NOTIFY (migration 0015), and the server
 * reloads the live queues the panel and the kiosk read. Written here as Asterisk writes it, on PGlite and
 * on PostgreSQL, with the simulator on a manual clock (nothing else changes the directory).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, MANUAL_SIMULATOR } from '../fixtures/test-app';

describeEachDatabase(
  'queue login and logout from a phone reach the live directory',
  (t) => {
    /** the live members of acme's Billing queue */
    const billingMembers = async () => {
      const queues = await t().app.live!.ops.getQueues(t().ids.corp.acme);
      return queues.find((q) => q.name === 'Billing')?.members ?? [];
    };

    async function eventually(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return Date.now() - started;
    }

    it('C-CSD-06 a login written into queue_members is in the live queue within a second, a logout leaves it; another corp\'s endpoint changes nothing', async () => {
      const acme = t().ids.corp.acme;
      const { rows } = (await t().db.execute(sql`select id from queue where corp_id = ${acme} and name = 'Billing'`)) as unknown as { rows: { id: number }[] };
      const queueName = `${acme}_${rows[0].id}`;
      expect(await billingMembers()).not.toContain('201');

      // as REALTIME_STORE(queue_members,queue_name,interface,membername,state_interface,penalty,paused) writes it
      await t().db.execute(sql`insert into queue_members (queue_name, interface, membername, state_interface, penalty, paused) values (${queueName}, ${`PJSIP/${acme}_201`}, '201', ${`PJSIP/${acme}_201`}, 1, 0)`);
      const loginMs = await eventually('201 in the live Billing queue', async () => (await billingMembers()).includes('201'), 3000);
      console.log(`[queue login] ${t().kind}: in the live directory ${loginMs} ms after the write`);
      expect(loginMs).toBeLessThan(1500);

      // as REALTIME_DESTROY(queue_members,member_key,…) deletes it
      await t().db.execute(sql`delete from queue_members where member_key = ${`${queueName}|PJSIP/${acme}_201`}`);
      const logoutMs = await eventually('201 out of the live Billing queue', async () => !(await billingMembers()).includes('201'), 3000);
      console.log(`[queue logout] ${t().kind}: out of the live directory ${logoutMs} ms after the write`);
      expect(logoutMs).toBeLessThan(1500);

      // globex's extension into acme's queue: the trigger writes nothing, so nothing is announced or shown
      const before = await billingMembers();
      await t().db.execute(sql`insert into queue_members (queue_name, interface, membername, state_interface, penalty, paused) values (${queueName}, ${`PJSIP/${t().ids.corp.globex}_1001`}, '1001', '', 1, 0)`);
      await new Promise((r) => setTimeout(r, 600));
      expect(await billingMembers()).toEqual(before);
    });

    it('C-CSD-06 PostgreSQL: a LISTEN connection the database ends is opened again, and the next login still reaches the live queue', async (ctx) => {
      if (t().kind !== 'postgres') ctx.skip();
      const acme = t().ids.corp.acme;
      const { rows } = (await t().db.execute(sql`select id from queue where corp_id = ${acme} and name = 'Billing'`)) as unknown as { rows: { id: number }[] };
      const queueName = `${acme}_${rows[0].id}`;
      const listeners = async () =>
        ((await t().db.execute(sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN callboard_queue_members'`)) as unknown as { rows: { pid: number }[] }).rows;
      const [before] = await listeners();
      expect(before).toBeDefined();
      await t().db.execute(sql`select pg_terminate_backend(${before.pid})`);
      const backMs = await eventually('a new LISTEN connection', async () => (await listeners()).some((l) => l.pid !== before.pid), 5000);
      console.log(`[queue login] the LISTEN connection is back ${backMs} ms after the database ended it`);

      await t().db.execute(sql`insert into queue_members (queue_name, interface, membername, state_interface, penalty, paused) values (${queueName}, ${`PJSIP/${acme}_201`}, '201', ${`PJSIP/${acme}_201`}, 1, 0)`);
      expect(await eventually('201 in the live Billing queue', async () => (await billingMembers()).includes('201'), 3000)).toBeLessThan(1500);
      await t().db.execute(sql`delete from queue_members where member_key = ${`${queueName}|PJSIP/${acme}_201`}`);
      await eventually('201 out of the live Billing queue', async () => !(await billingMembers()).includes('201'), 3000);
    });
  },
  { live: MANUAL_SIMULATOR },
);
