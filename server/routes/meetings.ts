import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  byNameSchema,
  checkCorpSchema,
  checkIpSchema,
  corpQuery,
  corpRegisterSchema,
  meetingCreateSchema,
  meetingDateQuery,
  meetingEditSchema,
  MEETING_SOFTWARE_ID,
  roomCreateSchema,
  roomListQuery,
  roomUpdateSchema,
  utcDay,
} from '../../domain';
import { CEILING } from '../../domain/level-ceilings';
import { principalOf, requireLevel, type Guard } from '../auth/guard';
import type { AppContext, Principal } from '../context';
import { dataOf, type CorpData } from '../crud/tenant';
import { corp } from '../db/schema';
import { ApiFailure, forbidden, invalid, notFound } from '../errors';
import { lookupBinding } from '../resources';
import {
  checkParticipants,
  checkRoomId,
  deleteMeeting,
  deleteRoom,
  listMeetings,
  listRooms,
  meetingByName,
  meetingMembers,
  meetingRow,
  participants,
  roomByName,
  roomMembers,
  roomRow,
  saveMeeting,
  saveRoom,
  serviceOn,
} from './meetings-data';

/**
 * Callboard's own meeting service (issue 11): the calls of spec 1 §7 "Meeting service" on our backend,
 * under `/api/v1/meet/` with the spec's paths and bodies (E-ROOM-01..17, E-CAL-17..21, C-CORP-15/16).
 *
 * Who: levels 1-4 use rooms and meetings (level 5 is panel-only: 403); only levels 1-3 create, edit and
 * delete rooms and read member lists (E-ROOM-09, E-CAL-07; "level 3" read as "level 3 and above", as
 * every level-3 right in Callboard); a meeting is edited or deleted by its creator only (E-CAL-08);
 * only level 1 registers a corp with the service or removes it (C-CORP-15/16). A supervisor works in its
 * working corp (`x-working-corp`; none: 400 errors.workingCorpRequired).
 *
 * Tenancy: the corp is the token's (or the working corp); a `corpId` a body or query names must be it,
 * else 404 like any row of another corp; `userId` and `creator` of the spec's bodies are the token's
 * user whatever they say. A corp not registered (rooms off) gets 403 errors.roomsDisabled; the
 * service switched off (system parameter `meetingservice` = no) gets 503 errors.meetingUnavailable,
 * which a client reads as software id -10 (E-ROOM-02).
 */
export async function meetingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['meetings'];
  /** levels 1-4 (level 5: 403), and the service on */
  const member = available(ctx, requireLevel(ctx, CEILING.meetings));
  const manager = available(ctx, requireLevel(ctx, CEILING.meetingsManage));
  const supervisor = available(ctx, requireLevel(ctx, CEILING.meetingService));

  /** The corp the request works in: registered with the service, named by the body if at all. */
  async function roomsCorp(request: FastifyRequest, named: { corpId?: number; softwareId: number }): Promise<{ data: CorpData; corpId: number; principal: Principal }> {
    const principal = principalOf(request);
    const data = dataOf(ctx.db, principal, lookupBinding);
    if (data.corpId === null) throw new ApiFailure(400, 'errors.workingCorpRequired');
    if (named.corpId !== undefined && named.corpId !== data.corpId) throw notFound();
    softwareOf(named.softwareId);
    const [row] = await ctx.db.select({ roomEnabled: corp.roomEnabled }).from(corp).where(eq(corp.id, data.corpId)).limit(1);
    if (!row) throw notFound();
    if (!row.roomEnabled) throw forbidden('errors.roomsDisabled');
    return { data, corpId: data.corpId, principal };
  }

  /** A corp the caller may name (E-ROOM-03/04/06): level 1 any, others their own; another corp or none: 404. */
  async function namedCorp(request: FastifyRequest, corpId: number): Promise<{ roomEnabled: boolean }> {
    const scope = dataOf(ctx.db, principalOf(request), lookupBinding).corpId;
    if (scope !== null && scope !== corpId) throw notFound();
    const [row] = await ctx.db.select({ roomEnabled: corp.roomEnabled }).from(corp).where(eq(corp.id, corpId)).limit(1);
    if (!row) throw notFound();
    return row;
  }

  // ---- software and corp (E-ROOM-01..06, C-CORP-15/16) ---------------------------------------------

  r.post('/meet/softwares/check-ip', { schema: { tags, summary: 'Our software id in the meeting service (E-ROOM-01/02)', body: checkIpSchema.optional() }, onRequest: member }, async () => ({
    data: { id: MEETING_SOFTWARE_ID },
  }));

  r.post('/meet/corps/check-corpId', { schema: { tags, summary: 'Whether a corp is registered: success enables rooms (E-ROOM-03)', body: checkCorpSchema }, onRequest: member }, async (request) => {
    const found = await namedCorp(request, request.body.corpId);
    if (!found.roomEnabled) throw forbidden('errors.roomsDisabled');
    return { corpId: request.body.corpId, exist: true };
  });

  r.get('/meet/corps/corps/permitRooms', { schema: { tags, summary: 'Whether a corp may use rooms (E-ROOM-04)', querystring: corpQuery }, onRequest: member }, async (request) => {
    softwareOf(request.query.softwareId);
    const found = await namedCorp(request, request.query.corpId);
    return { corpId: request.query.corpId, exist: found.roomEnabled };
  });

  r.post('/meet/corps', { schema: { tags, summary: 'Registers a corp with the meeting service: rooms on (E-ROOM-06, C-CORP-15)', body: corpRegisterSchema }, onRequest: supervisor }, async (request, reply) => {
    softwareOf(request.body.softwareId);
    await setRooms(request, request.body.corpId, true);
    return reply.code(201).send({ corpId: request.body.corpId, exist: true });
  });

  r.delete('/meet/corps/corps', { schema: { tags, summary: 'Removes a corp from the meeting service: rooms off (E-ROOM-06, C-CORP-16)', querystring: corpQuery }, onRequest: supervisor }, async (request) => {
    softwareOf(request.query.softwareId);
    await setRooms(request, request.query.corpId, false);
    return { corpId: request.query.corpId, exist: false };
  });

  async function setRooms(request: FastifyRequest, corpId: number, on: boolean): Promise<void> {
    await namedCorp(request, corpId);
    // the rooms and meetings stay: switching rooms on again brings them back
    await ctx.db.update(corp).set({ roomEnabled: on }).where(eq(corp.id, corpId));
  }

  // ---- rooms (E-ROOM-09..17) -----------------------------------------------------------------------

  r.get('/meet/users', { schema: { tags, summary: 'Who can be a participant: levels 2-4 of the corp (E-CAL-10)', querystring: z.object({ softwareId: z.coerce.number().int().optional() }) }, onRequest: member }, async (request) => {
    const { data } = await roomsCorp(request, { softwareId: request.query.softwareId ?? MEETING_SOFTWARE_ID });
    return participants(data);
  });

  r.get('/meet/rooms', { schema: { tags, summary: "The corp's rooms the user sees (E-ROOM-13)", querystring: roomListQuery }, onRequest: member }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.query);
    return { rooms: await listRooms(data, principal) };
  });

  r.post('/meet/rooms/users', { schema: { tags, summary: "A room's members (E-ROOM-14; levels 1-3)", body: byNameSchema }, onRequest: manager }, async (request) => {
    const { data } = await roomsCorp(request, request.body);
    return roomMembers(data, await roomByName(data, request.body.name));
  });

  r.post('/meet/rooms', { schema: { tags, summary: 'Creates a room (E-ROOM-15; levels 1-3)', body: roomCreateSchema }, onRequest: manager }, async (request, reply) => {
    const { data, corpId } = await roomsCorp(request, request.body);
    const allUsers = request.body.userOption === 'allUsers';
    const users = allUsers ? [] : await checkParticipants(data, request.body.userId, 'userId');
    const id = await saveRoom(data, corpId, null, { name: request.body.name, allUsers, users });
    return reply.code(201).send(await roomRow(data, id));
  });

  r.put('/meet/rooms', { schema: { tags, summary: 'Renames a room and sets its participants (E-ROOM-16; levels 1-3)', body: roomUpdateSchema }, onRequest: manager }, async (request) => {
    const { data, corpId } = await roomsCorp(request, request.body);
    const room = await roomByName(data, request.body.name);
    const allUsers = request.body.userOption === 'allUsers';
    const users = allUsers ? [] : await checkParticipants(data, request.body.userId, 'userId');
    await saveRoom(data, corpId, room.id, { name: request.body.newName, allUsers, users });
    return roomRow(data, room.id);
  });

  r.delete('/meet/rooms', { schema: { tags, summary: 'Deletes a room by name (E-ROOM-17; levels 1-3)', body: byNameSchema }, onRequest: manager }, async (request) => {
    const { data } = await roomsCorp(request, request.body);
    const room = await roomByName(data, request.body.name);
    await deleteRoom(data, room.id);
    return { status: 200 };
  });

  // ---- scheduled meetings, "date rooms" (E-CAL-08..22) ----------------------------------------------

  r.post('/meet/DateRooms/rooms-from-date', { schema: { tags, summary: 'The meetings from a UTC day on, by start (E-CAL-17, E-MEET-03)', body: meetingDateQuery }, onRequest: member }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    return listMeetings(data, principal, dayStart(request.body.date));
  });

  r.post('/meet/DateRooms/rooms-by-date', { schema: { tags, summary: 'The meetings of one UTC day, by start (E-CAL-17)', body: meetingDateQuery }, onRequest: member }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    const from = dayStart(request.body.date);
    return listMeetings(data, principal, from, new Date(from.getTime() + 86_400_000));
  });

  r.post('/meet/DateRooms/date-rooms', { schema: { tags, summary: "A meeting's participants (E-CAL-18; levels 1-3, E-CAL-07)", body: byNameSchema }, onRequest: manager }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    return meetingMembers(data, await meetingByName(data, principal, request.body.name));
  });

  r.post('/meet/DateRooms/create', { schema: { tags, summary: 'Creates a meeting; the caller is its creator (E-CAL-09/19)', body: meetingCreateSchema() }, onRequest: member }, async (request, reply) => {
    const { data, corpId, principal } = await roomsCorp(request, request.body);
    const body = request.body;
    const allUsers = body.userOption === 'allUsers';
    const users = allUsers ? [] : await checkParticipants(data, body.userIds, 'userIds');
    const roomId = await checkRoomId(data, body.roomId, 'roomId');
    const id = await saveMeeting(data, corpId, null, principal.userId, { name: body.name, topic: body.topic, start: body.start, end: body.end, allUsers, roomId, users });
    return reply.code(201).send(await meetingRow(data, id));
  });

  r.put('/meet/DateRooms/edit', { schema: { tags, summary: 'Edits a meeting: its creator only (E-CAL-08/20)', body: meetingEditSchema() }, onRequest: member }, async (request) => {
    const { data, corpId, principal } = await roomsCorp(request, request.body);
    const existing = await meetingByName(data, principal, request.body.roomOld);
    if (existing.creatorId !== principal.userId) throw forbidden('errors.notCreator');
    const next = request.body.roomNew;
    const allUsers = next.userOption === 'allUsers';
    const users = allUsers ? [] : await checkParticipants(data, request.body.listUser, 'listUser');
    const roomId = await checkRoomId(data, next.roomId, 'roomNew.roomId');
    await saveMeeting(data, corpId, existing.id, principal.userId, { name: next.name, topic: next.topic, start: next.start, end: next.end, allUsers, roomId, users });
    return meetingRow(data, existing.id);
  });

  r.delete('/meet/DateRooms/', { schema: { tags, summary: 'Deletes a meeting by name: its creator only (E-CAL-08/21)', body: byNameSchema }, onRequest: member }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    const existing = await meetingByName(data, principal, request.body.name);
    if (existing.creatorId !== principal.userId) throw forbidden('errors.notCreator');
    await deleteMeeting(data, existing.id);
    return { status: 200 };
  });
}

/** The guard, then the service switch (after it: an anonymous or forbidden caller learns nothing). */
function available(ctx: AppContext, guard: Guard): Guard {
  return async (request) => {
    await guard(request);
    if (!(await serviceOn(ctx.db))) throw new ApiFailure(503, 'errors.meetingUnavailable');
  };
}

/** The software id of a call must be ours (any other: the service does not know it, 400). */
function softwareOf(softwareId: number): void {
  if (softwareId !== MEETING_SOFTWARE_ID) throw invalid([{ path: 'softwareId', message: 'validation.option' }]);
}

/** The start of the UTC day of a date or instant. */
function dayStart(date: string): Date {
  return new Date(`${utcDay(new Date(date))}T00:00:00.000Z`);
}
