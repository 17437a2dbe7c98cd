import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dialerNumber, voicemail } from '../../server/db/schema';
import { numbersOfCsv } from '../../server/files/csv-numbers';
import { upload, wav } from './fixtures/sounds';
import { CALLERS, describeEachDatabase, multipart, type Caller } from './fixtures/test-app';

/**
 * Dialer campaigns (C-DIA) with their CSV of numbers and statistics, integrations (C-INT) and
 * voicemail (C-VM), against the real database. The campaign engine's dialling is tested with the
 * simulator and the ARI adapter; here the resource's rules, the numbers and the start/stop actions.
 */

const { admin: ADMIN, agent: AGENT, globexAdmin: GLOBEX, owner: OWNER } = CALLERS;
type Issue = { path: string; message: string };
type Res = { statusCode: number; body: string; json: () => unknown };
const issuesOf = (res: Res) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);
type Row = Record<string, unknown> & { id: number; corpId: number; name: string };
const csv = (text: string, filename = 'numbers.csv') => upload(new TextEncoder().encode(text), filename, 'text/csv');

it('C-DIA-10 the numbers of a CSV: the first cell that looks like a phone number, as digits, each once, header and blanks skipped', () => {
  // as a Portuguese or Spanish Excel saves it: semicolons, CRLF, a byte order mark
  const excel = '\uFEFFphone;name\r\n"+55 (11) 3000-1000";Ana\r\n\r\n551130001000;again\r\n11 98888-7777;Bruno\r\nnot a number;x\r\n;;\r\n12;too short\r\n';
  expect(numbersOfCsv(excel)).toEqual(['551130001000', '11988887777']);
  // the number need not be the first column
  expect(numbersOfCsv('name,phone\nAna,"+1 (555) 010-9999"\nBruno,555.010.1234\n')).toEqual(['15550109999', '5550101234']);
  // one number a line
  expect(numbersOfCsv('5511\n5512\n')).toEqual(['5511', '5512']);
  expect(numbersOfCsv('')).toEqual([]);
});

describeEachDatabase('campaigns, integrations and voicemail', (t) => {
  const send = async (method: 'POST' | 'PUT' | 'PATCH', url: string, fields: Parameters<typeof multipart>[0], as: Caller = ADMIN) => {
    const body = await multipart(fields);
    return t().request({ method, url, as, payload: body.payload, headers: body.headers });
  };
  const acmeTrunk = async () => ((await t().get('/api/v1/trunk', ADMIN)).json() as Row[]).find((r) => r.corpId === t().ids.corp.acme)!;
  const campaign = async (fields: Record<string, string | ReturnType<typeof upload>> = {}) => {
    const trunk = await acmeTrunk();
    return send('POST', '/api/v1/dialer', {
      name: 'Renewals',
      comments: 'Customers whose contract ends this month',
      action: 'msg',
      sound: upload(wav()),
      trunkId: String(trunk.id),
      timeout: '30',
      days: '0,1,2,3,4',
      horaDesde: '09:30',
      horaHasta: '1800',
      csvFile: csv('phone\n551130001000\n551130001001\n551130001000\n'),
      ...fields,
    });
  };
  const stats = async (id: number, as: Caller = ADMIN) => (await t().get(`/api/v1/dialer/${id}/stats`, as)).json() as Record<string, number>;

  it('C-DIA-14 C-DIA-15 a campaign from multipart fields: days as a comma list, hours as hhmm integers, the trunk\'s number, stopped; C-DIA-11 defaults', async () => {
    const res = await campaign();
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Row;
    const trunk = await acmeTrunk();
    expect(row).toMatchObject({
      name: 'Renewals',
      action: 'msg',
      queueId: null,
      trunkId: trunk.id,
      trunkNumber: trunk.number,
      callLimit: 0,
      retries: 0,
      timeout: 30,
      days: '0,1,2,3,4',
      horaDesde: 930,
      horaHasta: 1800,
      status: 'stopped',
    });
    expect(existsSync(path.join(t().app.ctx.files.root, String(row.corpId), String(row.csvFile)))).toBe(true);
    // C-DIA-16: the recording is fetched with GET getsound/{file}
    expect((await t().get(`/api/v1/getsound/${String(row.sound)}`, ADMIN)).statusCode).toBe(200);
    expect((await t().get(`/api/v1/getsound/${String(row.sound)}`, GLOBEX)).statusCode).toBe(404);
    // the duplicate number counts once
    expect(await stats(row.id)).toEqual({ total: 2, dialed: 0, answered: 0, failed: 0, pending: 2, live: 0 });
  });

  it('C-DIA-05..10 the rules: name, the msg recording, the queue, trunk, non-negative numbers, end after start, the .csv file with numbers', async () => {
    expect(issuesOf(await campaign({ name: 'Re-newals' }))).toEqual(['name:validation.wordSpace']);
    const noSound = await send('POST', '/api/v1/dialer', { name: 'No sound', action: 'msg', trunkId: String((await acmeTrunk()).id), timeout: '30', days: '0', horaDesde: '0900', horaHasta: '1000', csvFile: csv('5511\n') });
    expect(issuesOf(noSound)).toEqual(['sound:validation.fileRequired']);
    expect(issuesOf(await campaign({ action: 'queue' }))).toEqual(['queueId:validation.required']);
    expect(issuesOf(await campaign({ trunkId: '' }))).toEqual(['trunkId:validation.required']);
    expect(issuesOf(await campaign({ timeout: '' }))).toEqual(['timeout:validation.required']);
    expect(issuesOf(await campaign({ callLimit: '-1', retries: '-2' }))).toEqual(['callLimit:validation.range', 'retries:validation.range']);
    expect(issuesOf(await campaign({ horaDesde: '18:00', horaHasta: '09:00' }))).toEqual(['horaHasta:validation.toAfterFrom']);
    expect(issuesOf(await campaign({ horaDesde: '25:00' }))).toEqual(['horaDesde:validation.timeOfDay']);
    expect(issuesOf(await campaign({ days: '7' }))).toEqual(['days:validation.option']);
    expect(issuesOf(await campaign({ days: '' }))).toEqual(['days:validation.daysRequired']);
    expect(issuesOf(await campaign({ csvFile: csv('551130001000\n', 'numbers.txt') }))).toEqual(['csvFile:validation.csvOnly']);
    expect(issuesOf(await campaign({ csvFile: csv('name\nAna\n') }))).toEqual(['csvFile:validation.csvNoNumbers']);
    // globex's trunk is not acme's
    const globexTrunk = ((await t().get('/api/v1/trunk', GLOBEX)).json() as Row[])[0];
    expect(issuesOf(await campaign({ trunkId: String(globexTrunk.id) }))).toEqual(['trunkId:validation.trunkUnknown']);
    // a queue campaign needs no recording
    const sales = t().ids.queue.sales;
    const queued = await campaign({ name: 'To sales', action: 'queue', queueId: String(sales), sound: '' as unknown as string });
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json()).toMatchObject({ action: 'queue', queueId: sales, sound: '' });
    // none of the refused campaigns was stored
    expect(((await t().get('/api/v1/dialer', ADMIN)).json() as Row[]).map((r) => r.name)).toEqual(['Renewals', 'To sales']);
  });

  it('C-DIA-02 start and stop: a running campaign is not edited (409) nor started twice; C-DIA-04 the name stays; a new CSV dials all its numbers again', async () => {
    const row = (await campaign({ name: 'Started' })).json() as Row;
    const started = await t().post(`/api/v1/dialer/${row.id}/start`, ADMIN);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'running' });
    const edit = await send('PATCH', `/api/v1/dialer/${row.id}`, { id: String(row.id), name: 'Renewals', action: 'msg', trunkId: String(row.trunkId), timeout: '45', days: '0', horaDesde: '0900', horaHasta: '1000' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: 'errors.campaignRunning' });
    expect((await t().post(`/api/v1/dialer/${row.id}/stop`, ADMIN)).json()).toMatchObject({ status: 'stopped' });

    // the numbers were all dialled: starting again has nothing to do until a new list comes
    await t().db.update(dialerNumber).set({ status: 'answered', attempts: 1 }).where(eq(dialerNumber.dialerId, row.id));
    expect(await stats(row.id)).toMatchObject({ total: 2, dialed: 2, answered: 2, pending: 0 });
    const empty = await t().post(`/api/v1/dialer/${row.id}/start`, ADMIN);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ message: 'errors.campaignNoNumbers' });

    const renamed = await send('PATCH', `/api/v1/dialer/${row.id}`, {
      id: String(row.id),
      name: 'Another name',
      action: 'msg',
      trunkId: String(row.trunkId),
      timeout: '45',
      days: '5,6',
      horaDesde: '1000',
      horaHasta: '1200',
      csvFile: csv('551130009999\n551130008888\n551130007777\n'),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Started', timeout: 45, days: '5,6', sound: row.sound });
    expect(await stats(row.id)).toMatchObject({ total: 3, dialed: 0, pending: 3 });
    expect((await t().post(`/api/v1/dialer/${row.id}/start`, ADMIN)).statusCode).toBe(200);
  });

  it('tenancy and permissions: globex neither lists nor reads acme\'s campaign or its statistics; the agent without the dialer view is refused', async () => {
    const row = (await campaign({ name: 'Private' })).json() as Row;
    expect(((await t().get('/api/v1/dialer', GLOBEX)).json() as Row[]).length).toBe(0);
    expect((await t().get(`/api/v1/dialer/${row.id}/stats`, GLOBEX)).statusCode).toBe(404);
    expect((await t().post(`/api/v1/dialer/${row.id}/start`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get(`/api/v1/dialer/${row.id}/stats`, AGENT)).statusCode).toBe(403);
    expect((await t().get(`/api/v1/dialer/${row.id}/stats`, OWNER)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/dialer/${row.id}`, ADMIN)).statusCode).toBe(200);
    expect(await t().db.select().from(dialerNumber).where(eq(dialerNumber.dialerId, row.id))).toEqual([]);
  });

  it('C-INT-03 C-INT-05..07 C-INT-09 C-INT-10 an integration (multipart): type of four, host an IP address, password over 3 characters, three outcomes, four sounds', async () => {
    const fields = { name: 'Billing system', type: 'IXC', host: '10.1.2.3', user: 'api', password: 'Secret1', option1: 'hangup', option2: `queue:${t().ids.queue.sales}`, option3: 'exten:201' };
    expect(issuesOf(await send('POST', '/api/v1/integration', { ...fields, name: '', type: 'ERP', host: 'billing.local', password: 'abc' }))).toEqual([
      'name:validation.required',
      'type:validation.option',
      'host:validation.ip',
      'password:validation.minLength',
    ]);
    const res = await send('POST', '/api/v1/integration', { ...fields, sound1: upload(wav()), sound4: upload(wav()) });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json() as Row;
    expect(row).toMatchObject({ ...fields, sound2: '', sound3: '' });
    expect(String(row.sound1)).toMatch(/\.wav$/);
    // an IVR option may send callers to it; then it cannot be deleted
    const ivr = await send('POST', '/api/v1/ivr', { Name: 'To billing', Sound: upload(wav()), option1: `integration:${row.id}` });
    expect(ivr.statusCode, ivr.body).toBe(201);
    expect((await t().del(`/api/v1/integration/${row.id}`, ADMIN)).statusCode).toBe(523);
    // a queue an integration's outcome names is in use by it
    const queue = (await t().post('/api/v1/queue', ADMIN, { name: 'Debtors' })).json() as Row;
    expect((await send('POST', '/api/v1/integration', { ...fields, name: 'Debt', option2: `queue:${queue.id}` })).statusCode).toBe(201);
    const refused = await t().del(`/api/v1/queue/${queue.id}`, ADMIN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'errors.inUseByIntegration' });
  });

  it('C-VM-01 C-VM-02 C-VM-05 C-VM-06 voicemail is listed newest first for the corp, read-only; fetching the audio marks it listened', async () => {
    const acme = t().ids.corp.acme;
    const files = t().app.ctx.files;
    const recording = await files.save(acme, wav({ seconds: 2 }), 'wav', 'voicemail');
    const now = Math.floor(Date.now() / 1000);
    const [older, newer] = await t()
      .db.insert(voicemail)
      .values([
        { corpId: acme, mailbox: '237', origtime: now - 3600, callerid: '551130001000', destino: '237', duration: 42, flag: 0, recording },
        { corpId: acme, mailbox: '238', origtime: now - 60, callerid: '551130001001', destino: '238', duration: 75, flag: 0, recording: '' },
      ])
      .returning({ id: voicemail.id });
    const list = (await t().get('/api/v1/voicemail', ADMIN)).json() as Row[];
    expect(list.filter((r) => r.id === older.id || r.id === newer.id).map((r) => [r.id, r.listened])).toEqual([
      [newer.id, false],
      [older.id, false],
    ]);
    const audio = await t().get(`/api/v1/voicemail/${older.id}/files/recording`, ADMIN);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(((await t().get(`/api/v1/voicemail/${older.id}`, ADMIN)).json() as Row).listened).toBe(true);
    // read-only, and acme's only
    expect((await t().post('/api/v1/voicemail', ADMIN, { mailbox: '1' })).statusCode).toBe(404);
    expect((await t().del(`/api/v1/voicemail/${older.id}`, ADMIN)).statusCode).toBe(404);
    expect(((await t().get('/api/v1/voicemail', GLOBEX)).json() as Row[]).some((r) => r.id === older.id)).toBe(false);
    expect((await t().get(`/api/v1/voicemail/${older.id}/files/recording`, GLOBEX)).statusCode).toBe(404);
    // a message without a file answers 404, not an error
    expect((await t().get(`/api/v1/voicemail/${newer.id}/files/recording`, ADMIN)).statusCode).toBe(404);
  });
});
