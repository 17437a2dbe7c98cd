import { PAGING } from '../../../domain/constants';
import { roomCreateSchema, SOFTWARE_UNAVAILABLE, type RoomRow, type UserOption } from '../../../domain/meetings';
import { filterRows } from '../../ui/table-logic';

/** DOM-free rules of the Rooms screen (E-ROOM-07..12, E-ROOM-19/20). */

/** Rooms per page: 9 by default, 3, 6, 9 or 12 to choose (E-ROOM-07, spec 1 §9). */
export const ROOM_PAGE_SIZES = [3, 6, 9, 12] as const;
export const ROOM_PAGE_SIZE: number = PAGING.rooms;

/** Whether the meeting service is usable: software id -10 means it is not (E-ROOM-02). */
export function serviceAvailable(softwareId: number | undefined): boolean {
  return softwareId !== undefined && softwareId !== SOFTWARE_UNAVAILABLE;
}

/** The rooms whose name holds every word of the search (accents and case ignored). */
export function searchRooms(rooms: readonly RoomRow[], query: string): RoomRow[] {
  return filterRows(rooms, query, (room) => room.name);
}

/**
 * Where Join opens a room (E-ROOM-18): the link as the service gives it when it is an address,
 * otherwise the `{corpId}/{softwareId}/2/{name}` path under this site's origin.
 */
export function joinHref(link: string, origin: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  return `${origin.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`;
}

/**
 * The room form is checked with the domain's own create schema (E-ROOM-11/12): name 4-50 with its
 * messages, the participant option required, 'usersError' on `userId` when specific participants are
 * chosen and none is selected.
 */
export const roomFormSchema = roomCreateSchema;

export interface RoomFormValues {
  name: string;
  softwareId: number;
  /** '' until one is chosen: the option is required */
  userOption: UserOption | '';
  userId: number[];
}

/** The form's start: empty for a new room, the room's values for an edit. */
export function roomFormDefaults(softwareId: number, room?: RoomRow | null): RoomFormValues {
  if (!room) return { name: '', softwareId, userOption: '', userId: [] };
  return { name: room.name, softwareId, userOption: room.userOption, userId: room.userOption === 'selectUser' ? [...room.selectedUsers] : [] };
}

/** Adds or removes one participant, keeping the order in which they were chosen. */
export function toggleUser(selected: readonly number[], id: number, on: boolean): number[] {
  if (on) return selected.includes(id) ? [...selected] : [...selected, id];
  return selected.filter((x) => x !== id);
}

/** The snackbar of a failed save (E-ROOM-19): 'Failed to save Sala', with the server's reason when it names one we know. */
export function saveFailureKeys(status: number, message: string | undefined): string[] {
  const reason = status === 406 ? 'errors.duplicate' : status === 503 ? 'errors.meetingUnavailable' : message && /^errors\.(roomsDisabled|notFound|forbidden)$/.test(message) ? message : null;
  return reason ? ['rooms.saveFailed', reason] : ['rooms.saveFailed'];
}

/**
 * The snackbar of a failed delete (E-ROOM-20): the service answered with an error: 'Failed to delete
 * sala'; no answer at all (network, our client's 500 without a body): 'Error deleting sala'.
 */
export function deleteFailureKey(failure: { status: number; error?: string } | null): string {
  if (!failure || (failure.status === 500 && failure.error === 'Network Error')) return 'rooms.deleteError';
  return 'rooms.deleteFailed';
}
