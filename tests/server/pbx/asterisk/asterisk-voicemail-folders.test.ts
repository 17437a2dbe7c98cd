/**
 * A voicemail marked listened in Callboard moves to Asterisk's Old folder and back, and the phone's
 * message light follows (G-AST-02; C-VM-06), on a REAL Asterisk configured by Callboard itself
 * (callboard-on-asterisk.ts). Extension 203's phone is a small SIP phone here: registered (sipp), then a
 * UDP socket on its contact that refuses calls (486: the caller goes to 203's mailbox, its busy action)
 * and answers the NOTIFYs Asterisk sends it (message-summary: the message light). 201 leaves a message
 * (sipp streams a tone); Callboard stores it; played through the API it is listened: the message's
 * files move to Old in Asterisk's spool, Asterisk counts it there (VM_INFO) and tells the phone
 * (Messages-Waiting: no); made new again (markNew) it is back in INBOX and the light is on again.
 * About 40 s (Asterisk counts the watched mailboxes again every VOICEMAIL_POLL_SECONDS).
 */
import { spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIdOf } from '../../../../server/asterisk/voicemail-folders';
import { VOICEMAIL_POLL_SECONDS } from '../../../../server/asterisk/voicemail';
import { voicemail } from '../../../../server/db/schema';
import { CALLERS, postgresSkipReason } from '../../fixtures/test-app';
import { toneUlaw } from '../../fixtures/sounds';
import { asteriskSkipReason, freeUdpPort, KIT_SIPP } from '../ari/real-asterisk';
import type { CallboardAsterisk } from './callboard-asterisk';
import { startCallboardOnAsterisk, waitFor, type CallboardOnAsterisk } from './callboard-on-asterisk';

const skipReason = asteriskSkipReason ?? postgresSkipReason;
if (skipReason) console.warn(`[real Asterisk] voicemail folders skipped: ${skipReason}`);

const say = (text: string) => console.log(`[real Asterisk voicemail folders] ${text}`);

/** The message light as the phone was last told: `Messages-Waiting` and `Voice-Message` (new/old) of a message-summary. */
interface Light {
  waiting: string;
  counts: string;
}

interface MwiPhone {
  /** every message-summary received, in order */
  lights: Light[];
  close(): void;
}

/** A SIP response to `request` (its Via, From, To, Call-ID and CSeq), no body. */
function responseTo(request: string, status: string): string {
  const headers = request.split('\r\n\r\n')[0].split('\r\n').slice(1);
  const pick = (name: string) => headers.filter((h) => h.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const to = pick('To').map((h) => (/;tag=/i.test(h) ? h : `${h};tag=mwi-phone`));
  return [`SIP/2.0 ${status}`, ...pick('Via'), ...pick('From'), ...to, ...pick('Call-ID'), ...pick('CSeq'), 'Content-Length: 0', '', ''].join('\r\n');
}

/**
 * Extension `endpoint`'s phone: REGISTERed by the kit's register.xml from a port of its own, then that
 * port answered here: calls refused busy, NOTIFYs (and anything else) answered 200 and their
 * message-summary kept.
 */
async function startMwiPhone(pbx: CallboardAsterisk, endpoint: string, password: string): Promise<MwiPhone> {
  const port = await freeUdpPort();
  const code = await new Promise<number>((resolve) => {
    const args = [`127.0.0.1:${pbx.sipPort}`, '-sf', path.join(KIT_SIPP, 'register.xml'), '-i', '127.0.0.1', '-p', String(port), '-s', endpoint, '-au', endpoint, '-ap', password, '-m', '1', '-nostdin', '-timeout', '10s'];
    const child = spawn('sipp', args, { cwd: path.join(pbx.dir, 'sipp'), stdio: 'ignore' });
    child.once('exit', (exit) => resolve(exit ?? -1));
  });
  expect(code, 'the phone registers').toBe(0);
  const lights: Light[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (data, from) => {
    const text = data.toString('utf8');
    const method = /^([A-Z]+) sip:/.exec(text)?.[1];
    if (!method || method === 'ACK') return;
    if (method === 'NOTIFY') {
      const body = text.split('\r\n\r\n')[1] ?? '';
      lights.push({ waiting: /Messages-Waiting:\s*(\w+)/i.exec(body)?.[1] ?? '', counts: /Voice-Message:\s*(\d+\/\d+)/i.exec(body)?.[1] ?? '' });
    }
    socket.send(responseTo(text, method === 'INVITE' ? '486 Busy Here' : '200 OK'), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return { lights, close: () => socket.close() };
}

describe.skipIf(skipReason !== null)('G-AST-02 a voicemail listened in Callboard is in Asterisk\'s Old folder, and the phone\'s light follows', () => {
  let on: CallboardOnAsterisk;
  let phone: MwiPhone | null = null;

  beforeAll(async () => {
    on = await startCallboardOnAsterisk([], 'vm-folders-test');
  }, 60_000);

  afterAll(async () => {
    phone?.close();
    await on?.stop();
  });

  it('G-AST-02 C-VM-06 played through the API: Old on Asterisk (file, VM_INFO), light off; marked new again: INBOX, light on', async () => {
    const { t, pbx, acme } = on;
    const box = `203@c${acme}-vm`;
    const count = (folder: string) => /Result:\s*(\d+)/.exec(pbx.rx(`dialplan eval function VM_INFO(${box},count,${folder})`))?.[1];
    const lightIs = (waiting: string, counts: string) => phone!.lights.some((l) => l.waiting === waiting && l.counts === counts);

    phone = await startMwiPhone(pbx, `${acme}_203`, 'acme-203');
    await waitFor("203's contact", () => pbx.rx('pjsip show contacts').includes(`${acme}_203/sip:`), 5000);

    // 201 calls 203, which is busy: 203's mailbox takes a 3 s message
    const audio = path.join(pbx.dir, 'sipp', 'tone.ulaw');
    writeFileSync(audio, toneUlaw(3));
    expect(await pbx.call(`${acme}_201`, 'acme-201', '203', 3000, audio), pbx.log()).toBe(0);
    let row: typeof voicemail.$inferSelect | undefined;
    const left = () => t.db.select().from(voicemail).where(and(eq(voicemail.corpId, acme), eq(voicemail.mailbox, '203')));
    await waitFor('the message in Callboard, with where it is on Asterisk', async () => (row = (await left()).find((r) => r.asteriskMsgId !== '')) !== undefined, 10_000, 200).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}; rows ${JSON.stringify(await left())}; Asterisk: ${pbx.log()}`);
    });
    const message = row!;
    say(`message ${message.id}: msg_id ${message.asteriskMsgId} in ${message.asteriskMailboxDir}, flag ${message.flag}`);
    expect(message.asteriskMailboxDir).toBe(path.join(pbx.dir, 'spool', 'voicemail', `c${acme}-vm`, '203'));
    const inFolder = (folder: string) => {
      const dir = path.join(message.asteriskMailboxDir, folder);
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => messageIdOf(readFileSync(path.join(dir, f), 'utf8'))) : [];
    };
    expect(inFolder('INBOX')).toEqual([message.asteriskMsgId]);
    expect([count('INBOX'), count('Old')]).toEqual(['1', '0']);
    // the light is on: one new message (VoiceMail() tells the phone itself)
    await waitFor('the light on', () => lightIs('yes', '1/0'), 10_000, 100);

    // played in Callboard (C-VM-06): listened → Asterisk's Old folder; Asterisk counts it there and the light goes off
    const played = await t.get(`/api/v1/voicemail/${message.id}/files/recording`, CALLERS.admin);
    expect(played.statusCode).toBe(200);
    const listenedAt = Date.now();
    await waitFor('the message in Old', () => inFolder('Old').includes(message.asteriskMsgId), 5000, 50);
    expect(inFolder('INBOX')).toEqual([]);
    expect(readdirSync(path.join(message.asteriskMailboxDir, 'Old')).sort()).toEqual(['msg0000.txt', 'msg0000.wav']);
    expect([count('INBOX'), count('Old')]).toEqual(['0', '1']);
    // Asterisk's own view of the mailbox: the message (by its msg_id) in Old
    const mailbox = () => pbx.rx(`voicemail show mailbox 203 c${acme}-vm`);
    say(`voicemail show mailbox:\n${mailbox().trim()}`);
    expect(mailbox()).toMatch(new RegExp(`^Old\\s.*\\s${message.asteriskMsgId}\\s*$`, 'm'));
    await waitFor('the light off', () => lightIs('no', '0/1'), (VOICEMAIL_POLL_SECONDS + 5) * 1000, 100);
    say(`the light went off ${Date.now() - listenedAt} ms after the message was played; the phone was told ${JSON.stringify(phone.lights)}`);

    // new again (the list's row action): back in INBOX, the light on again
    const lightsBefore = phone.lights.length;
    const marked = await t.post(`/api/v1/voicemail/${message.id}/markNew`, CALLERS.admin, {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ flag: 0, listened: false });
    const markedAt = Date.now();
    await waitFor('the message back in INBOX', () => inFolder('INBOX').includes(message.asteriskMsgId), 5000, 50);
    expect(inFolder('Old')).toEqual([]);
    expect([count('INBOX'), count('Old')]).toEqual(['1', '0']);
    expect(mailbox()).toMatch(new RegExp(`^INBOX\\s.*\\s${message.asteriskMsgId}\\s*$`, 'm'));
    await waitFor('the light on again', () => phone!.lights.slice(lightsBefore).some((l) => l.waiting === 'yes' && l.counts === '1/0'), (VOICEMAIL_POLL_SECONDS + 5) * 1000, 100);
    say(`the light came back ${Date.now() - markedAt} ms after markNew`);
  }, 90_000);
});
