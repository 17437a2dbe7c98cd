import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MEETING_HOST_PARAM, MEETING_SERVICE_PARAM, type MeetingRow, type MeetingUser, type RoomRow } from '../../../domain';
import { parameter } from '../../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller } from '../fixtures/test-app';

const { super: SUPER, owner: OWNER, admin: ADMIN, agent: AGENT, globexAdmin: GLOBEX } = CALLERS;
const SW = 1;
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);
const day = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
/** An instant `days` from now at `hourUtc`:00 UTC. */
const at = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

describeEachDatabase('meeting service (issue 11)', (t) => {
  const acmeHeader = () => ({ 'x-working-corp': String(t().ids.corp.acme) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, as: Caller, payload: unknown, headers?: Record<string, string>) =>
    t().request({ method, url: `/api/v1/meet/${url}`, as, payload: payload as object, headers });
  const rooms = async (as: Caller) => {
    const res = await t().get(`/api/v1/meet/rooms?softwareId=${SW}&userId=999`, as);
    expect(res.statusCode).toBe(200);
    return (res.json() as { rooms: RoomRow[] }).rooms;
  };
  const meetingsFrom = async (as: Caller, date = todayUtc()) => {
    const res = await send('POST', 'DateRooms/rooms-from-date', as, { date, softwareId: SW, corpId: t().ids.corp.acme, userId: 1 });
    expect(res.statusCode).toBe(200);
    return res.json() as MeetingRow[];
  };
  const meeting = (name: string, extra: Record<string, unknown> = {}) => ({
    corpId: t().ids.corp.acme,
    softwareId: SW,
    name,
    topic: `About ${name}`,
    start: at(1, 9),
    end: at(1, 10),
    userOption: 'allUsers',
    userIds: [],
    creator: 'whoever',
    ...extra,
  });

  // E-ROOM-05 says the spec's client sends the bearer token on some meeting calls only. Read as what the
  // other service tolerated, not as a rule to keep: every call names a corp's rooms or people, so ours
  // asks for the token on all of them, and a call without it learns nothing (401).
  it('E-ROOM-05 every meeting-service call needs the bearer token: without it, 401 and no data', async () => {
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
      ['POST', 'softwares/check-ip'],
      ['POST', 'corps/check-corpId'],
      ['GET', `corps/corps/permitRooms?corpId=${t().ids.corp.acme}&softwareId=${SW}`],
      ['POST', 'corps'],
      ['DELETE', `corps/corps?corpId=${t().ids.corp.acme}&softwareId=${SW}`],
      ['GET', `rooms?softwareId=${SW}`],
      ['POST', 'rooms/users'],
      ['POST', 'rooms'],
      ['PUT', 'rooms'],
      ['DELETE', 'rooms'],
      ['GET', `users?softwareId=${SW}`],
      ['POST', 'DateRooms/rooms-from-date'],
      ['POST', 'DateRooms/rooms-by-date'],
      ['POST', 'DateRooms/date-rooms'],
      ['POST', 'DateRooms/create'],
      ['PUT', 'DateRooms/edit'],
      ['DELETE', 'DateRooms/'],
    ];
    for (const [method, url] of calls) {
      const res = await t().request({ method, url: `/api/v1/meet/${url}`, as: null, payload: method === 'GET' ? undefined : { name: 'Daily standup', softwareId: SW, corpId: t().ids.corp.acme } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body, `${method} ${url}`).not.toContain('Daily standup');
    }
  });

  it('E-ROOM-01 check-ip answers our software id in data.id', async () => {
    const res = await send('POST', 'softwares/check-ip', AGENT, { ip: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 1 } });
  });

  it('E-ROOM-02 with the service switched off every meet route fails (503), so a client sets software id -10', async () => {
    // the parameter is seeded (yes): set it, and set it back after
    await t().db.update(parameter).set({ value: 'no' }).where(eq(parameter.key, MEETING_SERVICE_PARAM));
    try {
      const check = await send('POST', 'softwares/check-ip', ADMIN, {});
      expect(check.statusCode).toBe(503);
      expect(check.json()).toMatchObject({ message: 'errors.meetingUnavailable' });
      expect((await t().get(`/api/v1/meet/rooms?softwareId=${SW}`, ADMIN)).statusCode).toBe(503);
      // the guard comes first: anonymous and level 5 learn nothing
      expect((await send('POST', 'softwares/check-ip', null, {})).statusCode).toBe(401);
      expect((await send('POST', 'softwares/check-ip', CALLERS.wall, {})).statusCode).toBe(403);
    } finally {
      await t().db.update(parameter).set({ value: 'yes' }).where(eq(parameter.key, MEETING_SERVICE_PARAM));
    }
    expect((await send('POST', 'softwares/check-ip', ADMIN, {})).statusCode).toBe(200);
  });

  it('E-ROOM-03 E-ROOM-04 check-corpId and permitRooms: acme is registered, globex is not; another corp is 404', async () => {
    const { acme, globex } = t().ids.corp;
    const ok = await send('POST', 'corps/check-corpId', AGENT, { corpId: acme, ip: '203.0.113.7' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ exist: true });
    const off = await send('POST', 'corps/check-corpId', GLOBEX, { corpId: globex });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ message: 'errors.roomsDisabled' });
    expect((await send('POST', 'corps/check-corpId', AGENT, { corpId: globex })).statusCode).toBe(404);
    expect((await t().get(`/api/v1/meet/corps/corps/permitRooms?corpId=${acme}&softwareId=${SW}`, ADMIN)).json()).toMatchObject({ exist: true });
    expect((await t().get(`/api/v1/meet/corps/corps/permitRooms?corpId=${globex}&softwareId=${SW}`, SUPER)).json()).toMatchObject({ exist: false });
    expect((await t().get(`/api/v1/meet/corps/corps/permitRooms?corpId=${globex}&softwareId=${SW}`, ADMIN)).statusCode).toBe(404);
    // a software id that is not ours
    expect(issuesOf(await t().get(`/api/v1/meet/corps/corps/permitRooms?corpId=${acme}&softwareId=-10`, ADMIN))).toEqual(['softwareId:validation.option']);
  });

  it('E-ROOM-06 C-CORP-15 C-CORP-16 level 1 registers a corp (rooms on) and removes it (rooms off); the rows stay', async () => {
    const { globex } = t().ids.corp;
    expect((await send('POST', 'corps', ADMIN, { corpId: globex, corpName: 'Globex', softwareId: SW })).statusCode).toBe(403);
    expect((await t().get(`/api/v1/meet/rooms?softwareId=${SW}`, GLOBEX)).statusCode).toBe(403);

    const on = await send('POST', 'corps', SUPER, { corpId: globex, corpName: 'Globex', softwareId: SW });
    expect(on.statusCode).toBe(201);
    expect(((await t().get('/api/v1/myuser', GLOBEX)).json() as { roomEnabled: boolean }).roomEnabled).toBe(true);
    expect(await rooms(GLOBEX)).toEqual([]);
    expect((await send('POST', 'rooms', GLOBEX, { name: 'Globex hall', softwareId: SW, userOption: 'allUsers', userId: [] })).statusCode).toBe(201);

    const off = await send('DELETE', `corps/corps?corpId=${globex}&softwareId=${SW}`, SUPER, undefined);
    expect(off.statusCode).toBe(200);
    expect((await t().get(`/api/v1/meet/rooms?softwareId=${SW}`, GLOBEX)).statusCode).toBe(403);
    expect(((await t().get('/api/v1/myuser', GLOBEX)).json() as { roomEnabled: boolean }).roomEnabled).toBe(false);
    expect((await send('DELETE', `corps/corps?corpId=999999&softwareId=${SW}`, SUPER, undefined)).statusCode).toBe(404);

    // switched on again: the room is back
    await send('POST', 'corps', SUPER, { corpId: globex, softwareId: SW });
    expect((await rooms(GLOBEX)).map((r) => r.name)).toEqual(['Globex hall']);
  });

  it('E-ROOM-10 E-ROOM-13 E-ROOM-18 rooms list with id, name, link {corpId}/{softwareId}/2/{name}; level 4 sees the rooms open to it', async () => {
    const { acme } = t().ids.corp;
    const all = await rooms(ADMIN);
    expect(all.map((r) => r.name)).toEqual(['Board room', 'Daily standup', 'Sales huddle']);
    const standup = all.find((r) => r.name === 'Daily standup')!;
    expect(standup).toMatchObject({ link: `${acme}/1/2/Daily%20standup`, userOption: 'allUsers', selectedUsers: [] });
    expect(all.find((r) => r.name === 'Sales huddle')).toMatchObject({ userOption: 'selectUser', selectedUsers: expect.arrayContaining([t().ids.user.admin, t().ids.user.agent]) as unknown });
    // the agent is in Daily standup (all users) and Sales huddle (selected), not in Board room
    expect((await rooms(AGENT)).map((r) => r.name)).toEqual(['Daily standup', 'Sales huddle']);
  });

  it('E-ROOM-09 E-ROOM-15 E-ROOM-16 E-ROOM-17 only levels 1-3 create, rename and delete rooms; names are unique in a corp (406)', async () => {
    const body = { name: 'Training', corpId: t().ids.corp.acme, softwareId: SW, userOption: 'selectUser', userId: [t().ids.user.agent] };
    expect((await send('POST', 'rooms', AGENT, body)).statusCode).toBe(403);
    const created = await send('POST', 'rooms', ADMIN, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Training', userOption: 'selectUser', selectedUsers: [t().ids.user.agent] });
    expect((await send('POST', 'rooms', OWNER, { ...body, name: 'TRAINING' })).statusCode).toBe(406);

    expect((await send('PUT', 'rooms', AGENT, { ...body, newName: 'Training 2' })).statusCode).toBe(403);
    const renamed = await send('PUT', 'rooms', ADMIN, { ...body, name: 'training', newName: 'Training 2', userOption: 'allUsers' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Training 2', userOption: 'allUsers', selectedUsers: [] });
    expect((await send('PUT', 'rooms', ADMIN, { ...body, name: 'Training 2', newName: 'Daily standup' })).statusCode).toBe(406);
    expect((await send('PUT', 'rooms', ADMIN, { ...body, name: 'No such room', newName: 'Whatever' })).statusCode).toBe(404);

    // a supervisor works in its working corp
    expect((await send('POST', 'rooms', SUPER, { ...body, name: 'Supervised' })).statusCode).toBe(400);
    expect((await send('POST', 'rooms', SUPER, { ...body, name: 'Supervised' }, acmeHeader())).statusCode).toBe(201);

    expect((await send('DELETE', 'rooms', AGENT, { name: 'Training 2', softwareId: SW })).statusCode).toBe(403);
    expect((await send('DELETE', 'rooms', ADMIN, { name: 'Training 2', softwareId: SW })).statusCode).toBe(200);
    expect((await send('DELETE', 'rooms', ADMIN, { name: 'Supervised', softwareId: SW })).statusCode).toBe(200);
    expect((await send('DELETE', 'rooms', ADMIN, { name: 'Training 2', softwareId: SW })).statusCode).toBe(404);
    expect((await rooms(ADMIN)).map((r) => r.name)).toEqual(['Board room', 'Daily standup', 'Sales huddle']);
  });

  it('E-ROOM-11 a room name has 4 to 50 characters (the 4-50 reading)', async () => {
    const body = (name: string) => ({ name, softwareId: SW, userOption: 'allUsers', userId: [] });
    expect(issuesOf(await send('POST', 'rooms', ADMIN, body('abc')))).toEqual(['name:validation.lengthBetween']);
    expect(issuesOf(await send('POST', 'rooms', ADMIN, body('x'.repeat(51))))).toEqual(['name:validation.lengthBetween']);
    expect(issuesOf(await send('POST', 'rooms', ADMIN, body('   ')))).toEqual(['name:validation.required']);
    for (const name of ['abcd', 'y'.repeat(50)]) {
      expect((await send('POST', 'rooms', ADMIN, body(name))).statusCode).toBe(201);
      expect((await send('DELETE', 'rooms', ADMIN, { name, softwareId: SW })).statusCode).toBe(200);
    }
  });

  it('E-ROOM-12 E-CAL-10 the participant option is required; selectUser with nobody is usersError; levels 1 and 5 are no participants', async () => {
    const base = { name: 'Participants', softwareId: SW };
    expect(issuesOf(await send('POST', 'rooms', ADMIN, { ...base, userId: [] }))).toEqual(['userOption:validation.required']);
    expect(issuesOf(await send('POST', 'rooms', ADMIN, { ...base, userOption: 'selectUser', userId: [] }))).toEqual(['userId:validation.usersError']);
    for (const who of [t().ids.user.wall, t().ids.user.super, t().ids.user.globexAdmin]) {
      expect(issuesOf(await send('POST', 'rooms', ADMIN, { ...base, userOption: 'selectUser', userId: [who] }))).toEqual(['userId.0:validation.option']);
    }
    const users = (await t().get('/api/v1/meet/users', AGENT)).json() as MeetingUser[];
    expect(users.map((u) => u.nick)).toEqual(['admin', 'agent', 'owner']);
  });

  it('E-ROOM-14 room members: everyone who may take part for allUsers, else the selected users; levels 1-3 only', async () => {
    const members = async (name: string) => ((await send('POST', 'rooms/users', ADMIN, { name, softwareId: SW })).json() as MeetingUser[]).map((u) => u.nick);
    expect(await members('Daily standup')).toEqual(['admin', 'agent', 'owner']);
    expect(await members('sales huddle')).toEqual(['admin', 'agent']);
    expect((await send('POST', 'rooms/users', AGENT, { name: 'Sales huddle', softwareId: SW })).statusCode).toBe(403);
    expect((await send('POST', 'rooms/users', ADMIN, { name: 'No such room', softwareId: SW })).statusCode).toBe(404);
  });

  it('F-PERM-02 tenancy: another corp’s rooms and meetings are 404, whatever the body says', async () => {
    const { acme, globex } = t().ids.corp;
    // globex has rooms on (E-ROOM-06 above): its admin sees only its own
    expect((await rooms(GLOBEX)).map((r) => r.name)).toEqual(['Globex hall']);
    expect((await send('POST', 'rooms/users', GLOBEX, { name: 'Daily standup', softwareId: SW })).statusCode).toBe(404);
    expect((await send('PUT', 'rooms', GLOBEX, { name: 'Daily standup', newName: 'Taken over', softwareId: SW, userOption: 'allUsers', userId: [] })).statusCode).toBe(404);
    expect((await send('DELETE', 'rooms', GLOBEX, { name: 'Daily standup', softwareId: SW })).statusCode).toBe(404);
    expect((await send('DELETE', 'rooms', GLOBEX, { name: 'Daily standup', corpId: acme, softwareId: SW })).statusCode).toBe(404);
    expect((await t().get(`/api/v1/meet/rooms?corpId=${acme}&softwareId=${SW}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get(`/api/v1/meet/rooms?corpId=${globex}&softwareId=${SW}`, ADMIN)).statusCode).toBe(404);
    expect((await send('POST', 'DateRooms/rooms-from-date', GLOBEX, { date: todayUtc(), softwareId: SW })).json()).toEqual([]);
    expect((await send('DELETE', 'DateRooms/', GLOBEX, { name: 'Team standup', softwareId: SW })).statusCode).toBe(404);
    expect((await send('POST', 'DateRooms/date-rooms', GLOBEX, { name: 'Quarterly review', softwareId: SW })).statusCode).toBe(404);
    // the same name in two corps is no conflict
    expect((await send('POST', 'rooms', GLOBEX, { name: 'Daily standup', softwareId: SW, userOption: 'allUsers', userId: [] })).statusCode).toBe(201);
    expect((await rooms(ADMIN)).find((r) => r.name === 'Daily standup')!.link).toBe(`${acme}/1/2/Daily%20standup`);
  });

  it('E-CAL-17 E-MEET-03 meetings from a date, sorted by start, with id, name, fromDate, toDate, src, userOption, creator, topic; level 4 sees its own', async () => {
    const admin = await meetingsFrom(ADMIN);
    expect(admin.map((m) => m.name)).toEqual(['Team standup', 'Sales pipeline review', 'Queue planning', 'Quarterly review']);
    const starts = admin.map((m) => Date.parse(m.fromDate));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(Object.keys(admin[0]).sort()).toEqual(['creator', 'creatorId', 'fromDate', 'id', 'name', 'roomId', 'selectedUsers', 'src', 'toDate', 'topic', 'userOption'].sort());
    expect(admin[0]).toMatchObject({ creator: 'admin', userOption: 'allUsers' });
    // the agent is not in the quarterly review
    expect((await meetingsFrom(AGENT)).map((m) => m.name)).toEqual(['Team standup', 'Sales pipeline review', 'Queue planning']);
    // one UTC day: tomorrow's planning only
    const tomorrow = await send('POST', 'DateRooms/rooms-by-date', ADMIN, { date: at(1, 0).slice(0, 10), softwareId: SW });
    expect((tomorrow.json() as MeetingRow[]).map((m) => m.name)).toContain('Queue planning');
    expect((tomorrow.json() as MeetingRow[]).map((m) => m.name)).not.toContain('Quarterly review');
  });

  it('E-CAL-18 E-CAL-07 a meeting’s participants, for levels 1-3 only', async () => {
    const res = await send('POST', 'DateRooms/date-rooms', ADMIN, { name: 'Quarterly review', softwareId: SW });
    expect((res.json() as MeetingUser[]).map((u) => u.nick)).toEqual(['admin', 'owner']);
    expect((await send('POST', 'DateRooms/date-rooms', AGENT, { name: 'Queue planning', softwareId: SW })).statusCode).toBe(403);
  });

  it('E-CAL-09 E-CAL-19 E-CAL-22 any user creates a meeting, as its creator; link {host}/{softwareId}/{corpId}/1/{name}', async () => {
    await t().db.update(parameter).set({ value: 'https://meet.example.com/' }).where(eq(parameter.key, MEETING_HOST_PARAM));
    try {
      const res = await send('POST', 'DateRooms/create', AGENT, meeting('Agent sync', { userOption: 'selectUser', userIds: [t().ids.user.admin], roomId: null }));
      expect(res.statusCode).toBe(201);
      const row = res.json() as MeetingRow;
      expect(row).toMatchObject({ name: 'Agent sync', topic: 'About Agent sync', creator: 'agent', creatorId: t().ids.user.agent, userOption: 'selectUser', selectedUsers: [t().ids.user.admin] });
      expect(row.src).toBe(`https://meet.example.com/1/${t().ids.corp.acme}/1/Agent%20sync`);
      expect(row.fromDate).toBe(at(1, 9));
      expect((await send('POST', 'DateRooms/create', ADMIN, meeting('agent SYNC'))).statusCode).toBe(406);
      expect((await send('POST', 'DateRooms/create', CALLERS.wall, meeting('Wall sync'))).statusCode).toBe(403);
    } finally {
      await t().db.update(parameter).set({ value: '' }).where(eq(parameter.key, MEETING_HOST_PARAM));
    }
  });

  it('E-CAL-12 E-CAL-13 E-CAL-14 required fields; the day not before today (UTC); start before end (dateBeforeNow)', async () => {
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, { softwareId: SW })).sort()).toEqual(
      ['end:validation.required', 'name:validation.required', 'start:validation.required', 'topic:validation.required', 'userOption:validation.required'].sort(),
    );
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, meeting('Yesterday', { start: at(-1, 9), end: at(-1, 10) })))).toEqual(['start:validation.dateBeforeNow']);
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, meeting('Backwards', { start: at(1, 10), end: at(1, 9) })))).toEqual(['end:validation.dateBeforeNow']);
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, meeting('Empty', { start: at(1, 10), end: at(1, 10) })))).toEqual(['end:validation.dateBeforeNow']);
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, meeting('Nobody', { userOption: 'selectUser', userIds: [] })))).toEqual(['userIds:validation.usersError']);
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, meeting('Wall too', { userOption: 'selectUser', userIds: [t().ids.user.wall] })))).toEqual(['userIds.0:validation.option']);
    expect(issuesOf(await send('POST', 'DateRooms/create', AGENT, meeting('No room', { roomId: 999999 })))).toEqual(['roomId:validation.option']);
    // earlier today is still today (UTC)
    const early = new Date();
    early.setUTCHours(0, 0, 1, 0);
    const res = await send('POST', 'DateRooms/create', AGENT, meeting('Early today', { start: early.toISOString(), end: new Date(early.getTime() + 60_000).toISOString() }));
    expect(res.statusCode).toBe(201);
  });

  it('E-CAL-08 E-CAL-20 E-CAL-21 only the creator edits or deletes a meeting', async () => {
    const edit = (as: Caller, roomOld: string, roomNew: Record<string, unknown>, listUser: number[] = []) =>
      send('PUT', 'DateRooms/edit', as, { roomOld, roomNew: { name: roomOld, topic: 'Changed', start: at(2, 9), end: at(2, 11), userOption: 'allUsers', ...roomNew }, listUser, softwareId: SW, corpId: t().ids.corp.acme, creator: 'admin' });
    const foreign = await edit(ADMIN, 'Agent sync', {});
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ message: 'errors.notCreator' });
    const mine = await edit(AGENT, 'agent sync', { name: 'Agent sync moved', userOption: 'selectUser' }, [t().ids.user.owner]);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ name: 'Agent sync moved', topic: 'Changed', fromDate: at(2, 9), toDate: at(2, 11), creator: 'agent', selectedUsers: [t().ids.user.owner] });
    expect(issuesOf(await edit(AGENT, 'Agent sync moved', { start: at(-2, 9), end: at(-2, 10) }))).toEqual(['roomNew.start:validation.dateBeforeNow']);
    expect((await edit(AGENT, 'Agent sync moved', { name: 'Team standup' })).statusCode).toBe(406);
    // a level 4 who is not in a meeting does not see it at all
    expect((await edit(AGENT, 'Quarterly review', {})).statusCode).toBe(404);

    expect((await send('DELETE', 'DateRooms/', ADMIN, { name: 'Agent sync moved', softwareId: SW })).statusCode).toBe(403);
    expect((await send('DELETE', 'DateRooms/', AGENT, { name: 'Agent sync moved', softwareId: SW })).statusCode).toBe(200);
    expect((await send('DELETE', 'DateRooms/', AGENT, { name: 'Agent sync moved', softwareId: SW })).statusCode).toBe(404);
    expect((await meetingsFrom(ADMIN)).map((m) => m.name)).not.toContain('Agent sync moved');
  });

  it('E-ROOM-17 deleting a room keeps the meetings held in it (without a room)', async () => {
    const created = await send('POST', 'rooms', ADMIN, { name: 'Short lived', softwareId: SW, userOption: 'allUsers', userId: [] });
    const roomId = (created.json() as RoomRow).id;
    expect((await send('POST', 'DateRooms/create', ADMIN, meeting('In short lived', { roomId }))).statusCode).toBe(201);
    expect((await send('DELETE', 'rooms', ADMIN, { name: 'Short lived', softwareId: SW })).statusCode).toBe(200);
    const row = (await meetingsFrom(ADMIN)).find((m) => m.name === 'In short lived');
    expect(row).toMatchObject({ roomId: null });
  });
});
