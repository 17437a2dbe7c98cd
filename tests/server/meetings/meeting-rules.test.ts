import { describe, expect, it } from 'vitest';
import { meetingCreateSchema, meetingDateIssue, meetingLink, meetingStartsSoon, roomCreateSchema, roomLink } from '../../../domain';

/** The pure rules of the meeting service (domain/meetings.ts), shared by the server and the client. */
describe('meeting rules', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('E-ROOM-18 E-CAL-22 link shapes: {corpId}/{softwareId}/2/{name} and {host}/{softwareId}/{corpId}/1/{name}', () => {
    expect(roomLink(2, 1, 'Daily standup')).toBe('2/1/2/Daily%20standup');
    expect(meetingLink('https://meet.example.com/', 1, 2, 'Q&A')).toBe('https://meet.example.com/1/2/1/Q%26A');
    expect(meetingLink('', 1, 2, 'Plan')).toBe('/1/2/1/Plan');
  });

  it('E-CAL-13 E-CAL-14 not before today (UTC), start before end, one message for both', () => {
    expect(meetingDateIssue(new Date('2026-03-10T00:00:00Z'), new Date('2026-03-10T01:00:00Z'), now)).toBeNull();
    expect(meetingDateIssue(new Date('2026-03-09T23:59:59Z'), new Date('2026-03-10T01:00:00Z'), now)).toBe('validation.dateBeforeNow');
    expect(meetingDateIssue(new Date('2026-03-11T10:00:00Z'), new Date('2026-03-11T10:00:00Z'), now)).toBe('validation.dateBeforeNow');
    expect(meetingDateIssue(new Date('2026-03-11T10:00:00Z'), new Date('2026-03-11T09:00:00Z'), now)).toBe('validation.dateBeforeNow');
  });

  it('E-CAL-12 E-ROOM-12 the schemas ask for every field and a participant when selectUser', () => {
    const create = meetingCreateSchema(() => now).safeParse({ softwareId: 1, name: 'Plan', topic: 'x', start: '2026-03-11T10:00:00Z', end: '2026-03-11T11:00:00Z', userOption: 'selectUser', userIds: [] });
    expect(create.success ? [] : create.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['userIds:validation.usersError']);
    expect(roomCreateSchema.safeParse({ name: 'Room', softwareId: 1, userOption: 'allUsers' }).success).toBe(true);
    expect(roomCreateSchema.safeParse({ name: 'a/b c', softwareId: 1, userOption: 'allUsers' }).success).toBe(false);
  });

  it("E-CAL-11 E-MEET-04 J-TZ-01 a meeting starting today (the corp's day) within 30 minutes is flagged", () => {
    expect(meetingStartsSoon('2026-03-10T12:20:00Z', now, 'UTC')).toBe(true);
    expect(meetingStartsSoon('2026-03-10T12:30:00Z', now, 'UTC')).toBe(true);
    expect(meetingStartsSoon('2026-03-10T12:31:00Z', now, 'UTC')).toBe(false);
    expect(meetingStartsSoon('2026-03-10T11:59:00Z', now, 'UTC')).toBe(false);
    expect(meetingStartsSoon('2026-03-11T00:10:00Z', new Date('2026-03-10T23:55:00Z'), 'UTC')).toBe(false);
    // J-TZ-01: today is the corp's: 00:10 UTC on the 11th is still the 10th in São Paulo (21:10)
    expect(meetingStartsSoon('2026-03-11T00:10:00Z', new Date('2026-03-10T23:55:00Z'), 'America/Sao_Paulo')).toBe(true);
    expect(meetingStartsSoon('2026-03-10T18:40:00Z', new Date('2026-03-10T18:20:00Z'), 'Asia/Kolkata')).toBe(false);
  });
});
