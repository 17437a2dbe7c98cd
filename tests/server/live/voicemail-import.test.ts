/**
 * A message left on Asterisk becomes a voicemail of Callboard with its audio (issue 12; C-VM): the
 * generated hangup handler writes the realtime view asterisk_voicemail_message as REALTIME_STORE does
 * (written here in SQL), the trigger of migration 0016 makes the row of the mailbox's corp and NOTIFYs,
 * and the import copies Asterisk's file into the store. On PGlite and on PostgreSQL; the real Asterisk
 * leaves one in tests/server/pbx/asterisk/asterisk-dialplan.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { importVoicemail, parseVoicemailNotice, startVoicemailImport } from '../../../server/asterisk/voicemail-import';
import { voicemail } from '../../../server/db/schema';
import { wav } from '../fixtures/sounds';
import { CALLERS, describeEachDatabase } from '../fixtures/test-app';

type Row = typeof voicemail.$inferSelect;

describeEachDatabase('voicemail left on Asterisk', (t) => {
  const spool = mkdtempSync(path.join(tmpdir(), 'callboard-vm-spool-'));
  afterAll(() => rmSync(spool, { recursive: true, force: true }));
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (msg: string) => void warnings.push(msg) };
  const options = () => ({ db: t().db, database: t().database, files: t().app.ctx.files, log });

  /** as the hangup handler's REALTIME_STORE(vmmessages,context,mailbox,origtime,callerid,file) writes it */
  const leave = (context: string, mailbox: string, callerid: string, file: string) =>
    t().db.execute(sql`insert into asterisk_voicemail_message (context, mailbox, origtime, callerid, file) values (${context}, ${mailbox}, ${Math.floor(Date.now() / 1000)}, ${callerid}, ${file})`);

  const rowsOf = (callerid: string): Promise<Row[]> => t().db.select().from(voicemail).where(eq(voicemail.callerid, callerid));

  async function eventually(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('C-VM-01 C-VM-05 C-VM-06 a message written into the view is acme\'s voicemail at once; its audio is copied from Asterisk\'s file, with the duration of the sound; it plays for acme only', async () => {
    const acme = t().ids.corp.acme;
    const file = path.join(spool, `c${acme}-vm-237-msg0000`);
    writeFileSync(`${file}.wav`, wav({ seconds: 3 }));
    const stop = await startVoicemailImport(options());
    try {
      await leave(`c${acme}-vm`, '237', '5511999990001', file);
      const [row] = await rowsOf('5511999990001');
      expect(row).toMatchObject({ corpId: acme, mailbox: '237', destino: '237', flag: 0 });
      await eventually('the audio stored', async () => (await rowsOf('5511999990001'))[0].recording !== '', 5000);
      const stored = (await rowsOf('5511999990001'))[0];
      expect(stored.duration).toBe(3);
      expect(stored.recording).toMatch(/^voicemail\/[0-9a-f-]{36}\.wav$/);
      const audio = await t().get(`/api/v1/voicemail/${stored.id}/files/recording`, CALLERS.admin);
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.length).toBe(wav({ seconds: 3 }).length);
      expect((await t().get(`/api/v1/voicemail/${stored.id}/files/recording`, CALLERS.globexAdmin)).statusCode).toBe(404);
    } finally {
      await stop();
    }
  });

  it('C-VM-01 a context of no corp makes no row; a file that never shows leaves the row without audio and says why', async () => {
    await leave('c999999-vm', '1', '5511999990002', path.join(spool, 'nothing'));
    await leave('default', '1', '5511999990003', path.join(spool, 'nothing'));
    expect(await rowsOf('5511999990002')).toEqual([]);
    expect(await rowsOf('5511999990003')).toEqual([]);

    await leave(`c${t().ids.corp.acme}-vm`, '238', '5511999990004', path.join(spool, 'never-written'));
    const [row] = await rowsOf('5511999990004');
    warnings.length = 0;
    await importVoicemail(options(), { id: row.id, file: path.join(spool, 'never-written') });
    expect((await rowsOf('5511999990004'))[0].recording).toBe('');
    expect(warnings.join(' ')).toContain('not readable here');
    // a path that is not Asterisk's: refused without reading anything
    await importVoicemail(options(), { id: row.id, file: '../../etc/passwd' });
    expect(warnings.at(-1)).toContain('names no file Asterisk writes');
  });

  it('C-VM-06 a notice is read only when it is the trigger\'s', () => {
    expect(parseVoicemailNotice('{"id":12,"file":"/var/spool/asterisk/voicemail/c2-vm/201/INBOX/msg0000"}')).toEqual({ id: 12, file: '/var/spool/asterisk/voicemail/c2-vm/201/INBOX/msg0000' });
    expect(parseVoicemailNotice('{"id":"12","file":"x"}')).toBeNull();
    expect(parseVoicemailNotice('not json')).toBeNull();
  });
});
