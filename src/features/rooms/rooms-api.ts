import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { SOFTWARE_UNAVAILABLE, type MeetingUser, type RoomRow } from '../../../domain/meetings';
import { api, isApiFailure } from '../../api/client';

/**
 * The meeting service's room calls (spec 1 §7, E-ROOM-01/02, E-ROOM-13..17), under `/api/v1/meet/`.
 * Keys: `['meet', scope, …]` (scope: the level 1 working corp, or null); room mutations invalidate
 * `['meet', scope, 'rooms']`. The corp and user of the bodies come from the token on the server; the
 * software id is the one `softwares/check-ip` answered.
 */
const MEET = 'meet';

export function meetKey(scope: number | null) {
  return [MEET, scope] as const;
}

/** 503 from any meet route: the service is off, which the client reads as software id -10 (E-ROOM-02). */
export function isServiceOff(error: unknown): boolean {
  return isApiFailure(error) && error.status === 503;
}

/**
 * POST softwares/check-ip {ip} → data.id (E-ROOM-01); any failure: -10, rooms disabled (E-ROOM-02).
 * No public IP lookup is made: our own backend answers without one (the body's ip is optional).
 */
export function softwareQuery(scope: number | null) {
  return queryOptions({
    queryKey: [...meetKey(scope), 'software'],
    queryFn: async ({ signal }): Promise<{ id: number; failedStatus: number | null }> => {
      try {
        const answer = await api<{ data?: { id?: unknown } }>('meet/softwares/check-ip', { method: 'POST', body: {}, signal });
        const id = answer?.data?.id;
        return typeof id === 'number' ? { id, failedStatus: null } : { id: SOFTWARE_UNAVAILABLE, failedStatus: 500 };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return { id: SOFTWARE_UNAVAILABLE, failedStatus: isApiFailure(error) ? error.status : 500 };
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Marks the service unavailable in the cache after a 503 from a later call (the screen shows its disabled state). */
export function markServiceOff(queryClient: QueryClient, scope: number | null): void {
  queryClient.setQueryData(softwareQuery(scope).queryKey, { id: SOFTWARE_UNAVAILABLE, failedStatus: 503 });
}

/** GET rooms?corpId,softwareId,userId (E-ROOM-13): the corp and user are the token's. */
export function roomsQuery(scope: number | null, softwareId: number) {
  return queryOptions({
    queryKey: [...meetKey(scope), 'rooms', 'list', softwareId],
    queryFn: async ({ signal }) => (await api<{ rooms: RoomRow[] }>(`meet/rooms?softwareId=${softwareId}`, { signal })).rooms,
    enabled: softwareId !== SOFTWARE_UNAVAILABLE,
    retry: (count, error) => !isApiFailure(error) && count < 2,
  });
}

/** GET users: who may be a participant (levels 2-4 of the corp, E-CAL-10). */
export function participantsQuery(scope: number | null, softwareId: number) {
  return queryOptions({
    queryKey: [...meetKey(scope), 'users', softwareId],
    queryFn: ({ signal }) => api<MeetingUser[]>(`meet/users?softwareId=${softwareId}`, { signal }),
    staleTime: 60_000,
  });
}

/** POST rooms/users {name, corpId, softwareId} (E-ROOM-14): a room's members, levels 1-3. */
export function membersQuery(scope: number | null, softwareId: number, name: string) {
  return queryOptions({
    queryKey: [...meetKey(scope), 'rooms', 'members', softwareId, name],
    queryFn: ({ signal }) => api<MeetingUser[]>('meet/rooms/users', { method: 'POST', body: { name, softwareId }, signal }),
  });
}

export interface RoomBody {
  name: string;
  softwareId: number;
  userOption: 'allUsers' | 'selectUser';
  userId: number[];
}

/** POST rooms {name, corpId, softwareId, userId[]} (E-ROOM-15), with the participant option. */
export function createRoom(body: RoomBody): Promise<RoomRow> {
  return api<RoomRow>('meet/rooms', { method: 'POST', body });
}

/** PUT rooms {name, newName, corpId, softwareId, userId[]} (E-ROOM-16): `name` names the room. */
export function updateRoom(oldName: string, body: RoomBody): Promise<RoomRow> {
  return api<RoomRow>('meet/rooms', { method: 'PUT', body: { ...body, name: oldName, newName: body.name } });
}

/** DELETE rooms with body {name, corpId, softwareId} (E-ROOM-17). */
export function deleteRoom(name: string, softwareId: number): Promise<unknown> {
  return api('meet/rooms', { method: 'DELETE', body: { name, softwareId } });
}
