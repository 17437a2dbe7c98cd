import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

/**
 * Routing resources against the real database: SIP servers (C-SRV), trunks (C-TRK) with the trunk
 * action resource, SIP routes (C-SIP), the corp's destinations lookup (F-CONST-01, C-EXT-29) and the
 * extension's trunk (C-EXT-30).
 */

const { anonymous: ANON, super: SUPER, owner: OWNER, admin: ADMIN, agent: AGENT, wall: WALL, globexAdmin: GLOBEX } = CALLERS;
type Issue = { path: string; message: string };
type Res = { statusCode: number; body: string; json: () => unknown };
const issuesOf = (res: Res) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);
const idOf = (res: Res) => (res.json() as { id: number }).id;

type ServerRow = { id: number; name: string; ip: string; port: number };
type TrunkRow = Record<string, unknown> & { id: number; number: string; corpId: number; corpName: string; pass: string; serverId: number; serverName: string; action: string };
type SipRouteRow = Record<string, unknown> & { id: number; corpId: number; trunkId: number; corpName: string; trunkNumber: string; pattern: string };
type QueueRow = { id: number; name: string };

const TRUNK_KEYS = [
  'action',
  'corpId',
  'corpName',
  'enabled',
  'fromDomain',
  'fromDomainRegister',
  'id',
  'number',
  'outboundAuth',
  'outboundAuthRegister',
  'outgoing',
  'pass',
  'preference',
  'registerTrunk',
  'serverId',
  'serverName',
];
const SIP_ROUTE_KEYS = ['comment', 'corpId', 'corpName', 'enabled', 'id', 'pattern', 'translation', 'trunkId', 'trunkNumber'];

/** Lower levels and another corp's admin: everything below level 1 (C-SRV, C-SIP are the supervisor's). */
const BELOW_SUPERVISOR: [string, Caller][] = [
  ['owner', OWNER],
  ['admin', ADMIN],
  ['agent', AGENT],
  ['wall', WALL],
  ['globex admin', GLOBEX],
];

/** Unique digits-only trunk numbers and unique names (every suite has its own database; tests share it). */
let sequence = 0;
const nextNumber = () => `5599${String(++sequence).padStart(6, '0')}`;
const nextName = (prefix: string) => `${prefix} ${++sequence}`;

async function servers(t: TestApp): Promise<ServerRow[]> {
  return (await t.get('/api/v1/server', SUPER)).json() as ServerRow[];
}
async function carrierId(t: TestApp): Promise<number> {
  return (await servers(t)).find((s) => s.name === 'Carrier')!.id;
}
async function trunks(t: TestApp, as: Caller = SUPER): Promise<TrunkRow[]> {
  return (await t.get('/api/v1/trunk', as)).json() as TrunkRow[];
}
async function trunkByNumber(t: TestApp, number: string, as: Caller = SUPER): Promise<TrunkRow> {
  const row = (await trunks(t, as)).find((r) => r.number === number);
  if (!row) throw new Error(`no trunk ${number}`);
  return row;
}
async function readTrunk(t: TestApp, id: number, as: Caller = SUPER): Promise<TrunkRow> {
  const res = await t.get(`/api/v1/trunk/${id}`, as);
  expect(res.statusCode).toBe(200);
  return res.json() as TrunkRow;
}
async function queueId(t: TestApp, name: string, as: Caller = ADMIN): Promise<number> {
  const row = ((await t.get('/api/v1/queue', as)).json() as QueueRow[]).find((q) => q.name === name);
  if (!row) throw new Error(`no queue ${name}`);
  return row.id;
}
async function businessHoursId(t: TestApp): Promise<number> {
  return ((await t.get('/api/v1/timemain', ADMIN)).json() as { id: number; name: string }[]).find((r) => r.name === 'Business hours')!.id;
}
/** A trunk body for level 1: an acme trunk on the Carrier server that hangs up, unless overridden. */
async function trunkBody(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return { number: nextNumber(), serverId: await carrierId(t), corpId: t.ids.corp.acme, action: 'hangup', ...overrides };
}
async function createTrunk(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TrunkRow> {
  const res = await t.post('/api/v1/trunk', SUPER, await trunkBody(t, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TrunkRow;
}
async function sipRoutes(t: TestApp): Promise<SipRouteRow[]> {
  return (await t.get('/api/v1/siproute', SUPER)).json() as SipRouteRow[];
}

describeEachDatabase('routing', (t) => {
  // ---------------------------------------------------------------- C-SRV servers

  it('C-SRV-01/02/06 level 1 lists, creates from {Name, IP, Port}, reads, updates and deletes a server', async () => {
    const list = await servers(t());
    expect(list).toEqual([{ id: expect.any(Number) as number, name: 'Carrier', ip: 'sip.carrier.example', port: 5060 }]);

    const name = nextName('Edge');
    const created = await t().post('/api/v1/server', SUPER, { Name: name, IP: '10.0.0.1', Port: 5080 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number) as number, name, ip: '10.0.0.1', port: 5080 });
    const id = idOf(created);
    expect((await t().get(`/api/v1/server/${id}`, SUPER)).json()).toEqual({ id, name, ip: '10.0.0.1', port: 5080 });

    const renamed = nextName('Edge');
    const updated = await t().put(`/api/v1/server/${id}`, SUPER, { id, Name: renamed, IP: 'edge.example.net', Port: 5090 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id, name: renamed, ip: 'edge.example.net', port: 5090 });
    // the id in the body also names the row
    const again = await t().put('/api/v1/server', SUPER, { id, Name: renamed, IP: 'edge.example.net', Port: 5091 });
    expect(again.json()).toMatchObject({ id, port: 5091 });
    expect((await servers(t())).map((s) => s.name)).toContain(renamed);

    const deleted = await t().del(`/api/v1/server/${id}`, SUPER);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 200 });
    expect((await t().get(`/api/v1/server/${id}`, SUPER)).statusCode).toBe(404);
    expect((await servers(t())).some((s) => s.id === id)).toBe(false);
  });

  it('C-SRV-03 the server name accepts letters, digits and spaces only', async () => {
    for (const bad of ['Edge-1', 'Edge_1', 'edge.example', 'Edge!']) {
      const res = await t().post('/api/v1/server', SUPER, { Name: bad, IP: '10.0.0.2', Port: 5060 });
      expect(res.statusCode, bad).toBe(400);
      expect(issuesOf(res), bad).toEqual(['name:validation.letterDigitSpace']);
    }
    expect(issuesOf(await t().post('/api/v1/server', SUPER, { IP: '10.0.0.2', Port: 5060 }))).toEqual(['name:validation.required']);
    const ok = await t().post('/api/v1/server', SUPER, { Name: nextName('Núcleo São Paulo'), IP: '10.0.0.2', Port: 5060 });
    expect(ok.statusCode).toBe(201);
    expect((await t().del(`/api/v1/server/${idOf(ok)}`, SUPER)).statusCode).toBe(200);
  });

  it('C-SRV-04 the port is an integer from 10 to below 100000000: 9 and 100000000 refused, 10 and 99999999 accepted', async () => {
    for (const port of [9, 100_000_000, 0, -5060]) {
      const res = await t().post('/api/v1/server', SUPER, { Name: nextName('Port'), IP: '10.0.0.3', Port: port });
      expect(res.statusCode, String(port)).toBe(400);
      expect(issuesOf(res), String(port)).toEqual(['port:validation.range']);
    }
    expect(issuesOf(await t().post('/api/v1/server', SUPER, { Name: nextName('Port'), IP: '10.0.0.3', Port: 5060.5 }))).toEqual(['port:validation.integer']);
    for (const port of [10, 99_999_999]) {
      const res = await t().post('/api/v1/server', SUPER, { Name: nextName('Port'), IP: '10.0.0.3', Port: port });
      expect(res.statusCode, String(port)).toBe(201);
      expect((res.json() as ServerRow).port).toBe(port);
      await t().del(`/api/v1/server/${idOf(res)}`, SUPER);
    }
    // no port: the SIP default
    const defaulted = await t().post('/api/v1/server', SUPER, { Name: nextName('Port'), IP: '10.0.0.3' });
    expect(defaulted.json()).toMatchObject({ port: 5060 });
    await t().del(`/api/v1/server/${idOf(defaulted)}`, SUPER);
  });

  it('C-SRV-05 the address is required; an IP or a domain is accepted (no stricter check)', async () => {
    for (const body of [{ Name: nextName('Addr'), Port: 5060 }, { Name: nextName('Addr'), IP: '', Port: 5060 }, { Name: nextName('Addr'), IP: '   ', Port: 5060 }]) {
      const res = await t().post('/api/v1/server', SUPER, body);
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res)).toContain('ip:validation.required');
    }
    for (const ip of ['192.168.10.20', 'sip.example.com', 'pbx-2.local']) {
      const res = await t().post('/api/v1/server', SUPER, { Name: nextName('Addr'), IP: ip, Port: 5060 });
      expect(res.statusCode, ip).toBe(201);
      expect((res.json() as ServerRow).ip).toBe(ip);
      await t().del(`/api/v1/server/${idOf(res)}`, SUPER);
    }
  });

  it('F-ERR-05 a server name already used answers 406 errors.duplicate (create and update)', async () => {
    const res = await t().post('/api/v1/server', SUPER, { Name: 'Carrier', IP: '10.0.0.4', Port: 5060 });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, message: 'errors.duplicate', issues: [{ path: 'name', message: 'errors.duplicate' }] });
    // any case
    expect((await t().post('/api/v1/server', SUPER, { Name: 'CARRIER', IP: '10.0.0.4', Port: 5060 })).statusCode).toBe(406);
    const other = await t().post('/api/v1/server', SUPER, { Name: nextName('Dup'), IP: '10.0.0.4', Port: 5060 });
    const id = idOf(other);
    expect((await t().put(`/api/v1/server/${id}`, SUPER, { id, Name: 'Carrier', IP: '10.0.0.4', Port: 5060 })).statusCode).toBe(406);
    expect((await servers(t())).filter((s) => s.name === 'Carrier')).toHaveLength(1);
    await t().del(`/api/v1/server/${id}`, SUPER);
  });

  it('F-ERR-06 a server a trunk of any corp uses cannot be deleted (520 errors.inUseByTrunk)', async () => {
    const carrier = await t().del(`/api/v1/server/${await carrierId(t())}`, SUPER);
    expect(carrier.statusCode).toBe(520);
    expect(carrier.json()).toMatchObject({ status: 520, message: 'errors.inUseByTrunk' });

    const server = idOf(await t().post('/api/v1/server', SUPER, { Name: nextName('Used'), IP: '10.0.0.5', Port: 5060 }));
    const trunk = await createTrunk(t(), { serverId: server, corpId: t().ids.corp.globex });
    // the supervisor works on acme: globex's trunk still counts
    const res = await t().del(`/api/v1/server/${server}`, SUPER, { 'x-working-corp': String(t().ids.corp.acme) });
    expect(res.statusCode).toBe(520);
    expect((await t().get(`/api/v1/server/${server}`, SUPER)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/trunk/${trunk.id}`, SUPER)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/server/${server}`, SUPER)).statusCode).toBe(200);
  });

  it('C-SRV levels 2-5 (and another corp\'s admin) get 403 on every server route; nobody signed in 401', async () => {
    const id = await carrierId(t());
    const body = { id, Name: 'Hijacked', IP: '10.9.9.9', Port: 5060 };
    for (const [who, as] of BELOW_SUPERVISOR) {
      for (const res of [
        await t().get('/api/v1/server', as),
        await t().get(`/api/v1/server/${id}`, as),
        await t().post('/api/v1/server', as, { ...body, Name: 'Intruder' }),
        await t().put(`/api/v1/server/${id}`, as, body),
        await t().del(`/api/v1/server/${id}`, as),
      ]) {
        expect(res.statusCode, who).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, message: 'errors.forbidden' });
      }
    }
    expect((await t().get('/api/v1/server', ANON)).statusCode).toBe(401);
    expect(await servers(t())).toContainEqual({ id, name: 'Carrier', ip: 'sip.carrier.example', port: 5060 });
    expect((await servers(t())).some((s) => s.name === 'Intruder')).toBe(false);
  });

  // ---------------------------------------------------------------- C-TRK trunks

  it("C-TRK-01/12 level 1 lists every corp's trunks with the spec fields, the server and company names", async () => {
    const rows = await trunks(t());
    const seeded = rows.filter((r) => ['551130001000', '551130001001', '551140002000'].includes(r.number));
    expect(seeded).toHaveLength(3);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(TRUNK_KEYS);
    const carrier = await carrierId(t());
    expect(seeded[0]).toEqual({
      id: expect.any(Number) as number,
      corpId: t().ids.corp.acme,
      corpName: 'Acme',
      number: '551130001000',
      pass: 'acme-trunk',
      serverId: carrier,
      serverName: 'Carrier',
      outgoing: true,
      enabled: true,
      action: `time:${await businessHoursId(t())}`,
      preference: false,
      registerTrunk: true,
      outboundAuth: '551130001000',
      outboundAuthRegister: true,
      fromDomain: '',
      fromDomainRegister: false,
    });
    expect(seeded[1]).toMatchObject({ corpName: 'Acme', number: '551130001001', action: `queue:${await queueId(t(), 'Billing')}`, preference: true });
    expect(seeded[2]).toMatchObject({ corpId: t().ids.corp.globex, corpName: 'Globex', number: '551140002000', action: `queue:${t().ids.queue.helpdesk}` });
  });

  it('C-TRK-03 level 1 creates a trunk for the corp in the body, else for the working corp (x-working-corp); none answers 400', async () => {
    const carrier = await carrierId(t());
    const inBody = await t().post('/api/v1/trunk', SUPER, { number: nextNumber(), serverId: carrier, corpId: t().ids.corp.globex, action: `queue:${t().ids.queue.helpdesk}` });
    expect(inBody.statusCode).toBe(201);
    expect(inBody.json()).toMatchObject({ corpId: t().ids.corp.globex, corpName: 'Globex', serverId: carrier, serverName: 'Carrier', action: `queue:${t().ids.queue.helpdesk}` });
    // the defaults of a new trunk
    expect(inBody.json()).toMatchObject({ outgoing: true, enabled: true, preference: false, registerTrunk: false, pass: '', outboundAuth: '', outboundAuthRegister: false, fromDomain: '', fromDomainRegister: false });

    const acmeHeader = { 'x-working-corp': String(t().ids.corp.acme) };
    const working = await t().post('/api/v1/trunk', SUPER, { number: nextNumber(), serverId: carrier, action: `queue:${t().ids.queue.sales}` }, acmeHeader);
    expect(working.statusCode).toBe(201);
    expect(working.json()).toMatchObject({ corpId: t().ids.corp.acme, corpName: 'Acme' });
    // the globex admin does not see acme's new trunk, the acme admin does
    expect((await trunks(t(), GLOBEX)).some((r) => r.id === idOf(working))).toBe(false);
    expect((await trunks(t(), ADMIN)).some((r) => r.id === idOf(working))).toBe(true);

    // the body's corp wins over the working corp
    const both = await t().post('/api/v1/trunk', SUPER, { number: nextNumber(), serverId: carrier, corpId: t().ids.corp.globex, action: 'hangup' }, acmeHeader);
    expect(both.json()).toMatchObject({ corpId: t().ids.corp.globex });

    const none = await t().post('/api/v1/trunk', SUPER, { number: nextNumber(), serverId: carrier, action: 'hangup' });
    expect(none.statusCode).toBe(400);
    expect(issuesOf(none)).toEqual(['corpId:validation.required']);
    const unknown = await t().post('/api/v1/trunk', SUPER, { number: nextNumber(), serverId: carrier, corpId: 999999, action: 'hangup' });
    expect(unknown.statusCode).toBe(400);
    expect(issuesOf(unknown)).toEqual(['corpId:validation.corpUnknown']);

    for (const res of [inBody, working, both]) expect((await t().del(`/api/v1/trunk/${idOf(res)}`, SUPER)).statusCode).toBe(200);
  });

  it("C-TRK-15 the working corp narrows level 1's trunk list to that corp", async () => {
    const all = await trunks(t());
    const globex = (await t().get('/api/v1/trunk', SUPER, { 'x-working-corp': String(t().ids.corp.globex) })).json() as TrunkRow[];
    expect(globex.length).toBeGreaterThan(0);
    expect(globex.every((r) => r.corpId === t().ids.corp.globex)).toBe(true);
    expect(globex.map((r) => r.id)).toEqual(all.filter((r) => r.corpId === t().ids.corp.globex).map((r) => r.id));
    const acme = (await t().get('/api/v1/trunk', SUPER, { 'x-working-corp': String(t().ids.corp.acme) })).json() as TrunkRow[];
    expect(acme.every((r) => r.corpId === t().ids.corp.acme)).toBe(true);
    // the supervisor still reads the password there
    expect(acme.find((r) => r.number === '551130001000')).toMatchObject({ pass: 'acme-trunk' });
  });

  it('C-TRK-12/13 level 1 updates the full payload (PUT /trunk/{id} and PUT /trunk with the id in the body)', async () => {
    const trunk = await createTrunk(t());
    const server = idOf(await t().post('/api/v1/server', SUPER, { Name: nextName('Second'), IP: '10.0.0.6', Port: 5070 }));
    const number = nextNumber();
    const res = await t().put(`/api/v1/trunk/${trunk.id}`, SUPER, {
      ...trunk,
      number,
      serverId: server,
      outgoing: 0,
      enabled: '0',
      preference: 1,
      action: `queue:${t().ids.queue.sales}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: trunk.id, number, serverId: server, outgoing: false, enabled: false, preference: true, action: `queue:${t().ids.queue.sales}`, corpId: t().ids.corp.acme });
    const byBody = await t().put('/api/v1/trunk', SUPER, { ...(res.json() as TrunkRow), enabled: true });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toMatchObject({ id: trunk.id, enabled: true, number });
    expect((await t().del(`/api/v1/trunk/${trunk.id}`, SUPER)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/server/${server}`, SUPER)).statusCode).toBe(200);
  });

  it('C-TRK-09 the trunk number is digits only and required; the server is required and must exist', async () => {
    for (const number of ['55-11-3000', '+551130009999', '5511 3000', 'abc']) {
      const res = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { number }));
      expect(res.statusCode, number).toBe(400);
      expect(issuesOf(res), number).toEqual(['number:validation.digits']);
    }
    // an empty value is reported required first (the pattern's issue may follow it)
    expect(issuesOf(await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { number: '' })))[0]).toBe('number:validation.required');
    expect(issuesOf(await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { number: undefined })))).toEqual(['number:validation.required']);
    expect(issuesOf(await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { serverId: null })))).toEqual(['serverId:validation.required']);
    const unknownServer = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { serverId: 999999 }));
    expect(unknownServer.statusCode).toBe(400);
    expect(issuesOf(unknownServer)).toEqual(['serverId:validation.serverUnknown']);
  });

  it('C-TRK-10 the password is required when registering and limited to the extension password characters', async () => {
    const missing = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { registerTrunk: true, pass: '' }));
    expect(missing.statusCode).toBe(400);
    expect(issuesOf(missing)).toEqual(['pass:validation.required']);
    for (const pass of ['pa$$word', 'semi;colon', 'quote"d']) {
      const res = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { registerTrunk: true, pass }));
      expect(res.statusCode, pass).toBe(400);
      expect(issuesOf(res), pass).toEqual(['pass:validation.extPassword']);
    }
    const ok = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { registerTrunk: true, pass: 'Abc_+*.@ -9' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ registerTrunk: true, pass: 'Abc_+*.@ -9' });
    // no registration: no password needed
    const plain = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { registerTrunk: false }));
    expect(plain.statusCode).toBe(201);
    for (const res of [ok, plain]) await t().del(`/api/v1/trunk/${idOf(res)}`, SUPER);
  });

  it("C-TRK-11 the action is a destination of the trunk's corp, never a section heading", async () => {
    const sales = await queueId(t(), 'Sales');
    const hours = await businessHoursId(t());
    const refused: [string, string][] = [
      [`queue:${t().ids.queue.helpdesk}`, 'action:validation.destinationUnknown'],
      ['exten:1001', 'action:validation.destinationUnknown'],
      ['queue:999999', 'action:validation.destinationUnknown'],
      ['ivr:999999', 'action:validation.destinationUnknown'],
      ['section:queues', 'action:validation.option'],
      ['queue', 'action:validation.option'],
      ['queues', 'action:validation.option'],
      ['ivrs', 'action:validation.option'],
      ['times', 'action:validation.option'],
      ['VoiceMailMain', 'action:validation.option'],
      [`enqueue_${t().ids.corp.acme}_${sales}`, 'action:validation.option'],
    ];
    for (const [action, issue] of refused) {
      const res = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { action }));
      expect(res.statusCode, action).toBe(400);
      expect(issuesOf(res), action).toEqual([issue]);
    }
    expect(issuesOf(await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { action: undefined })))).toEqual(['action:validation.required']);
    expect(issuesOf(await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { action: '' })))[0]).toBe('action:validation.required');
    for (const action of ['hangup', `queue:${sales}`, 'exten:201', `time:${hours}`]) {
      const res = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { action }));
      expect(res.statusCode, action).toBe(201);
      expect((res.json() as TrunkRow).action).toBe(action);
      await t().del(`/api/v1/trunk/${idOf(res)}`, SUPER);
    }
    // the same queue id is fine for a trunk of its own corp
    const globex = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { corpId: t().ids.corp.globex, action: `queue:${t().ids.queue.helpdesk}` }));
    expect(globex.statusCode).toBe(201);
    await t().del(`/api/v1/trunk/${idOf(globex)}`, SUPER);
  });

  it('C-TRK-06/07/08 the toggles clear on the server as in the dialog', async () => {
    // C-TRK-06: no registration, no outbound authentication
    const off = await createTrunk(t(), { registerTrunk: false, outboundAuthRegister: true, outboundAuth: 'someone' });
    expect(off).toMatchObject({ registerTrunk: false, outboundAuthRegister: false, outboundAuth: '' });
    // C-TRK-07: on with an empty value takes the number; a value given stays; off empties it
    const number = nextNumber();
    const filled = await createTrunk(t(), { number, registerTrunk: true, pass: 'secret1', outboundAuthRegister: true, outboundAuth: '' });
    expect(filled).toMatchObject({ registerTrunk: true, outboundAuthRegister: true, outboundAuth: number });
    const given = await createTrunk(t(), { registerTrunk: true, pass: 'secret1', outboundAuthRegister: true, outboundAuth: 'carrier-user' });
    expect(given).toMatchObject({ outboundAuthRegister: true, outboundAuth: 'carrier-user' });
    const authOff = await createTrunk(t(), { registerTrunk: true, pass: 'secret1', outboundAuthRegister: false, outboundAuth: 'carrier-user' });
    expect(authOff).toMatchObject({ registerTrunk: true, outboundAuthRegister: false, outboundAuth: '' });
    // C-TRK-08: the from-domain toggle off empties the domain; on requires one
    const noDomain = await createTrunk(t(), { fromDomainRegister: false, fromDomain: 'sip.example.com' });
    expect(noDomain).toMatchObject({ fromDomainRegister: false, fromDomain: '' });
    const domain = await createTrunk(t(), { fromDomainRegister: true, fromDomain: 'sip.example.com' });
    expect(domain).toMatchObject({ fromDomainRegister: true, fromDomain: 'sip.example.com' });
    const required = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { fromDomainRegister: true, fromDomain: '' }));
    expect(issuesOf(required)).toEqual(['fromDomain:validation.required']);

    // an update that turns registration and the domain off clears the stored values
    const updated = await t().put(`/api/v1/trunk/${given.id}`, SUPER, { ...given, registerTrunk: false, fromDomainRegister: false, fromDomain: 'kept.example' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ registerTrunk: false, outboundAuthRegister: false, outboundAuth: '', fromDomainRegister: false, fromDomain: '' });
    expect(await readTrunk(t(), given.id)).toMatchObject({ outboundAuthRegister: false, outboundAuth: '', fromDomain: '' });

    for (const row of [off, filled, given, authOff, noDomain, domain]) expect((await t().del(`/api/v1/trunk/${row.id}`, SUPER)).statusCode).toBe(200);
  });

  it('F-ERR-05 a trunk number already used (by any corp) answers 406 errors.trunkNumberUsed', async () => {
    const res = await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { number: '551140002000' }));
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, message: 'errors.trunkNumberUsed', issues: [{ path: 'number', message: 'errors.trunkNumberUsed' }] });
    const trunk = await createTrunk(t());
    const renumbered = await t().put(`/api/v1/trunk/${trunk.id}`, SUPER, { ...trunk, number: '551130001001' });
    expect(renumbered.statusCode).toBe(406);
    expect(issuesOf(renumbered)).toEqual(['number:errors.trunkNumberUsed']);
    expect((await readTrunk(t(), trunk.id)).number).toBe(trunk.number);
    expect((await trunks(t())).filter((r) => r.number === '551130001001')).toHaveLength(1);
    await t().del(`/api/v1/trunk/${trunk.id}`, SUPER);
  });

  it("C-TRK-02 level 3 (and 2) lists only its corp's trunks with number and action, the password blanked", async () => {
    for (const as of [ADMIN, OWNER]) {
      const rows = await trunks(t(), as);
      expect(rows.every((r) => r.corpId === t().ids.corp.acme)).toBe(true);
      expect(rows.map((r) => r.number)).toEqual(expect.arrayContaining(['551130001000', '551130001001']));
      expect(rows.some((r) => r.number === '551140002000')).toBe(false);
      const main = rows.find((r) => r.number === '551130001000')!;
      expect(main).toMatchObject({ action: `time:${await businessHoursId(t())}`, pass: '' });
      expect(rows.every((r) => r.pass === '')).toBe(true);
      expect((await readTrunk(t(), main.id, as)).pass).toBe('');
    }
    expect((await trunks(t(), GLOBEX)).map((r) => r.corpId)).toEqual(expect.arrayContaining([t().ids.corp.globex]));
    expect((await trunks(t(), GLOBEX)).every((r) => r.corpId === t().ids.corp.globex)).toBe(true);
    // the supervisor still reads the password
    expect((await trunkByNumber(t(), '551130001000')).pass).toBe('acme-trunk');
    // levels 4 and 5 have no trunk screen
    for (const as of [AGENT, WALL]) expect((await t().get('/api/v1/trunk', as)).statusCode).toBe(403);
  });

  it('C-TRK-04 below level 1 only the action changes; the number and the rest stay', async () => {
    const other = idOf(await t().post('/api/v1/server', SUPER, { Name: nextName('Other'), IP: '10.0.0.7', Port: 5060 }));
    const trunk = await createTrunk(t(), { registerTrunk: true, pass: 'orig-pass', outboundAuthRegister: true, fromDomainRegister: true, fromDomain: 'orig.example', preference: true });
    const before = await readTrunk(t(), trunk.id);
    const sales = `queue:${await queueId(t(), 'Sales')}`;

    const res = await t().put(`/api/v1/trunk/${trunk.id}`, ADMIN, {
      ...trunk,
      number: nextNumber(),
      pass: 'hacked',
      serverId: other,
      corpId: t().ids.corp.globex,
      enabled: false,
      outgoing: false,
      preference: false,
      registerTrunk: false,
      fromDomainRegister: false,
      action: sales,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: trunk.id, number: trunk.number, action: sales, pass: '' });
    expect(await readTrunk(t(), trunk.id)).toEqual({ ...before, action: sales });

    // the owner (level 2) too, through PUT /trunk with the id in the body
    const owner = await t().put('/api/v1/trunk', OWNER, { id: trunk.id, number: '1', serverId: other, action: 'exten:201' });
    expect(owner.statusCode).toBe(200);
    expect(await readTrunk(t(), trunk.id)).toEqual({ ...before, action: 'exten:201' });

    // the action is still checked in the trunk's corp
    const foreign = await t().put(`/api/v1/trunk/${trunk.id}`, ADMIN, { ...trunk, action: `queue:${t().ids.queue.helpdesk}` });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)).toEqual(['action:validation.destinationUnknown']);
    const heading = await t().put(`/api/v1/trunk/${trunk.id}`, ADMIN, { ...trunk, action: 'queues' });
    expect(issuesOf(heading)).toEqual(['action:validation.option']);
    expect((await readTrunk(t(), trunk.id)).action).toBe('exten:201');

    await t().del(`/api/v1/trunk/${trunk.id}`, SUPER);
    await t().del(`/api/v1/server/${other}`, SUPER);
  });

  it('C-TRK-05 only level 1 creates and deletes trunks: levels 2 and 3 get 403, 4 and 5 get 403 on everything', async () => {
    const main = await trunkByNumber(t(), '551130001001');
    const body = { number: nextNumber(), serverId: main.serverId, action: 'hangup' };
    for (const as of [OWNER, ADMIN, GLOBEX]) {
      expect((await t().post('/api/v1/trunk', as, body)).statusCode).toBe(403);
      expect((await t().del(`/api/v1/trunk/${main.id}`, as)).statusCode).toBe(403);
    }
    for (const as of [AGENT, WALL]) {
      for (const res of [
        await t().get('/api/v1/trunk', as),
        await t().get(`/api/v1/trunk/${main.id}`, as),
        await t().post('/api/v1/trunk', as, body),
        await t().put(`/api/v1/trunk/${main.id}`, as, { ...main, action: 'hangup' }),
        await t().put('/api/v1/trunkaction', as, { id: main.id, Action: 'hangup' }),
        await t().del(`/api/v1/trunk/${main.id}`, as),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
    expect((await t().put('/api/v1/trunkaction', ANON, { id: main.id, Action: 'hangup' })).statusCode).toBe(401);
    expect((await trunks(t())).some((r) => r.number === body.number)).toBe(false);
    expect(await trunkByNumber(t(), '551130001001')).toEqual(main);
  });

  it('C-TRK-13 PUT /trunkaction {id, Action} changes only the action, for level 3 and for level 1', async () => {
    const trunk = await createTrunk(t(), { registerTrunk: true, pass: 'keep-me', preference: true });
    const before = await readTrunk(t(), trunk.id);
    const support = `queue:${await queueId(t(), 'Support')}`;

    const admin = await t().put('/api/v1/trunkaction', ADMIN, { id: trunk.id, Action: support, Number: '123', Pass: 'x', Enabled: 0 });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ id: trunk.id, action: support, number: trunk.number, pass: '' });
    expect(await readTrunk(t(), trunk.id)).toEqual({ ...before, action: support });

    // level 1 through the same resource: still only the action
    const hours = `time:${await businessHoursId(t())}`;
    const sup = await t().put('/api/v1/trunkaction', SUPER, { id: trunk.id, action: hours, number: nextNumber(), registerTrunk: false, corpId: t().ids.corp.globex });
    expect(sup.statusCode).toBe(200);
    expect(sup.json()).toMatchObject({ action: hours, pass: 'keep-me' });
    expect(await readTrunk(t(), trunk.id)).toEqual({ ...before, action: hours });

    // the action rules hold
    const foreign = await t().put('/api/v1/trunkaction', ADMIN, { id: trunk.id, Action: `queue:${t().ids.queue.helpdesk}` });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)).toEqual(['action:validation.destinationUnknown']);
    expect(issuesOf(await t().put('/api/v1/trunkaction', ADMIN, { id: trunk.id, Action: 'section:queues' }))).toEqual(['action:validation.option']);
    expect(issuesOf(await t().put('/api/v1/trunkaction', ADMIN, { id: trunk.id }))).toEqual(['action:validation.required']);
    const noId = await t().put('/api/v1/trunkaction', ADMIN, { Action: 'hangup' });
    expect(noId.statusCode).toBe(400);
    expect(issuesOf(noId)).toEqual(['id:validation.required']);
    expect((await t().put('/api/v1/trunkaction', ADMIN, { id: 999999, Action: 'hangup' })).statusCode).toBe(404);
    expect((await readTrunk(t(), trunk.id)).action).toBe(hours);

    await t().del(`/api/v1/trunk/${trunk.id}`, SUPER);
  });

  it("C-TRK-02/13 tenancy: the globex admin gets 404 for an acme trunk (read, update, trunk action) and changes nothing", async () => {
    const acme = await trunkByNumber(t(), '551130001001');
    const missing = await t().get('/api/v1/trunk/999999', GLOBEX);
    expect(missing.statusCode).toBe(404);
    for (const res of [
      await t().get(`/api/v1/trunk/${acme.id}`, GLOBEX),
      await t().put(`/api/v1/trunk/${acme.id}`, GLOBEX, { ...acme, action: 'hangup' }),
      await t().put('/api/v1/trunk', GLOBEX, { ...acme, action: 'hangup' }),
      await t().put('/api/v1/trunkaction', GLOBEX, { id: acme.id, Action: 'hangup' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    expect(await trunkByNumber(t(), '551130001001')).toEqual(acme);
  });

  it('C-TRK-14 / F-ERR-10 a trunk a SIP route uses cannot be deleted (525 errors.inUseBySipRoute)', async () => {
    const seeded = await t().del(`/api/v1/trunk/${(await trunkByNumber(t(), '551130001000')).id}`, SUPER);
    expect(seeded.statusCode).toBe(525);
    expect(seeded.json()).toMatchObject({ status: 525, message: 'errors.inUseBySipRoute' });

    const trunk = await createTrunk(t());
    const route = await t().post('/api/v1/siproute', SUPER, { corpId: t().ids.corp.acme, trunkId: trunk.id, pattern: '8.T', translation: '8.T' });
    expect(route.statusCode).toBe(201);
    expect((await t().del(`/api/v1/trunk/${trunk.id}`, SUPER)).statusCode).toBe(525);
    expect((await readTrunk(t(), trunk.id)).id).toBe(trunk.id);
    expect((await t().del(`/api/v1/siproute/${idOf(route)}`, SUPER)).statusCode).toBe(200);
    const deleted = await t().del(`/api/v1/trunk/${trunk.id}`, SUPER);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 200 });
    expect((await t().get(`/api/v1/trunk/${trunk.id}`, SUPER)).statusCode).toBe(404);
  });

  it('C-TRK-14 a trunk an extension uses cannot be deleted (409 errors.inUseByExtension)', async () => {
    const trunk = await createTrunk(t());
    const ext = await t().post('/api/v1/extension', ADMIN, { number: '246', pass: 'abcd', trunkId: trunk.id });
    expect(ext.statusCode, ext.body).toBe(201);
    expect(ext.json()).toMatchObject({ trunkId: trunk.id, trunkNumber: trunk.number });
    const res = await t().del(`/api/v1/trunk/${trunk.id}`, SUPER);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: 'errors.inUseByExtension' });
    expect((await t().del(`/api/v1/extension/${idOf(ext)}`, ADMIN)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/trunk/${trunk.id}`, SUPER)).statusCode).toBe(200);
  });

  it("F-ERR-06 a queue or a time condition a trunk's action names cannot be deleted; once the trunk points elsewhere it can", async () => {
    const queue = await t().post('/api/v1/queue', ADMIN, { name: nextName('Trunk queue') });
    expect(queue.statusCode).toBe(201);
    const time = await t().post('/api/v1/timemain', ADMIN, { name: nextName('Trunk hours'), default: 'hangup', options: [{ from: '08:00', to: '12:00', days: 'Mon', action: 'hangup' }] });
    expect(time.statusCode, time.body).toBe(201);
    const toQueue = await createTrunk(t(), { action: `queue:${idOf(queue)}` });
    const toTime = await createTrunk(t(), { action: `time:${idOf(time)}` });

    const queueDelete = await t().del(`/api/v1/queue/${idOf(queue)}`, ADMIN);
    const timeDelete = await t().del(`/api/v1/timemain/${idOf(time)}`, ADMIN);
    // refused (the exact status is the next test's), and both stay
    for (const res of [queueDelete, timeDelete]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect((res.json() as { message: string }).message).toMatch(/^errors\.inUse/);
    }
    expect((await t().get(`/api/v1/queue/${idOf(queue)}`, ADMIN)).statusCode).toBe(200);
    expect((await t().get(`/api/v1/timemain/${idOf(time)}`, ADMIN)).statusCode).toBe(200);
    // another corp's trunk cannot name them
    expect((await t().post('/api/v1/trunk', SUPER, await trunkBody(t(), { corpId: t().ids.corp.globex, action: `queue:${idOf(queue)}` }))).statusCode).toBe(400);

    // once the trunks point elsewhere, they go
    expect((await t().put('/api/v1/trunkaction', SUPER, { id: toQueue.id, Action: 'hangup' })).statusCode).toBe(200);
    expect((await t().put('/api/v1/trunkaction', SUPER, { id: toTime.id, Action: 'hangup' })).statusCode).toBe(200);
    expect((await t().del(`/api/v1/queue/${idOf(queue)}`, ADMIN)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/timemain/${idOf(time)}`, ADMIN)).statusCode).toBe(200);
    for (const row of [toQueue, toTime]) expect((await t().del(`/api/v1/trunk/${row.id}`, SUPER)).statusCode).toBe(200);
  });

  // ---------------------------------------------------------------- C-SIP SIP routes

  it('C-SIP-01 level 1 lists SIP routes with the company name and the trunk number', async () => {
    const rows = await sipRoutes(t());
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(SIP_ROUTE_KEYS);
    const acmeTrunk = await trunkByNumber(t(), '551130001000');
    const globexTrunk = await trunkByNumber(t(), '551140002000');
    expect(rows.filter((r) => ['National and international', 'Local mobiles', 'Everything out'].includes(String(r.comment)))).toEqual([
      { id: expect.any(Number) as number, corpId: t().ids.corp.acme, corpName: 'Acme', trunkId: acmeTrunk.id, trunkNumber: '551130001000', pattern: '0.T', translation: '0.T', comment: 'National and international', enabled: true },
      { id: expect.any(Number) as number, corpId: t().ids.corp.acme, corpName: 'Acme', trunkId: acmeTrunk.id, trunkNumber: '551130001000', pattern: '9.T', translation: '9.T', comment: 'Local mobiles', enabled: true },
      { id: expect.any(Number) as number, corpId: t().ids.corp.globex, corpName: 'Globex', trunkId: globexTrunk.id, trunkNumber: '551140002000', pattern: '0.T', translation: '0.T', comment: 'Everything out', enabled: true },
    ]);
  });

  it('C-SIP-02/08 level 1 creates from {Comment, Pattern, Translation, CorpId, TrunkId, Enabled}, updates and deletes', async () => {
    const trunk = await createTrunk(t(), { corpId: t().ids.corp.globex });
    const created = await t().post('/api/v1/siproute', SUPER, { Comment: 'Premium', Pattern: '0900.T', Translation: '0.T', CorpId: t().ids.corp.globex, TrunkId: trunk.id, Enabled: false });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number) as number,
      corpId: t().ids.corp.globex,
      corpName: 'Globex',
      trunkId: trunk.id,
      trunkNumber: trunk.number,
      pattern: '0900.T',
      translation: '0.T',
      comment: 'Premium',
      enabled: false,
    });
    const id = idOf(created);
    expect((await t().get(`/api/v1/siproute/${id}`, SUPER)).json()).toEqual(created.json());

    const updated = await t().put(`/api/v1/siproute/${id}`, SUPER, { id, Comment: 'Premium numbers', Pattern: '0900..T', Translation: '0900..T', CorpId: t().ids.corp.globex, TrunkId: trunk.id, Enabled: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, comment: 'Premium numbers', pattern: '0900..T', translation: '0900..T', enabled: true });
    const byBody = await t().put('/api/v1/siproute', SUPER, { ...(updated.json() as SipRouteRow), comment: '' });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toMatchObject({ id, comment: '' });
    // enabled defaults to true
    const defaulted = await t().post('/api/v1/siproute', SUPER, { Pattern: '1.T', Translation: '1.T', CorpId: t().ids.corp.globex, TrunkId: trunk.id });
    expect(defaulted.json()).toMatchObject({ enabled: true, comment: '' });

    for (const route of [id, idOf(defaulted)]) {
      const deleted = await t().del(`/api/v1/siproute/${route}`, SUPER);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ status: 200 });
    }
    expect((await t().get(`/api/v1/siproute/${id}`, SUPER)).statusCode).toBe(404);
    expect((await t().del(`/api/v1/trunk/${trunk.id}`, SUPER)).statusCode).toBe(200);
  });

  it('C-SIP-05/06 pattern and translation are digits and dots followed by a final T', async () => {
    const trunk = await trunkByNumber(t(), '551130001000');
    const base = { corpId: t().ids.corp.acme, trunkId: trunk.id, pattern: '0.T', translation: '0.T' };
    for (const field of ['pattern', 'translation'] as const) {
      for (const bad of ['0', 'T', '0.Tx', 'a.T', '0.t', '0-1T', '0.T.T', '+55T', '0 T']) {
        const res = await t().post('/api/v1/siproute', SUPER, { ...base, [field]: bad });
        expect(res.statusCode, `${field} ${bad}`).toBe(400);
        expect(issuesOf(res), `${field} ${bad}`).toEqual([`${field}:validation.sipPattern`]);
      }
      expect(issuesOf(await t().post('/api/v1/siproute', SUPER, { ...base, [field]: '' }))[0]).toBe(`${field}:validation.required`);
      expect(issuesOf(await t().post('/api/v1/siproute', SUPER, { ...base, [field]: undefined }))).toEqual([`${field}:validation.required`]);
    }
    for (const good of ['0.T', '9T', '00..T', '.T', '551130001000T']) {
      const res = await t().post('/api/v1/siproute', SUPER, { ...base, pattern: good, translation: good });
      expect(res.statusCode, good).toBe(201);
      expect(res.json()).toMatchObject({ pattern: good, translation: good });
      await t().del(`/api/v1/siproute/${idOf(res)}`, SUPER);
    }
  });

  it('C-SIP-04 the comment is at most 50 characters', async () => {
    const trunk = await trunkByNumber(t(), '551130001000');
    const base = { corpId: t().ids.corp.acme, trunkId: trunk.id, pattern: '7.T', translation: '7.T' };
    const long = await t().post('/api/v1/siproute', SUPER, { ...base, comment: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(issuesOf(long)).toEqual(['comment:validation.maxLength']);
    const ok = await t().post('/api/v1/siproute', SUPER, { ...base, comment: 'x'.repeat(50) });
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as SipRouteRow).comment).toBe('x'.repeat(50));
    await t().del(`/api/v1/siproute/${idOf(ok)}`, SUPER);
  });

  it('C-SIP-07 company and trunk are required', async () => {
    const res = await t().post('/api/v1/siproute', SUPER, { pattern: '0.T', translation: '0.T' });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['corpId:validation.required', 'trunkId:validation.required']);
    const trunk = await trunkByNumber(t(), '551130001000');
    expect(issuesOf(await t().post('/api/v1/siproute', SUPER, { corpId: '', trunkId: trunk.id, pattern: '0.T', translation: '0.T' }))).toEqual(['corpId:validation.required']);
    expect(issuesOf(await t().post('/api/v1/siproute', SUPER, { corpId: t().ids.corp.acme, trunkId: null, pattern: '0.T', translation: '0.T' }))).toEqual(['trunkId:validation.required']);
    // the working corp does not stand in for the company the form asks for: the body's is required
    const unknownCorp = await t().post('/api/v1/siproute', SUPER, { corpId: 999999, trunkId: trunk.id, pattern: '0.T', translation: '0.T' });
    expect(unknownCorp.statusCode).toBe(400);
    expect(issuesOf(unknownCorp)).toEqual(['corpId:validation.corpUnknown']);
  });

  it("C-SIP-03 the trunk must be one of the company's: another company's trunk answers 400 (create and update)", async () => {
    const globexTrunk = await trunkByNumber(t(), '551140002000');
    const acmeTrunk = await trunkByNumber(t(), '551130001000');
    const before = await sipRoutes(t());
    const res = await t().post('/api/v1/siproute', SUPER, { CorpId: t().ids.corp.acme, TrunkId: globexTrunk.id, Pattern: '0.T', Translation: '0.T' });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['trunkId:validation.trunkUnknown']);
    expect(issuesOf(await t().post('/api/v1/siproute', SUPER, { CorpId: t().ids.corp.acme, TrunkId: 999999, Pattern: '0.T', Translation: '0.T' }))).toEqual(['trunkId:validation.trunkUnknown']);
    expect(await sipRoutes(t())).toEqual(before);

    const route = await t().post('/api/v1/siproute', SUPER, { CorpId: t().ids.corp.acme, TrunkId: acmeTrunk.id, Pattern: '6.T', Translation: '6.T' });
    expect(route.statusCode).toBe(201);
    const row = route.json() as SipRouteRow;
    const moved = await t().put(`/api/v1/siproute/${row.id}`, SUPER, { ...row, corpId: t().ids.corp.globex });
    expect(moved.statusCode).toBe(400);
    expect(issuesOf(moved)).toEqual(['trunkId:validation.trunkUnknown']);
    const swapped = await t().put(`/api/v1/siproute/${row.id}`, SUPER, { ...row, trunkId: globexTrunk.id });
    expect(issuesOf(swapped)).toEqual(['trunkId:validation.trunkUnknown']);
    // both together are consistent
    const both = await t().put(`/api/v1/siproute/${row.id}`, SUPER, { ...row, corpId: t().ids.corp.globex, trunkId: globexTrunk.id });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ corpName: 'Globex', trunkNumber: '551140002000' });
    await t().del(`/api/v1/siproute/${row.id}`, SUPER);
  });

  it('C-SIP level 1 only: levels 2-5 and another corp\'s admin get 403 on every SIP route call', async () => {
    const before = await sipRoutes(t());
    const route = before[0];
    const body = { ...route, pattern: '5.T' };
    for (const [who, as] of BELOW_SUPERVISOR) {
      for (const res of [
        await t().get('/api/v1/siproute', as),
        await t().get(`/api/v1/siproute/${route.id}`, as),
        await t().post('/api/v1/siproute', as, { ...body, id: undefined }),
        await t().put(`/api/v1/siproute/${route.id}`, as, body),
        await t().del(`/api/v1/siproute/${route.id}`, as),
      ]) {
        expect(res.statusCode, who).toBe(403);
      }
    }
    expect((await t().get('/api/v1/siproute', ANON)).statusCode).toBe(401);
    expect(await sipRoutes(t())).toEqual(before);
  });

  // ---------------------------------------------------------------- F-CONST-01 corp actions

  it("F-CONST-01 / C-EXT-29 the acme admin's corp actions: hangup, ivrs, queues, integrations, extens, times of acme only", async () => {
    const res = await t().get('/api/v1/corp/actions', ADMIN);
    expect(res.statusCode).toBe(200);
    const actions = res.json() as Record<string, Record<string, number | string>>;
    expect(Object.keys(actions)).toEqual(['hangup', 'ivrs', 'queues', 'integrations', 'extens', 'times']);
    expect(actions.hangup).toEqual({ hangup: 'hangup' });
    const queues = (await t().get('/api/v1/queue', ADMIN)).json() as QueueRow[];
    expect(actions.queues).toEqual(Object.fromEntries(queues.map((q) => [q.name, q.id])));
    expect(actions.queues).toMatchObject({ Sales: t().ids.queue.sales, Billing: await queueId(t(), 'Billing'), Support: await queueId(t(), 'Support') });
    expect(Object.values(actions.queues)).not.toContain(t().ids.queue.helpdesk);
    expect(actions.queues.Helpdesk).toBeUndefined();
    expect(actions.times['Business hours']).toBe(await businessHoursId(t()));
    expect(actions.extens['201 Ana Agent']).toBe('201');
    expect(Object.values(actions.extens)).not.toContain('1001');
    expect(Object.values(actions.extens).every((n) => /^2\d\d$/.test(String(n)))).toBe(true);

    const globex = (await t().get('/api/v1/corp/actions', GLOBEX)).json() as Record<string, Record<string, number | string>>;
    expect(globex.queues).toEqual({ Helpdesk: t().ids.queue.helpdesk });
    expect(globex.times).toEqual({});
    expect((await t().get('/api/v1/corp/actions', ANON)).statusCode).toBe(401);
  });

  it('F-CONST-01 level 1 without a working corp gets empty sections; with x-working-corp the corp\'s', async () => {
    const none = await t().get('/api/v1/corp/actions', SUPER);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ hangup: { hangup: 'hangup' }, ivrs: {}, queues: {}, integrations: {}, extens: {}, times: {} });
    const globex = (await t().get('/api/v1/corp/actions', SUPER, { 'x-working-corp': String(t().ids.corp.globex) })).json() as Record<string, Record<string, number | string>>;
    expect(globex.queues).toEqual({ Helpdesk: t().ids.queue.helpdesk });
    expect(globex.extens['1001 Hank Scorpio']).toBe('1001');
    expect(Object.keys(globex.extens)).toHaveLength(12);
    const acme = (await t().get('/api/v1/corp/actions', SUPER, { 'x-working-corp': String(t().ids.corp.acme) })).json() as Record<string, Record<string, number | string>>;
    expect(acme).toEqual((await t().get('/api/v1/corp/actions', ADMIN)).json());
  });

  // ---------------------------------------------------------------- C-EXT-30 the extension's trunk

  it("C-EXT-30 an acme extension takes an acme trunk; a globex trunk answers 400 validation.trunkUnknown", async () => {
    const acmeTrunk = await trunkByNumber(t(), '551130001001');
    const globexTrunk = await trunkByNumber(t(), '551140002000');
    const ext = await t().post('/api/v1/extension', ADMIN, { number: '247', pass: 'abcd' });
    expect(ext.statusCode, ext.body).toBe(201);
    const row = ext.json() as Record<string, unknown> & { id: number };
    expect(row.trunkId).toBeNull();

    const ok = await t().put(`/api/v1/extension/${row.id}`, ADMIN, { ...row, trunkId: acmeTrunk.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ trunkId: acmeTrunk.id, trunkNumber: '551130001001' });

    const foreign = await t().put(`/api/v1/extension/${row.id}`, ADMIN, { ...row, trunkId: globexTrunk.id });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)).toEqual(['trunkId:validation.trunkUnknown']);
    const created = await t().post('/api/v1/extension', ADMIN, { number: '248', pass: 'abcd', TrunkId: globexTrunk.id });
    expect(created.statusCode).toBe(400);
    expect(issuesOf(created)).toEqual(['trunkId:validation.trunkUnknown']);
    expect(((await t().get(`/api/v1/extension/${row.id}`, ADMIN)).json() as { trunkId: number }).trunkId).toBe(acmeTrunk.id);

    // the trunk list the extension form reads is the corp's own
    expect((await trunks(t(), ADMIN)).some((r) => r.id === globexTrunk.id)).toBe(false);
    expect((await t().del(`/api/v1/extension/${row.id}`, ADMIN)).statusCode).toBe(200);
  });

  // ---------------------------------------------------------------- last: these touch demo rows

  /** Uses the demo data only: acme's Billing queue and Business hours are named by its trunks and nothing else. */
  it("F-ERR-06 deleting a queue or a time condition a trunk's action names answers 520 errors.inUseByTrunk", async () => {
    const billing = await t().del(`/api/v1/queue/${await queueId(t(), 'Billing')}`, ADMIN);
    expect([billing.statusCode, billing.json()]).toEqual([520, expect.objectContaining({ status: 520, message: 'errors.inUseByTrunk' })]);
    const hours = await t().del(`/api/v1/timemain/${await businessHoursId(t())}`, ADMIN);
    expect([hours.statusCode, hours.json()]).toEqual([520, expect.objectContaining({ status: 520, message: 'errors.inUseByTrunk' })]);
  });

  /** The trunk form gives level 1 a company field (C-TRK-03): an update moves the trunk, its action checked in the new corp. */
  it('C-TRK-03 level 1 moves a trunk to another company on update, its action checked there', async () => {
    const trunk = await createTrunk(t(), { corpId: t().ids.corp.globex, action: `queue:${t().ids.queue.helpdesk}` });
    try {
      // globex's queue is no destination of acme: refused
      const refused = await t().put(`/api/v1/trunk/${trunk.id}`, SUPER, { ...trunk, corpId: t().ids.corp.acme });
      expect(refused.statusCode).toBe(400);
      expect(issuesOf(refused)).toEqual(['action:validation.destinationUnknown']);
      // with an action of acme's it moves
      const moved = await t().put(`/api/v1/trunk/${trunk.id}`, SUPER, { ...trunk, corpId: t().ids.corp.acme, action: 'hangup' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ corpId: t().ids.corp.acme, corpName: 'Acme' });
    } finally {
      await t().del(`/api/v1/trunk/${trunk.id}`, SUPER);
    }
  });
});
