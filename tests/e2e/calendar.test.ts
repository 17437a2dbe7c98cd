/**
 * The Calendar (spec 1 §2 "Calendar", E-CAL): the month view with previous / next and today, a date
 * opening the day view with its start-hour and interval selectors, the meeting dialog's rules, a
 * meeting created, seen in the month and the day, its detail with the link copied, edited and deleted
 * by its creator; a level 4 user who is not the creator sees neither edit, delete nor participants.
 * The demo seed gives acme four meetings: one starting within 30 minutes, one later today (admin's),
 * one tomorrow (agent's), one in three days (owner's).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { meetingStartsSoon } from '../../domain/meetings';
import { runtimeTimeZone } from '../../domain/time-zone';
import { expectSnackbar, localDayKey, localMonthKey, login, openUserMenu, PASSWORD, saveScreen } from './helpers';

const CALENDAR = '/acme/en/salas/Calendario';

const pad = (n: number) => String(n).padStart(2, '0');

interface Meeting {
  id: number;
  name: string;
  fromDate: string;
  src: string;
}

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

async function meetingsAs(request: APIRequestContext, nick: string): Promise<Meeting[]> {
  const login = await request.post('/api/v1/login', { data: { nick, pass: PASSWORD, corpoName: 'acme' } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await request.post('/api/v1/meet/DateRooms/rooms-from-date', { headers: { Authorization: `Bearer ${token}` }, data: { softwareId: 1, date: '1970-01-01' } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Meeting[];
}

const chip = (page: Page, name: string) => page.locator(`[data-testid="calendar-event"][data-meeting="${name}"]`);

test.use({ viewport: { width: 1440, height: 900 } });

test('E-CAL-01 E-CAL-02 E-CAL-04 E-CAL-05 E-CAL-06 E-CAL-11 month view with previous / next, a date opens the day view with its selectors', async ({ page, request }) => {
  const meetings = await meetingsAs(request, 'admin');
  const standup = meetings.find((m) => m.name === 'Team standup')!;
  const today = new Date();
  await login(page, 'acme', 'admin');

  // the Rooms screen's calendar button leads here
  await page.goto('/acme/en/salas/Rooms');
  await page.getByTestId('rooms-calendar').click();
  await expect(page).toHaveURL(/\/acme\/en\/salas\/Calendario$/);
  await expect(page.getByTestId('calendar-title')).toHaveAttribute('data-month', localMonthKey(today));
  await expect(page.getByTestId(`calendar-day-${localDayKey(today)}`)).toHaveAttribute('data-today', 'true');
  await expect(page.locator('[data-today]')).toHaveCount(1);

  // the meeting that starts today within 30 minutes is red, the others one of the four shades. The seed
  // puts the standup 20-25 minutes after the server's start, so a run that starts in the last minutes of
  // a UTC day finds it tomorrow, where it is not "today" (E-CAL-11): the rule decides, read at this moment
  await expect(chip(page, 'Team standup')).toHaveAttribute('data-tone', meetingStartsSoon(standup.fromDate, new Date(), runtimeTimeZone()) ? 'soon' : /^[0-3]$/);
  const later = meetings.find((m) => m.name === 'Sales pipeline review')!;
  if (localDayKey(new Date(later.fromDate)) === localDayKey(today)) await expect(chip(page, 'Sales pipeline review')).toHaveAttribute('data-tone', /^[0-3]$/);
  await saveScreen(page, 'calendar-month');

  // previous / next month, and back to today
  const previous = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  await page.getByTestId('calendar-prev').click();
  await expect(page.getByTestId('calendar-title')).toHaveAttribute('data-month', localMonthKey(previous));
  await expect(page.getByTestId('calendar-title')).toHaveText(previous.toLocaleDateString('en', { month: 'long', year: 'numeric' }));
  await expect(page.locator('[data-today]')).toHaveCount(localDayKey(today) < localDayKey(new Date(today.getFullYear(), today.getMonth(), 7)) ? 1 : 0);
  // two clicks in one task, before the first one renders (a double click, or a busy machine): both count
  await page.getByTestId('calendar-next').evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByTestId('calendar-title')).toHaveAttribute('data-month', localMonthKey(next));
  await expect(page).toHaveURL(new RegExp(`\\?month=${localMonthKey(next)}$`));
  await page.getByTestId('calendar-today').click();
  await expect(page.getByTestId('calendar-title')).toHaveAttribute('data-month', localMonthKey(today));

  // a date (the standup's: today, or tomorrow near midnight) opens the day view
  const standupDay = localDayKey(new Date(standup.fromDate));
  await page.getByTestId(`calendar-day-${standupDay}`).getByTestId('calendar-day-link').click();
  await expect(page).toHaveURL(new RegExp(`/acme/en/salas/DayCalendar/${standupDay}$`));
  await expect(page.getByTestId('day-title')).toHaveAttribute('data-day', standupDay);
  // the day view is the calendar's: the menu keeps the Meetings group open with Calendar marked
  await expect(page.getByTestId('menu-calendar')).toHaveAttribute('data-current', 'true');

  // start hour 0-23, default 7; interval 15 / 30 / 60, default 30
  const hour = page.getByTestId('day-start-hour');
  const interval = page.getByTestId('day-interval');
  await expect(hour).toHaveValue('7');
  await expect(hour.locator('option')).toHaveCount(24);
  await expect(hour.locator('option').first()).toHaveAttribute('value', '0');
  await expect(hour.locator('option').last()).toHaveAttribute('value', '23');
  await expect(hour.locator('option').last()).toHaveText('11:00 PM');
  await expect(interval).toHaveValue('30');
  await expect(interval.locator('option')).toHaveText(['15 minutes', '30 minutes', '60 minutes']);
  const slots = page.locator('[data-slot]');
  await expect(slots).toHaveCount(34);
  await expect(slots.first()).toHaveAttribute('data-slot', '07:00');

  // the meeting sits in the slot of its start
  const start = new Date(standup.fromDate);
  const slotOf = (every: number, from = 7) => {
    const minute = start.getHours() * 60 + start.getMinutes();
    if (minute < from * 60) return null;
    const m = Math.floor(minute / every) * every;
    return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  };
  if (slotOf(30)) await expect(page.locator(`[data-slot="${slotOf(30)}"]`).locator('[data-meeting="Team standup"]')).toBeVisible();
  else await expect(page.getByTestId('day-earlier').locator('[data-meeting="Team standup"]')).toBeVisible();
  await saveScreen(page, 'calendar-day');

  await interval.selectOption('60');
  await expect(slots).toHaveCount(17);
  await hour.selectOption('0');
  await expect(slots).toHaveCount(24);
  await expect(slots.first()).toHaveAttribute('data-slot', '00:00');
  await expect(page.locator(`[data-slot="${slotOf(60, 0)}"]`).locator('[data-meeting="Team standup"]')).toBeVisible();
  await interval.selectOption('15');
  await expect(slots).toHaveCount(96);
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ start: '0', interval: '15' });

  // previous day, next day (the selectors stay), from the day on screen: the standup's, which is
  // tomorrow for a run that starts in the last minutes of a day (addDays keeps the date, not the time)
  await page.getByTestId('day-next').click();
  await expect(page.getByTestId('day-title')).toHaveAttribute('data-day', localDayKey(addDays(start, 1)));
  await expect(hour).toHaveValue('0');
  await page.getByTestId('day-prev').evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByTestId('day-title')).toHaveAttribute('data-day', localDayKey(addDays(start, -1)));

  // new meeting from the day view (on the day shown), and from a slot at its time
  await page.getByTestId('day-next').click();
  await page.getByTestId('day-new').click();
  await expect(page.getByTestId('meeting-date')).toHaveValue(standupDay);
  await page.getByTestId('meeting-cancel').click();
  await page.locator('[data-slot="22:30"]').getByTestId('day-slot-new').click();
  await expect(page.getByTestId('meeting-start')).toHaveValue('22:30');
  await expect(page.getByTestId('meeting-end')).toHaveValue('22:45');
  await page.getByTestId('meeting-cancel').click();
  await expect(page.getByTestId('meeting-dialog')).toHaveCount(0);
});

test('E-CAL-03 E-CAL-07 E-CAL-08 E-CAL-09 E-CAL-10 E-CAL-12 E-CAL-13 E-CAL-14 E-CAL-15 E-CAL-16 E-CAL-19 E-CAL-20 E-CAL-21 E-CAL-22 a meeting created through the dialog, seen, opened, copied, edited and deleted by its creator', async ({ page, context }) => {
  // 40-odd steps: on a clean-clone CI sharing two cores with the server suites it passed 60 s
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const today = new Date();
  // CI's retry books the day after: a first attempt that failed before its clean-up leaves its meeting
  // in the Board room at 10:00, and the retry's booking met that clash instead of the first failure
  const tomorrow = addDays(today, 1 + test.info().retry);
  await login(page, 'acme', 'admin');
  await page.goto(CALENDAR);
  await page.getByTestId('calendar-new').click();
  const dialog = page.getByTestId('meeting-dialog');
  await expect(dialog).toBeVisible();

  // required fields (the date starts on today)
  await expect(page.getByTestId('meeting-date')).toHaveValue(localDayKey(today));
  await page.getByTestId('meeting-submit').click();
  for (const id of ['meeting-name', 'meeting-topic', 'meeting-start', 'meeting-end']) await expect(page.getByTestId(`error-${id}`)).toHaveText('Required');
  await expect(page.getByTestId('error-meeting-option')).toHaveText('Required');
  await expect(page.getByTestId('error-meeting-date')).toHaveCount(0);

  // a date before today, then a start after the end: the same dateBeforeNow message
  const dateBeforeNow = 'The date cannot be before today and the start must be before the end';
  await page.getByTestId('meeting-name').fill('E2E planning');
  await page.getByTestId('meeting-topic').fill('Plan the e2e of the calendar');
  await page.getByTestId('meeting-date').fill(localDayKey(addDays(today, -2)));
  await page.getByTestId('meeting-start').fill('10:00');
  await page.getByTestId('meeting-end').fill('09:00');
  await page.getByTestId('meeting-option-selectUser').check();
  await page.getByTestId('meeting-submit').click();
  await expect(page.getByTestId('error-meeting-date')).toHaveText(dateBeforeNow);
  await page.getByTestId('meeting-date').fill(localDayKey(tomorrow));
  await expect(page.getByTestId('error-meeting-date')).toHaveCount(0);
  await expect(page.getByTestId('error-meeting-end')).toHaveText(dateBeforeNow);
  // selectUser with nobody
  await expect(page.getByTestId('error-meeting-users')).toHaveText('Select at least 1 user');
  // the participants: levels 2-4, never levels 1 and 5
  await expect(page.getByTestId('meeting-user-owner')).toBeVisible();
  await expect(page.getByTestId('meeting-user-wall')).toHaveCount(0);
  await expect(page.getByTestId('meeting-user-super')).toHaveCount(0);
  await page.getByTestId('meeting-end').fill('11:00');
  await expect(page.getByTestId('error-meeting-end')).toHaveCount(0);
  await page.getByTestId('meeting-user-agent').click();
  await page.getByTestId('meeting-user-owner').click();
  await expect(page.getByTestId('error-meeting-users')).toHaveCount(0);
  await page.getByTestId('meeting-room').selectOption({ label: 'Board room' });
  await saveScreen(page, 'calendar-dialog');
  const created = page.waitForRequest((r) => r.url().endsWith('/api/v1/meet/DateRooms/create') && r.method() === 'POST');
  await page.getByTestId('meeting-submit').click();
  const body = (await created).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ name: 'E2E planning', topic: 'Plan the e2e of the calendar', softwareId: 1, userOption: 'selectUser', start: new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), 10).toISOString() });
  expect((body.userIds as number[]).length).toBe(2);
  await expectSnackbar(page, 'Meeting created successfully');
  await expect(dialog).toHaveCount(0);

  // in the month view (the month of the meeting) and in the day view
  await expect(page.getByTestId(`calendar-day-${localDayKey(tomorrow)}`).locator('[data-meeting="E2E planning"]')).toBeVisible();
  await page.getByTestId(`calendar-day-${localDayKey(tomorrow)}`).getByTestId('calendar-day-link').click();
  await expect(page.locator('[data-slot="10:00"]').locator('[data-meeting="E2E planning"]')).toBeVisible();

  // its detail
  await chip(page, 'E2E planning').click();
  await expect(page).toHaveURL(/\/acme\/en\/misc\/meetDetail\?selectedEvent=\d+&date=[\d-]+&route=salas%2FDayCalendar%2F/);
  await expect(page.getByTestId('meeting-topic-text')).toHaveText('E2E planning');
  await expect(page.getByTestId('meeting-description-text')).toHaveText('Plan the e2e of the calendar');
  await expect(page.getByTestId('meeting-start-text')).toContainText('10:00');
  await expect(page.getByTestId('meeting-end-text')).toContainText('11:00');
  await expect(page.getByTestId('meeting-creator-text')).toHaveText('admin');
  await expect(page.getByTestId('meeting-room-text')).toHaveText('Board room');
  await expect(page.getByTestId('meeting-participants').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('meeting-participant-agent')).toBeVisible();
  await expect(page.getByTestId('meeting-participant-owner')).toBeVisible();
  // the link {host}/{softwareId}/{corpId}/1/{name}, copied
  const link = page.getByTestId('meeting-link');
  await expect(link).toHaveValue(/\/1\/\d+\/1\/E2E%20planning$/);
  await page.getByTestId('meeting-copy').click();
  await expectSnackbar(page, 'Link copied to the clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expect(page.getByTestId('meeting-join')).toHaveAttribute('target', '_blank');
  await saveScreen(page, 'calendar-detail');

  // edit: a failure shows the default error and the server's field issues, keeping what was typed
  await page.getByTestId('meeting-edit').click();
  await expect(page.getByTestId('meeting-name')).toHaveValue('E2E planning');
  await expect(page.getByTestId('meeting-start')).toHaveValue('10:00');
  await expect(page.getByTestId('meeting-user-agent')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('meeting-name').fill('E2E planning moved');
  await page.getByTestId('meeting-end').fill('11:30');
  await page.route('**/api/v1/meet/DateRooms/edit', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ status: 400, error: 'Bad Request', message: 'errors.validation', issues: [{ path: 'roomNew.name', message: 'validation.characters' }] }) }),
  );
  await page.getByTestId('meeting-submit').click();
  await expectSnackbar(page, 'Error, something happened');
  await expect(page.getByTestId('error-meeting-name')).toBeVisible();
  await expect(page.getByTestId('meeting-name')).toHaveValue('E2E planning moved');
  await expect(page.getByTestId('meeting-end')).toHaveValue('11:30');
  await page.unroute('**/api/v1/meet/DateRooms/edit');
  const edited = page.waitForRequest((r) => r.url().endsWith('/api/v1/meet/DateRooms/edit') && r.method() === 'PUT');
  await page.getByTestId('meeting-submit').click();
  expect((await edited).postDataJSON()).toMatchObject({ roomOld: 'E2E planning', roomNew: { name: 'E2E planning moved' }, softwareId: 1 });
  await expectSnackbar(page, 'Meeting updated successfully');
  await expect(page.getByTestId('meeting-dialog')).toHaveCount(0);
  await expect(page.getByTestId('meeting-topic-text')).toHaveText('E2E planning moved');
  await expect(page.getByTestId('meeting-end-text')).toContainText('11:30');

  // Back returns to the day view it came from
  await page.getByTestId('meeting-back').click();
  await expect(page).toHaveURL(new RegExp(`/salas/DayCalendar/${localDayKey(tomorrow)}$`));

  // delete, with a confirmation
  await chip(page, 'E2E planning moved').click();
  await page.getByTestId('meeting-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('E2E planning moved');
  await page.getByTestId('confirm-ok').click();
  await expectSnackbar(page, 'Meeting deleted successfully');
  await expect(page).toHaveURL(new RegExp(`/salas/DayCalendar/${localDayKey(tomorrow)}$`));
  await expect(chip(page, 'E2E planning moved')).toHaveCount(0);
});

test('E-CAL-07 E-CAL-08 only the creator edits or deletes; participants only for levels 1-3', async ({ page, request }) => {
  const meetings = await meetingsAs(request, 'admin');
  const byName = (name: string) => meetings.find((m) => m.name === name)!;
  const detail = (m: Meeting) => `/acme/en/misc/meetDetail?selectedEvent=${m.id}`;

  // level 3, not the creator: no edit, no delete, the participants shown
  await login(page, 'acme', 'admin');
  await page.goto(detail(byName('Quarterly review')));
  await expect(page.getByTestId('meeting-creator-text')).toHaveText('owner');
  await expect(page.getByTestId('meeting-participants')).toBeVisible();
  await expect(page.getByTestId('meeting-edit')).toHaveCount(0);
  await expect(page.getByTestId('meeting-delete')).toHaveCount(0);
  await page.getByTestId('meeting-back').click();
  await expect(page).toHaveURL(/\/salas\/Calendario$/);

  // level 4: another's meeting without edit or delete, its own with them; never the participants
  await openUserMenu(page);
  await page.getByTestId('user-menu-signout').click();
  await page.waitForURL(/\/login/);
  await login(page, 'acme', 'agent');
  await page.goto(CALENDAR);
  await chip(page, 'Sales pipeline review').or(chip(page, 'Team standup')).first().click();
  await expect(page.getByTestId('meeting-creator-text')).toHaveText('admin');
  await expect(page.getByTestId('meeting-edit')).toHaveCount(0);
  await expect(page.getByTestId('meeting-delete')).toHaveCount(0);
  await expect(page.getByTestId('meeting-participants')).toHaveCount(0);
  await saveScreen(page, 'calendar-detail-agent');
  await page.goto(detail(byName('Queue planning')));
  await expect(page.getByTestId('meeting-creator-text')).toHaveText('agent');
  await expect(page.getByTestId('meeting-edit')).toBeVisible();
  await expect(page.getByTestId('meeting-delete')).toBeVisible();
  await expect(page.getByTestId('meeting-participants')).toHaveCount(0);
});
