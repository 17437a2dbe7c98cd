import { describe, expect, it } from 'vitest';
import { canManageRooms, SOFTWARE_UNAVAILABLE, type RoomRow } from '../../../../domain/meetings';
import {
  deleteFailureKey,
  joinHref,
  ROOM_PAGE_SIZE,
  ROOM_PAGE_SIZES,
  roomFormDefaults,
  roomFormSchema,
  saveFailureKeys,
  searchRooms,
  serviceAvailable,
  toggleUser,
} from '../../../../src/features/rooms/rooms-logic';
import { paginate } from '../../../../src/ui/table-logic';

const room = (id: number, name: string, extra: Partial<RoomRow> = {}): RoomRow => ({ id, name, link: `7/1/2/${encodeURIComponent(name)}`, userOption: 'allUsers', selectedUsers: [], ...extra });
const issues = (value: unknown) => {
  const parsed = roomFormSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('rooms screen logic', () => {
  it('E-ROOM-07 nine rooms per page, 3, 6, 9 or 12 to choose; the search finds a room by any words of its name', () => {
    expect(ROOM_PAGE_SIZE).toBe(9);
    expect([...ROOM_PAGE_SIZES]).toEqual([3, 6, 9, 12]);
    const rooms = Array.from({ length: 20 }, (_, i) => room(i + 1, `Room ${i + 1}`));
    expect(paginate(rooms, 0, ROOM_PAGE_SIZE).rows).toHaveLength(9);
    expect(paginate(rooms, 2, ROOM_PAGE_SIZE).rows.map((r) => r.name)).toEqual(['Room 19', 'Room 20']);
    const named = [room(1, 'Daily standup'), room(2, 'Sales huddle'), room(3, 'Board room'), room(4, 'Reunión diaria')];
    expect(searchRooms(named, 'HUDDLE').map((r) => r.name)).toEqual(['Sales huddle']);
    expect(searchRooms(named, 'room board').map((r) => r.name)).toEqual(['Board room']);
    expect(searchRooms(named, 'reunion').map((r) => r.name)).toEqual(['Reunión diaria']);
    expect(searchRooms(named, '  ')).toHaveLength(4);
  });

  it('E-ROOM-09 levels 1-3 manage rooms (as the server), levels 4 and 5 only join', () => {
    expect([1, 2, 3, 4, 5].map((level) => canManageRooms(level as 1 | 2 | 3 | 4 | 5))).toEqual([true, true, true, false, false]);
  });

  it('E-ROOM-02 software id -10 means the service is unavailable', () => {
    expect(serviceAvailable(SOFTWARE_UNAVAILABLE)).toBe(false);
    expect(serviceAvailable(undefined)).toBe(false);
    expect(serviceAvailable(1)).toBe(true);
  });

  it('E-ROOM-18 Join opens the room link {corpId}/{softwareId}/2/{name}; an address is opened as it is', () => {
    expect(joinHref('7/1/2/Daily%20standup', 'http://pbx.example:8080/')).toBe('http://pbx.example:8080/7/1/2/Daily%20standup');
    expect(joinHref('https://meet.example.com/7/1/2/x', 'http://pbx.example')).toBe('https://meet.example.com/7/1/2/x');
  });

  it('E-ROOM-11 E-ROOM-12 the form: name 4-50 with the domain messages, the option required, usersError with nobody selected', () => {
    const base = { name: 'Team room', softwareId: 1, userOption: 'allUsers', userId: [] };
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, name: '' })).toEqual(['name:validation.required']);
    expect(issues({ ...base, name: 'abc' })).toEqual(['name:validation.lengthBetween|{"min":4,"max":50}']);
    expect(issues({ ...base, name: 'x'.repeat(51) })).toEqual(['name:validation.lengthBetween|{"min":4,"max":50}']);
    expect(issues({ ...base, name: 'x'.repeat(50) })).toEqual([]);
    expect(issues({ ...base, userOption: '' })).toEqual(['userOption:validation.required']);
    expect(issues({ ...base, userOption: 'selectUser' })).toEqual(['userId:validation.usersError']);
    expect(issues({ ...base, userOption: 'selectUser', userId: [4] })).toEqual([]);
    expect(issues({ ...base, name: 'abc', userOption: 'selectUser' })).toEqual(['name:validation.lengthBetween|{"min":4,"max":50}', 'userId:validation.usersError']);
  });

  it('E-ROOM-10 the form starts empty for a new room and with the room for an edit', () => {
    expect(roomFormDefaults(1)).toEqual({ name: '', softwareId: 1, userOption: '', userId: [] });
    expect(roomFormDefaults(1, room(3, 'Board room', { userOption: 'selectUser', selectedUsers: [5, 6] }))).toEqual({ name: 'Board room', softwareId: 1, userOption: 'selectUser', userId: [5, 6] });
    expect(roomFormDefaults(1, room(1, 'Daily standup')).userId).toEqual([]);
    expect(toggleUser([5], 6, true)).toEqual([5, 6]);
    expect(toggleUser([5, 6], 6, true)).toEqual([5, 6]);
    expect(toggleUser([5, 6], 5, false)).toEqual([6]);
  });

  it('E-ROOM-19 E-ROOM-20 the save and delete failure messages', () => {
    expect(saveFailureKeys(500, 'errors.server')).toEqual(['rooms.saveFailed']);
    expect(saveFailureKeys(406, 'errors.duplicate')).toEqual(['rooms.saveFailed', 'errors.duplicate']);
    expect(saveFailureKeys(403, 'errors.roomsDisabled')).toEqual(['rooms.saveFailed', 'errors.roomsDisabled']);
    expect(deleteFailureKey({ status: 404, error: 'Not Found' })).toBe('rooms.deleteFailed');
    expect(deleteFailureKey({ status: 500, error: 'Network Error' })).toBe('rooms.deleteError');
    expect(deleteFailureKey(null)).toBe('rooms.deleteError');
  });
});
