import { describe, expect, it } from 'vitest';
import type { MeetingRow } from '../../domain/meetings';
import { checkMeetingForm, meetingFailureKeys, meetingFormDefaults, meetingIssueField, type MeetingFormValues } from '../../src/features/calendar/calendar-logic';
import { showsMeetingsPopup } from '../../src/features/calendar/meetings-popup';

const now = new Date(2026, 10, 26, 10, 0);
const valid: MeetingFormValues = {
  name: 'Planning',
  topic: 'Next quarter',
  date: '2026-11-27',
  startTime: '09:00',
  endTime: '10:00',
  roomId: '',
  userOption: 'allUsers',
  userIds: [],
};

describe('meeting form', () => {
  it('E-CAL-12 topic, description, date, start, end and the participant option are required, all shown at once', () => {
    const result = checkMeetingForm({ name: '', topic: '', date: '', startTime: '', endTime: '', roomId: '', userOption: '', userIds: [] }, 1, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'validation.required',
      topic: 'validation.required',
      date: 'validation.required',
      startTime: 'validation.required',
      endTime: 'validation.required',
      userOption: 'validation.required',
    });
  });

  it('E-CAL-13 the date may not be before today (UTC): dateBeforeNow on the date', () => {
    const result = checkMeetingForm({ ...valid, date: '2026-11-20' }, 1, now);
    expect(result).toEqual({ ok: false, errors: { date: 'validation.dateBeforeNow' } });
  });

  it('E-CAL-14 the start must be before the end: the same dateBeforeNow, on the end time', () => {
    expect(checkMeetingForm({ ...valid, startTime: '11:00', endTime: '10:00' }, 1, now)).toEqual({ ok: false, errors: { endTime: 'validation.dateBeforeNow' } });
    expect(checkMeetingForm({ ...valid, startTime: '10:00', endTime: '10:00' }, 1, now)).toEqual({ ok: false, errors: { endTime: 'validation.dateBeforeNow' } });
    // shown together with another field's error (zod skips refinements once a field failed)
    const both = checkMeetingForm({ ...valid, name: '', startTime: '11:00', endTime: '10:00' }, 1, now);
    expect(both.ok === false && both.errors).toEqual({ name: 'validation.required', endTime: 'validation.dateBeforeNow' });
  });

  it("E-CAL-12 selectUser with nobody: 'usersError'", () => {
    expect(checkMeetingForm({ ...valid, userOption: 'selectUser' }, 1, now)).toEqual({ ok: false, errors: { userIds: 'validation.usersError' } });
    const both = checkMeetingForm({ ...valid, topic: '', userOption: 'selectUser' }, 1, now);
    expect(both.ok === false && both.errors).toEqual({ topic: 'validation.required', userIds: 'validation.usersError' });
  });

  it('E-CAL-16 E-CAL-19 a valid form gives the create body: instants, the option, the users only with selectUser, the room', () => {
    const result = checkMeetingForm({ ...valid, roomId: '4', userOption: 'selectUser', userIds: [3, 5] }, 1, now);
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Planning',
        topic: 'Next quarter',
        start: new Date(2026, 10, 27, 9, 0).toISOString(),
        end: new Date(2026, 10, 27, 10, 0).toISOString(),
        userOption: 'selectUser',
        userIds: [3, 5],
        roomId: 4,
        softwareId: 1,
      },
    });
    const all = checkMeetingForm({ ...valid, userIds: [3] }, 1, now);
    expect(all.ok && all.body.userIds).toEqual([]);
    expect(all.ok && all.body.roomId).toBeNull();
  });

  it('E-CAL-15 server issues of create and edit land on the form fields', () => {
    expect(meetingIssueField('start')).toBe('date');
    expect(meetingIssueField('end')).toBe('endTime');
    expect(meetingIssueField('roomNew.name')).toBe('name');
    expect(meetingIssueField('roomNew.end')).toBe('endTime');
    expect(meetingIssueField('roomNew.roomId')).toBe('roomId');
    expect(meetingIssueField('listUser')).toBe('userIds');
    expect(meetingIssueField('userIds.0')).toBe('userIds');
    expect(meetingIssueField('softwareId')).toBeNull();
  });

  it('E-CAL-15 a failure shows the default error, with a reason we know', () => {
    expect(meetingFailureKeys(500, undefined)).toEqual(['errors.default']);
    expect(meetingFailureKeys(400, 'errors.validation')).toEqual(['errors.default']);
    expect(meetingFailureKeys(406, undefined)).toEqual(['errors.default', 'errors.duplicate']);
    expect(meetingFailureKeys(403, 'errors.notCreator')).toEqual(['errors.default', 'errors.notCreator']);
    expect(meetingFailureKeys(503, 'errors.meetingUnavailable')).toEqual(['errors.default', 'errors.meetingUnavailable']);
  });

  it('E-CAL-16 an edit starts from the meeting; a slot gives the start and one interval', () => {
    const start = new Date(2026, 10, 27, 14, 30);
    const meeting: MeetingRow = {
      id: 1,
      name: 'Review',
      topic: 'Spend',
      fromDate: start.toISOString(),
      toDate: new Date(start.getTime() + 45 * 60_000).toISOString(),
      src: '/1/2/1/Review',
      userOption: 'selectUser',
      creator: 'admin',
      creatorId: 2,
      roomId: 3,
      selectedUsers: [4],
    };
    expect(meetingFormDefaults(meeting)).toEqual({ name: 'Review', topic: 'Spend', date: '2026-11-27', startTime: '14:30', endTime: '15:15', roomId: '3', userOption: 'selectUser', userIds: [4] });
    expect(meetingFormDefaults(null, { day: new Date(2026, 10, 28), minute: 9 * 60 + 30, interval: 15 })).toMatchObject({ date: '2026-11-28', startTime: '09:30', endTime: '09:45', userOption: '' });
    expect(meetingFormDefaults(null, { day: new Date(2026, 10, 28), minute: 23 * 60 + 30, interval: 60 })).toMatchObject({ startTime: '23:30', endTime: '23:59' });
    expect(meetingFormDefaults(null, { day: new Date(2026, 10, 28) })).toMatchObject({ date: '2026-11-28', startTime: '', endTime: '' });
  });
});

describe('Meetings popup: who sees it', () => {
  it('E-MEET-01 levels 3 and 4 with rooms on; never levels 1, 2 and 5', () => {
    expect(showsMeetingsPopup({ level: 3, roomEnabled: true })).toBe(true);
    expect(showsMeetingsPopup({ level: 4, roomEnabled: true })).toBe(true);
    expect(showsMeetingsPopup({ level: 3, roomEnabled: false })).toBe(false);
    for (const level of [1, 2, 5] as const) expect(showsMeetingsPopup({ level, roomEnabled: true })).toBe(false);
  });
});
