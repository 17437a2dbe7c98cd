/**
 * An integration runs its flow on a REAL Asterisk (G-AST-01; C-INT), configured by Callboard itself
 * (callboard-on-asterisk.ts): an integration made through the API, a trunk whose action it is, and a
 * carrier calling that DID and typing a document number (SIP INFO). A small HTTP server on a loopback
 * address, port 80 (an integration's host is an IP address alone), plays the corp's system: it sees
 * Callboard's question (the form fields, Basic authentication with the integration's user and password)
 * and answers by the document:
 *   111 → a customer without debt → option3, extension 202 (its phone answers);
 *   222 → a customer with debt → option2, the Sales queue (202 answers there);
 *   333 → HTTP 500 → no answer: logged, the caller goes as a non-customer → option1, hang up.
 * Checked in Asterisk itself (the dialplan it runs, its log), in the requests the host received and in
 * the calls' cdr and queue_log rows in Callboard's database. About 40 s. Needs root (port 80) or skips.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdr, queueLog } from '../../../../server/db/schema';
import { upload, wav } from '../../fixtures/sounds';
import { CALLERS, multipart, postgresSkipReason } from '../../fixtures/test-app';
import { asteriskSkipReason } from '../ari/real-asterisk';
import { startCallboardOnAsterisk, waitFor, type CallboardOnAsterisk } from './callboard-on-asterisk';

const rootSkip = typeof process.getuid === 'function' && process.getuid() !== 0 ? 'not root: the integration host answers on port 80' : null;
const skipReason = asteriskSkipReason ?? postgresSkipReason ?? rootSkip;
if (skipReason) console.warn(`[real Asterisk] integrations skipped: ${skipReason}`);

const say = (text: string) => console.log(`[real Asterisk integration] ${text}`);

interface Asked {
  method: string;
  url: string;
  authorization: string;
  form: Record<string, string>;
}

/** The corp's system: answers Callboard's question by the document typed, remembers every question. */
async function startHost(): Promise<{ server: Server; address: string; asked: Asked[] }> {
  const asked: Asked[] = [];
  const answer = (document: string): { status: number; body: string } => {
    if (document === '111') return { status: 200, body: JSON.stringify({ customer: true, debt: false, name: 'Ana' }) };
    if (document === '222') return { status: 200, body: JSON.stringify({ customer: true, debt: true }) };
    if (document === '333') return { status: 500, body: 'database down' };
    return { status: 200, body: JSON.stringify({ customer: false }) };
  };
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      asked.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization ?? '', form });
      const { status, body: text } = answer(form.document ?? '');
      response.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain' });
      response.end(text);
    });
  });
  // a loopback address of its own (port 80 may be taken on 127.0.0.1, and other suites run beside this one)
  for (let attempt = 0; ; attempt++) {
    const address = `127.88.${(process.pid % 200) + 1}.${1 + Math.floor(Math.random() * 250)}`;
    const bound = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' && attempt < 10 ? resolve(false) : reject(error)));
      server.listen(80, address, () => resolve(true));
    });
    if (bound) return { server, address, asked };
  }
}

describe.skipIf(skipReason !== null)('G-AST-01 an integration runs its flow on Asterisk', () => {
  let on: CallboardOnAsterisk;
  let host: Awaited<ReturnType<typeof startHost>>;

  beforeAll(async () => {
    host = await startHost();
    // 202's phone answers every call (after 3 s of ringing)
    on = await startCallboardOnAsterisk(['202'], 'integration-test');
  }, 60_000);

  afterAll(async () => {
    await on?.stop();
    await new Promise((resolve) => host?.server.close(resolve));
  });

  /** the carrier call's cdr rows of `caller`, once there */
  async function cdrOf(caller: string, extra = and()) {
    let rows: (typeof cdr.$inferSelect)[] = [];
    await waitFor(`the cdr of ${caller}`, async () => (rows = await on.t.db.select().from(cdr).where(and(eq(cdr.src, caller), extra))).length > 0, 8000, 200).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}; Asterisk: ${on.pbx.log()}`);
    });
    return rows;
  }

  it('G-AST-01 C-INT-02 a carrier call to a DID whose action is an integration: the document typed is sent to the host with the call\'s data; the answer routes it (option3, option2, option1 on no answer)', async () => {
    const { t, pbx, acme, base } = on;
    const sales = base.ids.queue.sales;
    const body = await multipart({
      Name: 'Telecom',
      Type: 'ISP Integrador',
      Host: host.address,
      User: 'callboard',
      Password: 'se cret',
      Option1: 'hangup',
      Option2: `queue:${sales}`,
      Option3: 'exten:202',
      // the document request (the carrier's keys, from 0.8 s after the answer, stop it) and the closing sound;
      // no opening: keys typed while Playback plays it are not heard (as on any PBX)
      Sound2: upload(wav({ seconds: 1, tone: true }), 'document.wav'),
      Sound4: upload(wav({ seconds: 0.3, tone: true }), 'closing.wav'),
    });
    const created = await t.request({ method: 'POST', url: '/api/v1/integration', as: CALLERS.admin, payload: body.payload, headers: body.headers });
    expect(created.statusCode, created.body).toBe(201);
    const integration = created.json() as { id: number; sound2: string; sound4: string };
    const did = await on.trunkTo(`integration:${integration.id}`);
    const context = `c${acme}-integration-${integration.id}`;
    await waitFor('the integration in `dialplan show`', () => on.shown(`s@${context}`).includes('CURL('), 5000, 100);
    const plan = on.shown(`s@${context}`);
    say(`the integration on Asterisk:\n${plan.split('\n').filter((l) => /^\s+(\[\w+\]\s+)?\d+\./.test(l) || l.includes("'s' =>")).join('\n')}`);
    expect(on.shown(`${did}@c${acme}-inbound`)).toContain(`Goto(${context},s,1)`);
    expect(plan).toContain(`Playback(${t.app.ctx.files.root}/${acme}/${integration.sound4.replace(/\.wav$/, '')})`);
    expect(plan).toContain(`Read(CB_DOC,${t.app.ctx.files.root}/${acme}/${integration.sound2.replace(/\.wav$/, '')},14,,3,6)`);
    expect(plan).toContain(`CURL(http://${host.address}/callboard/v1/customer,`);
    // the password stays in the database: the file Asterisk reads names only where to find it
    expect(plan).not.toContain('se cret');
    expect(pbx.rx(`dialplan eval function REALTIME_FIELD(integrations,id,${integration.id},userpwd)`)).toContain('Result: callboard:se cret');

    // 111: a customer without debt → option3, extension 202
    expect(await pbx.carrierCall(did, '11955510001', 7000, '111#'), `${JSON.stringify(host.asked)}\n${pbx.log()}`).toBe(0);
    const first = host.asked.find((a) => a.form.caller === '11955510001');
    expect(first, JSON.stringify(host.asked)).toBeDefined();
    say(`the host was asked: ${JSON.stringify(first)}`);
    expect(first).toMatchObject({
      method: 'POST',
      url: '/callboard/v1/customer',
      authorization: `Basic ${Buffer.from('callboard:se cret').toString('base64')}`,
      form: { integration: String(integration.id), type: 'ISP Integrador', document: '111', caller: '11955510001', did },
    });
    const [answered] = await cdrOf('11955510001', like(cdr.dstchannel, 'PJSIP/%'));
    say(`cdr of the customer without debt: dst ${answered.dst} dcontext ${answered.dcontext} dstchannel ${answered.dstchannel} lastapp ${answered.lastapp}(${answered.lastdata}) ${answered.disposition}`);
    expect(answered).toMatchObject({ corpId: acme, disposition: 'ANSWERED', lastapp: 'Dial' });
    expect(answered.dstchannel).toMatch(new RegExp(`^PJSIP/${acme}_202-`));
    // the host's uniqueid is the call's
    expect(first!.form.uniqueid).toBe(answered.uniqueid);

    // 222: a customer with debt → option2, the Sales queue, where 202 answers
    expect(await pbx.carrierCall(did, '11955510002', 7000, '222#'), pbx.log()).toBe(0);
    expect(host.asked.find((a) => a.form.caller === '11955510002')?.form.document).toBe('222');
    let queued: (typeof queueLog.$inferSelect)[] = [];
    await waitFor('the queue call', async () => (queued = await t.db.select().from(queueLog).where(eq(queueLog.queuename, `${acme}_${sales}`))).some((r) => r.event === 'ENTERQUEUE' && r.data2 === '11955510002'), 6000, 200);
    const enter = queued.find((r) => r.event === 'ENTERQUEUE' && r.data2 === '11955510002')!;
    await waitFor('CONNECT', async () => (queued = await t.db.select().from(queueLog).where(eq(queueLog.callid, enter.callid))).some((r) => r.event === 'CONNECT'), 6000, 200);
    expect(queued.find((r) => r.event === 'CONNECT')!.agent).toBe('202');
    const [inQueue] = await cdrOf('11955510002', eq(cdr.disposition, 'ANSWERED'));
    expect(inQueue).toMatchObject({ corpId: acme, lastapp: 'Queue' });

    // 333: the host fails (HTTP 500) → no answer, said in Asterisk's log → option1, hang up (the carrier hears the hang-up: sipp ends unhappy)
    expect(await pbx.carrierCall(did, '11955510003', 6000, '333#')).not.toBe(0);
    expect(host.asked.find((a) => a.form.caller === '11955510003')?.form.document).toBe('333');
    await waitFor('the NOTICE', () => pbx.log().includes(`integration ${integration.id} Telecom had no answer from ${host.address}`), 3000, 100);
    const [failed] = await cdrOf('11955510003');
    say(`cdr of the caller the host did not answer for: lastapp ${failed.lastapp} ${failed.disposition} ${failed.billsec} s`);
    expect(failed).toMatchObject({ corpId: acme, lastapp: 'Hangup', dstchannel: '' });
  }, 90_000);
});
