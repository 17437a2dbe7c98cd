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
  meetingResource,
  MEETING_SOFTWARE_ID,
  roomCreateSchema,
  roomListQuery,
  roomResource,
  roomUpdateSchema,
  utcDay,
  type Level,
  type MeetingBody,
  type RoomBody,
} from '../../domain';
import { CEILING } from '../../domain/level-ceilings';
import { principalOf, requireLevel, type Guard } from '../auth/guard';
import type { AppContext, Principal } from '../context';
import { dataOf, type CorpData } from '../crud/tenant';
import { corp } from '../db/schema';
import { ApiFailure, forbidden, invalid, notFound } from '../errors';
import { lookupBinding } from '../resources';
import { participants } from '../resources/meeting-people';
import { listMeetings, listRooms, meetingByName, meetingMembers, roomByName, roomMembers, serviceOn } from './meetings-data';

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
 *
 * Rooms and meetings are resources of the registry (J-ONE-02): every write here is their pipeline's
 * (app.specRouted: validation, tenancy, the creator guard, one transaction with the participants,
 * change events, 406 on a duplicate name), and registering a corp is the corp pipeline's write of its
 * roomEnabled. These routes map the spec's calls onto them: a row named by its name, the spec's body
 * names, and the spec's field paths in a refusal.
 */
export async function meetingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['meetings'];
  /** levels 1-4 (level 5: 403), and the service on */
  const member = available(ctx, requireLevel(ctx, CEILING.meetings));
  const manager = available(ctx, requireLevel(ctx, CEILING.meetingsManage));
  const supervisor = available(ctx, requireLevel(ctx, CEILING.meetingService));
  const { room: rooms, meeting: meetings } = app.specRouted;
  const corps = app.pipelines.get('corp')!;
  /** a write of a room or meeting: the level ceiling its definition declares (level-ceilings.ts), and the service on */
  const writes = (definition: { levels: Record<'create' | 'update' | 'delete', Level> }, action: 'create' | 'update' | 'delete') => available(ctx, requireLevel(ctx, definition.levels[action]));

  /** The corp the request works in: registered with the service, named by the body if at all. */
  async function roomsCorp(request: FastifyRequest, named: { corpId?: number; softwareId: number }): Promise<{ data: CorpData; principal: Principal }> {
    const principal = principalOf(request);
    const data = dataOf(ctx.db, principal, lookupBinding);
    if (data.corpId === null) throw new ApiFailure(400, 'errors.workingCorpRequired');
    if (named.corpId !== undefined && named.corpId !== data.corpId) throw notFound();
    softwareOf(named.softwareId);
    const [row] = await ctx.db.select({ roomEnabled: corp.roomEnabled }).from(corp).where(eq(corp.id, data.corpId)).limit(1);
    if (!row) throw notFound();
    if (!row.roomEnabled) throw forbidden('errors.roomsDisabled');
    return { data, principal };
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

  /** the corp's rooms switch, written through the corp's pipeline (only that field changes; the corp's change event follows) */
  async function setRooms(request: FastifyRequest, corpId: number, on: boolean): Promise<void> {
    await namedCorp(request, corpId);
    // the rooms and meetings stay: switching rooms on again brings them back
    await corps.update(principalOf(request), corpId, { roomEnabled: on }, { only: ['roomEnabled'] });
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

  r.post('/meet/rooms', { schema: { tags, summary: 'Creates a room (E-ROOM-15; levels 1-3)', body: roomCreateSchema }, onRequest: writes(roomResource, 'create') }, async (request, reply) => {
    const { principal } = await roomsCorp(request, request.body);
    const { name, userOption, userId } = request.body;
    const { row } = await onWire(ROOM_PATHS, () => rooms.create(principal, { name, userOption, userIds: userId } satisfies RoomBody));
    return reply.code(201).send(row);
  });

  r.put('/meet/rooms', { schema: { tags, summary: 'Renames a room and sets its participants (E-ROOM-16; levels 1-3)', body: roomUpdateSchema }, onRequest: writes(roomResource, 'update') }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    const room = await roomByName(data, request.body.name);
    const { newName, userOption, userId } = request.body;
    return onWire(ROOM_PATHS, () => rooms.update(principal, room.id, { name: newName, userOption, userIds: userId } satisfies RoomBody));
  });

  r.delete('/meet/rooms', { schema: { tags, summary: 'Deletes a room by name (E-ROOM-17; levels 1-3)', body: byNameSchema }, onRequest: writes(roomResource, 'delete') }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    const room = await roomByName(data, request.body.name);
    await rooms.remove(principal, room.id);
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

  r.post('/meet/DateRooms/create', { schema: { tags, summary: 'Creates a meeting; the caller is its creator (E-CAL-09/19)', body: meetingCreateSchema() }, onRequest: writes(meetingResource, 'create') }, async (request, reply) => {
    const { principal } = await roomsCorp(request, request.body);
    const { name, topic, start, end, userOption, roomId, userIds } = request.body;
    const { row } = await meetings.create(principal, { name, topic, start, end, userOption, roomId: roomId ?? null, userIds } satisfies MeetingBody);
    return reply.code(201).send(row);
  });

  r.put('/meet/DateRooms/edit', { schema: { tags, summary: 'Edits a meeting: its creator only (E-CAL-08/20)', body: meetingEditSchema() }, onRequest: writes(meetingResource, 'update') }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    const existing = await meetingByName(data, principal, request.body.roomOld);
    const { name, topic, start, end, userOption, roomId } = request.body.roomNew;
    // the creator guard (E-CAL-08, 403 errors.notCreator) is the binding's, before the body is read
    const body = { name, topic, start, end, userOption, roomId: roomId ?? null, userIds: request.body.listUser } satisfies MeetingBody;
    return onWire(EDIT_PATHS, () => meetings.update(principal, existing.id, body));
  });

  r.delete('/meet/DateRooms/', { schema: { tags, summary: 'Deletes a meeting by name: its creator only (E-CAL-08/21)', body: byNameSchema }, onRequest: writes(meetingResource, 'delete') }, async (request) => {
    const { data, principal } = await roomsCorp(request, request.body);
    const existing = await meetingByName(data, principal, request.body.name);
    // E-CAL-08: the binding's guard refuses anyone but the creator (403 errors.notCreator)
    await meetings.remove(principal, existing.id);
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

/** The spec's names of the room resource's fields in a refusal (E-ROOM-15/16 send the participants as userId). */
const ROOM_PATHS: Readonly<Record<string, string>> = { userIds: 'userId' };
/** The spec's names of the meeting resource's fields in an edit's refusal (E-CAL-20: roomNew holds the fields, listUser the participants). */
const EDIT_PATHS: Readonly<Record<string, string>> = {
  name: 'roomNew.name',
  topic: 'roomNew.topic',
  start: 'roomNew.start',
  end: 'roomNew.end',
  userOption: 'roomNew.userOption',
  roomId: 'roomNew.roomId',
  userIds: 'listUser',
};

/** A pipeline write whose refused fields are named as the spec's body names them (`userIds.0` → `userId.0`). */
async function onWire<T>(paths: Readonly<Record<string, string>>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ApiFailure) || !error.issues) throw error;
    const wire = (path: string) => {
      const [head, ...rest] = path.split('.');
      return [paths[head] ?? head, ...rest].join('.');
    };
    throw new ApiFailure(error.status, error.message, error.issues.map((issue) => ({ ...issue, path: wire(issue.path) })), error.code);
  }
}
