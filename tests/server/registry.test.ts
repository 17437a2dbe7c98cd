import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_COLOURS, refusedSingletonMethods, RESOURCES, SINGLETONS, SPEC_ROUTED_RESOURCES, type MeetingRow, type RoomRow, type SingletonName } from '../../domain';
import type { ConfigChange } from '../../server/crud/config-changes';
import { meetingRoomUser, meetingUser } from '../../server/db/schema-meetings';
import { BINDINGS, SINGLETON_BINDINGS, SPEC_ROUTED_BINDINGS } from '../../server/resources';
import { corpBinding } from '../../server/resources/corp';
import { OpenApiContract } from './fixtures/openapi-contract';
import { CALLERS, describeEachDatabase, type Caller } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN, globexAdmin: GLOBEX } = CALLERS;
type Entry = { groupId: number; pricePerMinute: number; minimumSec: number; incrementSec: number };

// A resource without its binding does not compile (J-ONE-02): the registry is a complete Record.
// @ts-expect-error -- every other resource's binding is missing
const _incomplete: typeof BINDINGS = { corp: corpBinding };
void _incomplete;

/** The files of the moved routes and their bindings: none may write a corp filter of its own. */
const MOVED = [
  'server/routes/look-and-feel.ts',
  'server/routes/system.ts',
  'server/resources/look-and-feel.ts',
  'server/resources/tariff.ts',
  'server/resources/parameters.ts',
  'server/crud/singleton.ts',
  'server/crud/singleton-router.ts',
  'server/routes/click-to-call.ts',
  'server/resources/click-to-call-key.ts',
  'server/routes/meetings.ts',
  'server/routes/meetings-data.ts',
  'server/resources/room.ts',
  'server/resources/meeting.ts',
  'server/resources/meeting-people.ts',
];

/** A corp filter written by hand: an eq on a corpId column, or SQL naming corp_id. */
const CORP_FILTER_BY_HAND = /eq\(\s*\w+\.corpId\b|corp_id\s*=|\.corpId}\s*=/;

describeEachDatabase('the registry of resources and singletons (issue 24)', (t) => {
  const working = (corpId: number) => ({ 'x-working-corp': String(corpId) });
  /** the change events of what `act` does */
  async function changesOf(act: () => Promise<unknown>): Promise<ConfigChange[]> {
    const seen: ConfigChange[] = [];
    const stop = t().app.ctx.configChanges.subscribe((change) => void seen.push(change));
    try {
      await act();
    } finally {
      stop();
    }
    return seen;
  }

  it('J-ONE-02 every resource and every singleton of the domain registry has its server binding, under its own name', () => {
    expect(Object.keys(BINDINGS).sort()).toEqual(Object.keys(RESOURCES).sort());
    expect(Object.keys(SINGLETON_BINDINGS).sort()).toEqual(Object.keys(SINGLETONS).sort());
    for (const [name, binding] of Object.entries(SINGLETON_BINDINGS)) expect(binding.definition).toBe(SINGLETONS[name as SingletonName]);
    // look and feel, tariffs, system and mail parameters are singletons, not rows
    expect(Object.keys(SINGLETONS).sort()).toEqual(['lookAndFeel', 'mailParameters', 'systemParameters', 'tariff']);
    expect(Object.keys(RESOURCES)).not.toContain('lookAndFeel');
  });

  it('J-ONE-02 J-API-01 each singleton answers GET and its save, and refuses the other write methods with 405 (errors.methodNotAllowed), as documented', async () => {
    const contract = new OpenApiContract(t().app.swagger());
    const acme = working(t().ids.corp.acme);
    for (const definition of Object.values(SINGLETONS)) {
      const url = `/api/v1/${definition.path}`;
      const read = await t().get(url, SUPER, acme);
      expect(read.statusCode, `GET ${url}: ${read.body}`).toBe(200);
      expect(contract.problem('GET', url, read)).toBeNull();
      const refused = refusedSingletonMethods(definition);
      // no create (POST, unless the spec saves with it) and never a delete
      expect(refused).toContain('DELETE');
      if ((definition.save ?? 'PUT') === 'PUT') expect(refused).toContain('POST');
      for (const method of refused) {
        const res = await t().request({ method, url, as: SUPER, payload: {}, headers: acme });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.json()).toMatchObject({ status: 405, message: 'errors.methodNotAllowed' });
        expect(String(res.headers.allow)).toContain('GET');
        expect(contract.problem(method, url, res)).toBeNull();
      }
    }
    // the value read is the value saved back: each save takes what its GET gave
    for (const definition of Object.values(SINGLETONS)) {
      const url = `/api/v1/${definition.path}`;
      const before = (await t().get(url, SUPER, acme)).json() as unknown;
      const saved = await t().request({ method: definition.save ?? 'PUT', url, as: SUPER, payload: before as object, headers: acme });
      expect(saved.statusCode, `${definition.save ?? 'PUT'} ${url}: ${saved.body}`).toBe(200);
      expect(contract.problem(definition.save ?? 'PUT', url, saved)).toBeNull();
      expect(saved.json()).toEqual(before);
    }
  });

  it('J-ONE-02 a singleton save goes through the pipeline: validated by its schema (400, nothing stored), and one change event naming the singleton, its table and its corp', async () => {
    const acme = t().ids.corp.acme;
    const refused = await changesOf(async () => {
      const res = await t().put('/api/v1/tariff', SUPER, [{ groupId: 999999, pricePerMinute: 1, minimumSec: 0, incrementSec: 1 }], working(acme));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ issues: [{ path: '0.groupId', message: 'validation.option' }] });
    });
    expect(refused).toEqual([]);
    const groups = (await t().get('/api/v1/destinationgroup', SUPER)).json() as { id: number }[];
    expect(groups.length).toBeGreaterThan(0);
    const entry: Entry = { groupId: groups[0].id, pricePerMinute: 0.25, minimumSec: 30, incrementSec: 6 };
    const events = await changesOf(async () => {
      const res = await t().put('/api/v1/tariff', SUPER, [entry], working(acme));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([entry]);
    });
    expect(events).toEqual([{ resource: 'tariff', table: 'tariff', mode: 'update', id: acme }]);
    // a platform singleton's event has no corp
    const params = (await t().get('/api/v1/getAllParams', SUPER)).json() as unknown[];
    expect(await changesOf(() => t().post('/api/v1/getAllParams', SUPER, params))).toEqual([{ resource: 'systemParameters', table: 'parameter', mode: 'update', id: 0 }]);
    // a duplicate group is the schema's refusal
    const twice = await t().put('/api/v1/tariff', SUPER, [entry, entry], working(acme));
    expect(twice.statusCode).toBe(400);
    expect((await t().get('/api/v1/tariff', SUPER, working(acme))).json()).toEqual([entry]);
    await t().put('/api/v1/tariff', SUPER, [], working(acme));
  });

  it('J-ONE-02 a corp singleton is the request\'s corp: one corp\'s tariff and look and feel never reach another corp', async () => {
    const { acme, globex } = t().ids.corp;
    const groups = (await t().get('/api/v1/destinationgroup', SUPER)).json() as { id: number }[];
    const entry: Entry = { groupId: groups[0].id, pricePerMinute: 1.5, minimumSec: 0, incrementSec: 1 };
    expect((await t().put('/api/v1/tariff', SUPER, [entry], working(acme))).statusCode).toBe(200);
    expect((await t().get('/api/v1/tariff', SUPER, working(globex))).json()).toEqual([]);
    // replacing globex's leaves acme's alone
    expect((await t().put('/api/v1/tariff', SUPER, [], working(globex))).statusCode).toBe(200);
    expect((await t().get('/api/v1/tariff', SUPER, working(acme))).json()).toEqual([entry]);
    // without a working corp, the supervisor is asked for one
    expect((await t().get('/api/v1/tariff', SUPER)).json()).toMatchObject({ status: 400, message: 'errors.workingCorpRequired' });
    await t().put('/api/v1/tariff', SUPER, [], working(acme));

    const colours = { ...DEFAULT_COLOURS, menuColor: '123456FF' };
    expect((await t().put('/api/v1/lookandfeel', ADMIN, { ...colours, tabName: 'Acme only' })).statusCode).toBe(200);
    expect((await t().get('/api/v1/lookandfeel', GLOBEX)).json()).toMatchObject({ tabName: '', menuColor: DEFAULT_COLOURS.menuColor });
    expect((await t().get('/api/v1/lookandfeel', SUPER, working(acme))).json()).toMatchObject({ tabName: 'Acme only', menuColor: '123456FF' });
  });

  it('J-ONE-02 J-API-02 PATCH /lookandfeel changes what it names, the rest keeps its stored value; a bad value is refused (400)', async () => {
    const colours = { ...DEFAULT_COLOURS, hoverColor: 'ABCDEFFF' };
    expect((await t().put('/api/v1/lookandfeel', ADMIN, { ...colours, tabName: 'Before patch' })).statusCode).toBe(200);
    const patched = await t().patch('/api/v1/lookandfeel', ADMIN, { menuColor: '#102030' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ menuColor: '102030FF', hoverColor: 'ABCDEFFF', tabName: 'Before patch' });
    const bad = await t().patch('/api/v1/lookandfeel', ADMIN, { hoverColor: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await t().get('/api/v1/lookandfeel', ADMIN)).json()).toMatchObject({ hoverColor: 'ABCDEFFF' });
  });

  it('J-ONE-02 who may read and save each singleton (same statuses as before the move)', async () => {
    const cases: [method: string, url: string, as: Caller, status: number][] = [
      ['GET', '/api/v1/getAllParams', CALLERS.wall, 200],
      ['POST', '/api/v1/getAllParams', ADMIN, 403],
      ['GET', '/api/v1/getAllParamsMail', CALLERS.owner, 403],
      ['GET', '/api/v1/tariff', CALLERS.owner, 403],
      ['PUT', '/api/v1/tariff', ADMIN, 403],
      ['GET', '/api/v1/lookandfeel', CALLERS.wall, 200],
      ['PUT', '/api/v1/lookandfeel', CALLERS.wall, 403],
      ['GET', '/api/v1/lookandfeel', null, 401],
    ];
    for (const [method, url, as, status] of cases) expect((await t().request({ method: method as 'GET', url, as, payload: method === 'GET' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(status);
  });

  it('J-ONE-02 E-C2C-05 the click-to-call keys are a resource of the registry at their own urls: list, create (the secret once), revoke as a row action, one corp at a time', async () => {
    expect(BINDINGS.clickToCallKey.definition).toBe(RESOURCES.clickToCallKey);
    expect(RESOURCES.clickToCallKey.path).toBe('clicktocall/keys');
    const document = t().app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(document.paths['/api/v1/clicktocall/keys/{id}/revoke']?.post?.tags).toEqual(['clickToCallKey']);
    const contract = new OpenApiContract(document);
    const acme = working(t().ids.corp.acme);

    const changes = await changesOf(async () => {
      const res = await t().post('/api/v1/clicktocall/keys', ADMIN, { label: 'Registry key' });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(changes).toEqual([expect.objectContaining({ resource: 'clickToCallKey', table: 'click_to_call_key', mode: 'create' })]);
    const list = await t().get('/api/v1/clicktocall/keys', ADMIN);
    expect(contract.problem('GET', '/api/v1/clicktocall/keys', list)).toBeNull();
    const rows = list.json() as Record<string, unknown>[];
    const row = rows.find((r) => r.label === 'Registry key')!;
    // the secret is answered once, the corp never: the wire row is the keys screen's
    expect(Object.keys(row).sort()).toEqual(['createdAt', 'createdBy', 'hint', 'id', 'keyId', 'label', 'lastUsedAt', 'revokedAt']);
    expect(row).toMatchObject({ createdBy: 'admin', keyId: `c2c_${String(row.id)}`, revokedAt: null });

    // level 1 works in a working corp (400 without one); another corp does not see the key (404)
    expect((await t().get('/api/v1/clicktocall/keys', SUPER)).json()).toMatchObject({ status: 400, message: 'errors.workingCorpRequired' });
    expect((await t().post(`/api/v1/clicktocall/keys/${String(row.id)}/revoke`, SUPER)).json()).toMatchObject({ status: 400, message: 'errors.workingCorpRequired' });
    expect(((await t().get('/api/v1/clicktocall/keys', SUPER, acme)).json() as { id: number }[]).some((r) => r.id === row.id)).toBe(true);
    expect((await t().post(`/api/v1/clicktocall/keys/${String(row.id)}/revoke`, GLOBEX)).statusCode).toBe(404);

    const revoked = await t().post(`/api/v1/clicktocall/keys/${String(row.id)}/revoke`, ADMIN);
    expect(revoked.statusCode).toBe(200);
    const { revokedAt } = revoked.json() as { revokedAt: string | null };
    expect(revokedAt).toEqual(expect.any(String));
    // a second revoke changes nothing
    expect((await t().post(`/api/v1/clicktocall/keys/${String(row.id)}/revoke`, ADMIN)).json()).toMatchObject({ id: row.id, revokedAt });

    // the route file keeps the API, the form and the history, with no key route and no corp filter of its own
    const routes = readFileSync('server/routes/click-to-call.ts', 'utf8');
    expect(routes).not.toContain("'/clicktocall/keys");
    expect(CORP_FILTER_BY_HAND.test(routes)).toBe(false);
  });

  it('J-ONE-02 rooms and meetings are resources of the registry with no generic route: the spec\'s /meet calls are their only doors', () => {
    expect(Object.keys(SPEC_ROUTED_BINDINGS).sort()).toEqual(Object.keys(SPEC_ROUTED_RESOURCES).sort());
    for (const [name, binding] of Object.entries(SPEC_ROUTED_BINDINGS)) expect(binding.definition).toBe(SPEC_ROUTED_RESOURCES[name as keyof typeof SPEC_ROUTED_RESOURCES]);
    // not among the generically mounted resources, and no route of the document beside the spec's
    for (const name of Object.keys(SPEC_ROUTED_RESOURCES)) expect(Object.keys(RESOURCES)).not.toContain(name);
    const document = t().app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const meet = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/v1/meet/'));
    expect(meet.flatMap(([path, operations]) => Object.entries(operations).filter(([, op]) => !op.tags?.includes('meetings')).map(([method]) => `${method} ${path}`))).toEqual([]);
    expect(meet.filter(([path]) => path.includes('{')).map(([path]) => path)).toEqual([]);
  });

  it('J-ONE-02 E-ROOM-15 E-ROOM-16 E-ROOM-17 a room write is its pipeline\'s: one change event each, the participants beside the row (meeting_room_user)', async () => {
    const { db } = t().app.ctx;
    const base = { softwareId: 1, userOption: 'selectUser', userId: [t().ids.user.agent, t().ids.user.owner] };
    let room: RoomRow | undefined;
    const created = await changesOf(async () => {
      const res = await t().post('/api/v1/meet/rooms', ADMIN, { ...base, name: 'Registry room' });
      expect(res.statusCode, res.body).toBe(201);
      room = res.json() as RoomRow;
    });
    expect(created).toEqual([{ resource: 'room', table: 'meeting_room', mode: 'create', id: room!.id }]);
    // the wire row is the spec's: no corp
    expect(Object.keys(room!).sort()).toEqual(['id', 'link', 'name', 'selectedUsers', 'userOption']);
    const members = async () => (await db.select().from(meetingRoomUser).where(eq(meetingRoomUser.roomId, room!.id))).map((m) => m.userId).sort((a, b) => a - b);
    expect(await members()).toEqual([t().ids.user.owner, t().ids.user.agent].sort((a, b) => a - b));
    // a refused write (a level 5 user is no participant) changes nothing and tells nobody
    expect(await changesOf(async () => expect((await t().put('/api/v1/meet/rooms', ADMIN, { ...base, name: 'Registry room', newName: 'Registry two', userId: [t().ids.user.wall] })).statusCode).toBe(400))).toEqual([]);
    expect(await members()).toHaveLength(2);
    const renamed = await changesOf(async () => expect((await t().put('/api/v1/meet/rooms', ADMIN, { ...base, name: 'registry ROOM', newName: 'Registry two', userOption: 'allUsers' })).statusCode).toBe(200));
    expect(renamed).toEqual([{ resource: 'room', table: 'meeting_room', mode: 'update', id: room!.id }]);
    expect(await members()).toEqual([]);
    // globex, not registered with the service, reaches no room (403); its own corp deletes it
    expect((await t().request({ method: 'DELETE', url: '/api/v1/meet/rooms', as: GLOBEX, payload: { name: 'Registry two', softwareId: 1 } })).statusCode).toBe(403);
    const removed = await changesOf(async () => expect((await t().request({ method: 'DELETE', url: '/api/v1/meet/rooms', as: ADMIN, payload: { name: 'Registry two', softwareId: 1 } })).statusCode).toBe(200));
    expect(removed).toEqual([{ resource: 'room', table: 'meeting_room', mode: 'delete', id: room!.id }]);
  });

  it('J-ONE-02 E-CAL-08 E-CAL-19 E-CAL-20 E-CAL-21 a meeting write is its pipeline\'s: the creator guard refuses anyone else before a change, participants beside the row (meeting_user)', async () => {
    const { db } = t().app.ctx;
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const fields = { softwareId: 1, topic: 'Registry', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), userOption: 'selectUser', roomId: null };
    let row: MeetingRow | undefined;
    const created = await changesOf(async () => {
      const res = await t().post('/api/v1/meet/DateRooms/create', CALLERS.agent, { ...fields, name: 'Registry meeting', userIds: [t().ids.user.admin], creator: 'someone else' });
      expect(res.statusCode, res.body).toBe(201);
      row = res.json() as MeetingRow;
    });
    expect(created).toEqual([{ resource: 'meeting', table: 'meeting', mode: 'create', id: row!.id }]);
    expect(row).toMatchObject({ creator: 'agent', creatorId: t().ids.user.agent, selectedUsers: [t().ids.user.admin] });
    expect(Object.keys(row!)).not.toContain('corpId');
    const members = async () => (await db.select().from(meetingUser).where(eq(meetingUser.meetingId, row!.id))).map((m) => m.userId);
    expect(await members()).toEqual([t().ids.user.admin]);

    const edit = { softwareId: 1, roomOld: 'Registry meeting', roomNew: { ...fields, name: 'Registry moved', userOption: 'allUsers' }, listUser: [] };
    // E-CAL-08: the admin sees it but did not create it (403, nothing changed, no event)
    const refused = await changesOf(async () => {
      const res = await t().put('/api/v1/meet/DateRooms/edit', ADMIN, edit);
      expect(res.json()).toMatchObject({ status: 403, message: 'errors.notCreator' });
    });
    expect(refused).toEqual([]);
    expect(await changesOf(async () => expect((await t().request({ method: 'DELETE', url: '/api/v1/meet/DateRooms/', as: ADMIN, payload: { name: 'Registry meeting', softwareId: 1 } })).statusCode).toBe(403))).toEqual([]);
    // a participant refused in an edit is named as the spec's body names it (listUser)
    const bad = await t().put('/api/v1/meet/DateRooms/edit', CALLERS.agent, { ...edit, roomNew: { ...edit.roomNew, userOption: 'selectUser' }, listUser: [t().ids.user.wall] });
    expect(bad.json()).toMatchObject({ status: 400, issues: [{ path: 'listUser.0', message: 'validation.option' }] });

    const moved = await changesOf(async () => expect((await t().put('/api/v1/meet/DateRooms/edit', CALLERS.agent, edit)).json()).toMatchObject({ id: row!.id, name: 'Registry moved', creator: 'agent', userOption: 'allUsers' }));
    expect(moved).toEqual([{ resource: 'meeting', table: 'meeting', mode: 'update', id: row!.id }]);
    expect(await members()).toEqual([]);
    const removed = await changesOf(async () => expect((await t().request({ method: 'DELETE', url: '/api/v1/meet/DateRooms/', as: CALLERS.agent, payload: { name: 'Registry moved', softwareId: 1 } })).statusCode).toBe(200));
    expect(removed).toEqual([{ resource: 'meeting', table: 'meeting', mode: 'delete', id: row!.id }]);
  });

  it('J-ONE-02 C-CORP-15 C-CORP-16 registering a corp with the meeting service is a write of the corp pipeline: only roomEnabled changes, with the corp\'s change event', async () => {
    const { globex } = t().ids.corp;
    const before = (await t().get(`/api/v1/corp/${globex}`, SUPER)).json() as Record<string, unknown>;
    expect(before.roomEnabled).toBe(false);
    const on = await changesOf(async () => expect((await t().post('/api/v1/meet/corps', SUPER, { corpId: globex, corpName: 'ignored', softwareId: 1 })).statusCode).toBe(201));
    expect(on).toEqual([{ resource: 'corp', table: 'corp', mode: 'update', id: globex }]);
    expect((await t().get(`/api/v1/corp/${globex}`, SUPER)).json()).toEqual({ ...before, roomEnabled: true });
    const off = await changesOf(async () => expect((await t().del(`/api/v1/meet/corps/corps?corpId=${globex}&softwareId=1`, SUPER)).statusCode).toBe(200));
    expect(off).toEqual([{ resource: 'corp', table: 'corp', mode: 'update', id: globex }]);
    expect((await t().get(`/api/v1/corp/${globex}`, SUPER)).json()).toEqual(before);
  });

  it('J-ONE-02 the moved routes and their bindings write no corp filter by hand: they read through the tenant accessor', () => {
    const byHand = MOVED.filter((file) => CORP_FILTER_BY_HAND.test(readFileSync(file, 'utf8')));
    expect(byHand).toEqual([]);
  });
});
