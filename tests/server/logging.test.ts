import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

/** Every line the server logged (pino JSON), as the log file would hold it. */
const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };
const entries = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } });

describeEachDatabase(
  'secrets out of the logs (issue 13)',
  (t) => {
    /** The database refuses every new extension and user (a full disk, a lost connection ...). */
    async function failWrites(on: boolean): Promise<void> {
      if (on) {
        await t().db.execute(sql.raw(`CREATE OR REPLACE FUNCTION callboard_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$`));
        await t().db.execute(sql.raw('CREATE TRIGGER refuse_extension BEFORE INSERT ON extension FOR EACH ROW EXECUTE FUNCTION callboard_test_refuse()'));
        await t().db.execute(sql.raw('CREATE TRIGGER refuse_user BEFORE INSERT ON app_user FOR EACH ROW EXECUTE FUNCTION callboard_test_refuse()'));
      } else {
        await t().db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_extension ON extension'));
        await t().db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_user ON app_user'));
      }
    }

    it('a failed write is logged as an error without its SQL parameters: no SIP password, no user password, no argon2 hash', async () => {
      lines.length = 0;
      await failWrites(true);
      try {
        const ext = await t().post('/api/v1/extension', CALLERS.admin, { number: '261', pass: 'Sip-Secret-9731' });
        expect(ext.statusCode).toBe(500);
        const user = await t().post('/api/v1/user', CALLERS.admin, { nick: 'logtest', level: 4, pass: 'User-Secret-4242', passConfirm: 'User-Secret-4242' });
        expect(user.statusCode).toBe(500);
      } finally {
        await failWrites(false);
      }
      const failures = entries().filter((e) => e.level === 50);
      expect(failures).toHaveLength(2);
      // the failure itself is there: the statement (with placeholders) and the database's reason
      expect(lines.join('\n')).toContain('insert into \\"extension\\"');
      expect(lines.join('\n')).toContain('the disk is full');
      for (const secret of ['Sip-Secret-9731', 'User-Secret-4242', '$argon2']) expect(lines.join('\n')).not.toContain(secret);
    });

    it('expected refusals (4xx, the spec 52x-55x codes) are one info line without a stack', async () => {
      lines.length = 0;
      const duplicate = await t().post('/api/v1/extension', CALLERS.admin, { number: '201', pass: 'abcd1234' });
      expect(duplicate.statusCode).toBe(551);
      const forbidden = await t().get('/api/v1/corp', CALLERS.agent);
      expect(forbidden.statusCode).toBe(403);
      const logged = entries();
      expect(logged.map((e) => [e.level, e.msg])).toEqual([
        [30, 'request refused'],
        [30, 'request refused'],
      ]);
      expect(logged.every((e) => e.err === undefined)).toBe(true);
    });

    it('request logs are debug lines (none at the default info level), without the credentials of a URL', async () => {
      lines.length = 0;
      await t().get('/api/v1/health?access_token=Hub-Token-55', null);
      expect(entries().filter((e) => e.msg === 'request completed')).toEqual([]);
      const app = t().app;
      app.log.level = 'debug';
      try {
        await t().get('/api/v1/health?access_token=Hub-Token-55&key=Kiosk-Key-77', null);
      } finally {
        app.log.level = 'info';
      }
      const completed = lines.filter((line) => line.includes('request completed'));
      expect(completed).toHaveLength(1);
      expect(completed[0]).toContain('"level":20');
      expect(completed[0]).toContain('access_token=[redacted]');
      expect(lines.join('\n')).not.toMatch(/Hub-Token-55|Kiosk-Key-77/);
    });

    it('anything logged with a password, hash or token field has it redacted', () => {
      lines.length = 0;
      t().app.log.info({ body: { nick: 'x', pass: 'Body-Secret-1' }, row: { passHash: '$argon2id$v=19$abc' }, token: 'jwt.jwt.jwt' }, 'a write');
      expect(lines.join('\n')).not.toMatch(/Body-Secret-1|argon2id|jwt\.jwt/);
      expect(lines.join('\n')).toContain('[redacted]');
    });
  },
  { logger: { level: 'info', stream } },
);
