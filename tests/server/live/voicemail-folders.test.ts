/**
 * A voicemail's status in Callboard moves its message between Asterisk's INBOX and Old (G-AST-02),
 * without Asterisk: a spool laid out as app_voicemail writes it (msgNNNN.wav + .txt with its msg_id),
 * the move (numbering, the lock app_voicemail takes), and the whole path on PGlite and PostgreSQL: a
 * message played through the API (C-VM-06) and made new again (markNew) NOTIFYs through migration
 * 0020's trigger and is moved by the listener the PBX-driving server runs. The real Asterisk counts
 * and MWI are checked in tests/server/pbx/asterisk/asterisk-voicemail-folders.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { importVoicemail } from '../../../server/asterisk/voicemail-import';
import { folderOfFlag, lockFolder, messageIdOf, moveVoicemailMessage, parseFlagNotice, startVoicemailFolders, VOICEMAIL_FLAG_CHANNEL } from '../../../server/asterisk/voicemail-folders';
import { voicemail } from '../../../server/db/schema';
import { wav } from '../fixtures/sounds';
import { CALLERS, describeEachDatabase } from '../fixtures/test-app';

/** A message as app_voicemail leaves it: the sound and the .txt with its msg_id. */
function leaveMessage(mailboxDir: string, folder: string, n: number, msgId: string): void {
  const dir = path.join(mailboxDir, folder);
  mkdirSync(dir, { recursive: true });
  const stem = path.join(dir, `msg${String(n).padStart(4, '0')}`);
  writeFileSync(`${stem}.wav`, wav({ seconds: 1 }));
  writeFileSync(`${stem}.txt`, `;\n; Message Information file\n;\n[message]\norigmailbox=203\ncallerid="201" <201>\norigtime=1764306000\nmsg_id=${msgId}\nflag=\nduration=1\n`);
}

/** The message files of a folder, sorted; [] when it does not exist. */
const filesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('msg')).sort() : []);
const idAt = (file: string) => messageIdOf(readFileSync(file, 'utf8'));

async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('G-AST-02 moving a message between Asterisk\'s folders', () => {
  const spool = mkdtempSync(path.join(tmpdir(), 'callboard-vm-folders-'));
  afterAll(() => rmSync(spool, { recursive: true, force: true }));

  it('G-AST-02 listened: from INBOX to Old after Old\'s last message, the sound and the .txt together; again: left there; new again: back to INBOX after its last', async () => {
    const box = path.join(spool, 'c2-vm', '203');
    leaveMessage(box, 'INBOX', 0, '1764306000-00000001');
    leaveMessage(box, 'INBOX', 1, '1764306001-00000002');
    leaveMessage(box, 'Old', 0, '1764300000-00000003');

    expect(await moveVoicemailMessage(box, '1764306000-00000001', 'Old')).toEqual({ result: 'moved', from: 'INBOX', file: path.join(box, 'Old', 'msg0001') });
    expect(filesOf(path.join(box, 'INBOX'))).toEqual(['msg0001.txt', 'msg0001.wav']);
    expect(filesOf(path.join(box, 'Old'))).toEqual(['msg0000.txt', 'msg0000.wav', 'msg0001.txt', 'msg0001.wav']);
    expect(idAt(path.join(box, 'Old', 'msg0001.txt'))).toBe('1764306000-00000001');
    expect(readFileSync(path.join(box, 'Old', 'msg0001.wav')).equals(Buffer.from(wav({ seconds: 1 })))).toBe(true);

    expect(await moveVoicemailMessage(box, '1764306000-00000001', 'Old')).toEqual({ result: 'there', file: path.join(box, 'Old', 'msg0001') });

    expect(await moveVoicemailMessage(box, '1764306000-00000001', 'INBOX')).toEqual({ result: 'moved', from: 'Old', file: path.join(box, 'INBOX', 'msg0002') });
    expect(filesOf(path.join(box, 'Old'))).toEqual(['msg0000.txt', 'msg0000.wav']);
    expect(idAt(path.join(box, 'INBOX', 'msg0002.txt'))).toBe('1764306000-00000001');
  });

  it('G-AST-02 an urgent message listened goes from Urgent to Old (created when missing); one filed elsewhere or deleted on the phone is left alone', async () => {
    const box = path.join(spool, 'c2-vm', '204');
    leaveMessage(box, 'Urgent', 0, '1764306100-0000000a');
    leaveMessage(box, 'Work', 0, '1764306100-0000000b');
    expect(await moveVoicemailMessage(box, '1764306100-0000000a', 'Old')).toMatchObject({ result: 'moved', from: 'Urgent', file: path.join(box, 'Old', 'msg0000') });
    expect(await moveVoicemailMessage(box, '1764306100-0000000b', 'INBOX')).toEqual({ result: 'missing' });
    expect(await moveVoicemailMessage(box, '1764306100-0000000c', 'Old')).toEqual({ result: 'missing' });
    expect(filesOf(path.join(box, 'Work'))).toEqual(['msg0000.txt', 'msg0000.wav']);
    // an Urgent message is new: marking it new again finds it where it is
    expect(folderOfFlag(0)).toBe('INBOX');
    expect(folderOfFlag(1)).toBe('Old');
  });

  it('G-AST-02 the destination is locked as app_voicemail locks it: while Asterisk holds `.lock` nothing moves in; the lock is released after', async () => {
    const dir = path.join(spool, 'locked');
    mkdirSync(dir, { recursive: true });
    // Asterisk holds it (ast_lock_path: a file linked to .lock)
    writeFileSync(path.join(dir, '.lock'), '');
    const started = Date.now();
    expect(await lockFolder(dir, 200)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    rmSync(path.join(dir, '.lock'));
    const unlock = await lockFolder(dir, 200);
    expect(unlock).not.toBeNull();
    expect(readdirSync(dir)).toEqual(['.lock']);
    await unlock!();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('G-AST-02 notices and .txt files are read only in their own shapes', () => {
    expect(parseFlagNotice('{"id":5,"flag":1}')).toEqual({ id: 5, flag: 1 });
    expect(parseFlagNotice('{"id":"5","flag":1}')).toBeNull();
    expect(parseFlagNotice('nope')).toBeNull();
    expect(messageIdOf('[message]\nmsg_id=1-2\n')).toBe('1-2');
    expect(messageIdOf('[message]\norigtime=1\n')).toBeNull();
  });
});

describeEachDatabase('G-AST-02 a status change in Callboard reaches Asterisk\'s spool', (t) => {
  const spool = mkdtempSync(path.join(tmpdir(), 'callboard-vm-status-'));
  afterAll(() => rmSync(spool, { recursive: true, force: true }));
  const logged: string[] = [];
  const log = { info: (msg: string) => void logged.push(msg), warn: (msg: string) => void logged.push(msg) };

  it('G-AST-02 C-VM-06 played through the API the message goes to Old; markNew (a level-4 user may) brings it back to INBOX; another corp cannot', async () => {
    const acme = t().ids.corp.acme;
    const box = path.join(spool, `c${acme}-vm`, '203');
    leaveMessage(box, 'INBOX', 0, '1764307000-000000aa');
    const recording = await t().app.ctx.files.save(acme, wav({ seconds: 1 }), 'wav', 'voicemail');
    const [row] = await t()
      .db.insert(voicemail)
      .values({ corpId: acme, mailbox: '203', origtime: 1764307000, callerid: '201', destino: '203', duration: 1, recording, asteriskMsgId: '1764307000-000000aa', asteriskMailboxDir: box })
      .returning({ id: voicemail.id });
    const stop = await startVoicemailFolders({ db: t().db, database: t().database, log });
    try {
      expect((await t().get(`/api/v1/voicemail/${row.id}/files/recording`, CALLERS.agent)).statusCode).toBe(200);
      await eventually('the message in Old', () => filesOf(path.join(box, 'Old')).length === 2, 5000);
      expect(filesOf(path.join(box, 'INBOX'))).toEqual([]);
      expect(idAt(path.join(box, 'Old', 'msg0000.txt'))).toBe('1764307000-000000aa');

      expect((await t().post(`/api/v1/voicemail/${row.id}/markNew`, CALLERS.globexAdmin, {})).statusCode).toBe(404);
      const marked = await t().post(`/api/v1/voicemail/${row.id}/markNew`, CALLERS.agent, {});
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ id: row.id, flag: 0, listened: false });
      await eventually('the message back in INBOX', () => filesOf(path.join(box, 'INBOX')).length === 2, 5000);
      expect(filesOf(path.join(box, 'Old'))).toEqual([]);
      expect(idAt(path.join(box, 'INBOX', 'msg0000.txt'))).toBe('1764307000-000000aa');
      expect(logged.filter((m) => m.includes('moved to'))).toEqual(["voicemail: a message moved to Asterisk's Old", "voicemail: a message moved to Asterisk's INBOX"]);
    } finally {
      await stop();
    }
  });

  it('G-AST-02 the import keeps where the message is on Asterisk: its msg_id and its mailbox\'s folder (none without a .txt naming one)', async () => {
    const acme = t().ids.corp.acme;
    const box = path.join(spool, `c${acme}-vm`, '236');
    leaveMessage(box, 'INBOX', 0, '1764308000-000000bb');
    writeFileSync(path.join(box, 'INBOX', 'msg0001.wav'), wav({ seconds: 1 }));
    const rows = await t()
      .db.insert(voicemail)
      .values([
        { corpId: acme, mailbox: '236', origtime: 1764308000, callerid: '5513', destino: '236' },
        { corpId: acme, mailbox: '236', origtime: 1764308001, callerid: '5514', destino: '236' },
      ])
      .returning({ id: voicemail.id });
    const options = { db: t().db, database: t().database, files: t().app.ctx.files, log };
    logged.length = 0;
    await importVoicemail(options, { id: rows[0].id, file: path.join(box, 'INBOX', 'msg0000') });
    await importVoicemail(options, { id: rows[1].id, file: path.join(box, 'INBOX', 'msg0001') });
    const [named, unnamed] = await Promise.all(rows.map(async (r) => (await t().db.select().from(voicemail).where(eq(voicemail.id, r.id)))[0]));
    expect(named).toMatchObject({ asteriskMsgId: '1764308000-000000bb', asteriskMailboxDir: box });
    expect(named.recording).not.toBe('');
    expect(unnamed).toMatchObject({ asteriskMsgId: '', asteriskMailboxDir: '' });
    expect(unnamed.recording).not.toBe('');
    expect(logged.some((m) => m.includes('names no msg_id'))).toBe(true);
  });

  it('G-AST-02 the trigger tells only changes of a message that is on Asterisk (the simulator\'s rows have none)', async () => {
    const acme = t().ids.corp.acme;
    const heard: string[] = [];
    const stop = await t().database.listen(VOICEMAIL_FLAG_CHANNEL, (payload) => void heard.push(payload));
    try {
      const [simulated, left] = await t()
        .db.insert(voicemail)
        .values([
          { corpId: acme, mailbox: '202', origtime: 1764307100, callerid: '5511', destino: '202' },
          { corpId: acme, mailbox: '202', origtime: 1764307101, callerid: '5512', destino: '202', asteriskMsgId: '1-2', asteriskMailboxDir: '/nowhere' },
        ])
        .returning({ id: voicemail.id });
      await t().db.update(voicemail).set({ flag: 1 }).where(eq(voicemail.id, simulated.id));
      await t().db.update(voicemail).set({ duration: 5 }).where(eq(voicemail.id, left.id));
      await t().db.update(voicemail).set({ flag: 1 }).where(eq(voicemail.id, left.id));
      await eventually('the notice', () => heard.length > 0, 3000);
      // a moment more for anything else that would come
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.map((p) => parseFlagNotice(p))).toEqual([{ id: left.id, flag: 1 }]);
    } finally {
      await stop();
    }
  });
});
