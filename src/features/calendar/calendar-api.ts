import { queryOptions } from '@tanstack/react-query';
import { SOFTWARE_UNAVAILABLE, type MeetingRow, type MeetingUser } from '../../../domain/meetings';
import { api, isApiFailure } from '../../api/client';
import { meetKey } from '../rooms/rooms-api';
import type { MeetingBody } from './calendar-logic';

/**
 * The meeting service's scheduled-meeting calls, "DateRooms" (spec 1 §7, E-CAL-17..21), under
 * `/api/v1/meet/`. Keys: `['meet', scope, 'meetings', …]`; every meeting mutation invalidates
 * `['meet', scope, 'meetings']` (the calendar, the day view, the detail and the top bar's popup).
 * The software check, the room calls and `meetKey` live in rooms-api.ts.
 */
export function meetingsKey(scope: number | null) {
  return [...meetKey(scope), 'meetings'] as const;
}

const noRetryOnAnswer = (count: number, error: unknown) => !isApiFailure(error) && count < 2;

/**
 * POST DateRooms/rooms-from-date {corpId, softwareId, userId, date} (E-CAL-17): the meetings the user
 * sees from the UTC day `date` on, by start. The corp and the user are the token's.
 */
export function meetingsFromDateQuery(scope: number | null, softwareId: number, date: string, options: { refetchInterval?: number } = {}) {
  return queryOptions({
    queryKey: [...meetingsKey(scope), 'from', softwareId, date],
    queryFn: ({ signal }) => api<MeetingRow[]>('meet/DateRooms/rooms-from-date', { method: 'POST', body: { softwareId, date }, signal }),
    enabled: softwareId !== SOFTWARE_UNAVAILABLE,
    retry: noRetryOnAnswer,
    refetchInterval: options.refetchInterval,
  });
}

/** POST DateRooms/rooms-by-date (E-CAL-17): the meetings of one UTC day (the detail reads its meeting with it). */
export function meetingsByDateQuery(scope: number | null, softwareId: number, date: string) {
  return queryOptions({
    queryKey: [...meetingsKey(scope), 'day', softwareId, date],
    queryFn: ({ signal }) => api<MeetingRow[]>('meet/DateRooms/rooms-by-date', { method: 'POST', body: { softwareId, date }, signal }),
    enabled: softwareId !== SOFTWARE_UNAVAILABLE,
    retry: noRetryOnAnswer,
  });
}

/** POST DateRooms/date-rooms {name, corpId, softwareId} (E-CAL-18): a meeting's participants (levels 1-3). */
export function meetingMembersQuery(scope: number | null, softwareId: number, name: string) {
  return queryOptions({
    queryKey: [...meetingsKey(scope), 'members', softwareId, name],
    queryFn: ({ signal }) => api<MeetingUser[]>('meet/DateRooms/date-rooms', { method: 'POST', body: { name, softwareId }, signal }),
    retry: noRetryOnAnswer,
  });
}

/** POST DateRooms/create {corpId, name, softwareId, start, end, userOption, userIds, creator, topic} (E-CAL-19). */
export function createMeeting(body: MeetingBody): Promise<MeetingRow> {
  return api<MeetingRow>('meet/DateRooms/create', { method: 'POST', body });
}

/** PUT DateRooms/edit {roomNew, roomOld, softwareId, corpId, listUser, creator} (E-CAL-20): `roomOld` names the meeting. */
export function editMeeting(oldName: string, body: MeetingBody): Promise<MeetingRow> {
  const { userIds, softwareId, ...roomNew } = body;
  return api<MeetingRow>('meet/DateRooms/edit', { method: 'PUT', body: { roomOld: oldName, roomNew, listUser: userIds, softwareId } });
}

/** DELETE DateRooms/ with body {corpId, name, softwareId} (E-CAL-21). */
export function deleteMeeting(name: string, softwareId: number): Promise<unknown> {
  return api('meet/DateRooms/', { method: 'DELETE', body: { name, softwareId } });
}
