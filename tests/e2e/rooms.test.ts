/**
 * The Rooms screen (spec 1 §2 "Meeting rooms", E-ROOM): cards with search, page sizes and Join; the
 * level 3 create / edit / delete round trip with the form's rules and the spec's snackbar texts; a
 * level 4 user who only joins; the disabled state when the meeting service answers 503 (software id -10).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectSnackbar, login, PASSWORD, saveScreen } from './helpers';

const ROOMS = '/acme/en/salas/Rooms';

async function apiToken(request: APIRequestContext, nick: string, corp: string): Promise<string> {
  const response = await request.post('/api/v1/login', { data: { nick, pass: PASSWORD, corpoName: corp } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

const cards = (page: Page) => page.getByTestId('room-cards').locator('li[data-room]');
const card = (page: Page, name: string) => page.locator(`li[data-room="${name}"]`);

test('E-ROOM-01 E-ROOM-07 E-ROOM-08 E-ROOM-13 E-ROOM-18 rooms as cards: 9 per page (3/6/9/12), search by name, Join in a new tab (a link page without a meeting site), the calendar button', async ({ page, request }) => {
  // eight more rooms through the service, so the acme demo's three fill more than one page
  const token = await apiToken(request, 'admin', 'acme');
  const headers = { Authorization: `Bearer ${token}` };
  const extra = Array.from({ length: 8 }, (_, i) => `Paging room ${String(i + 1).padStart(2, '0')}`);
  for (const name of extra) {
    const created = await request.post('/api/v1/meet/rooms', { headers, data: { name, softwareId: 1, userOption: 'allUsers', userId: [] } });
    expect(created.status(), await created.text()).toBe(201);
  }
  try {
    await login(page, 'acme', 'admin');
    const checked = page.waitForRequest((r) => r.url().endsWith('/api/v1/meet/softwares/check-ip') && r.method() === 'POST');
    await page.goto(ROOMS);
    await checked;
    await expect(cards(page)).toHaveCount(9);
    await expect(page.getByTestId('table-range')).toHaveText('1–9 of 11');
    await saveScreen(page, 'rooms-cards');
    await page.getByTestId('table-next').click();
    await expect(cards(page)).toHaveCount(2);

    // page sizes 3, 6, 9, 12
    await expect(page.getByTestId('rooms-page-size').locator('option')).toHaveText(['3', '6', '9', '12']);
    for (const [size, shown] of [
      ['3', 3],
      ['6', 6],
      ['12', 11],
    ] as const) {
      await page.getByTestId('rooms-page-size').selectOption(size);
      await expect(cards(page)).toHaveCount(shown);
    }

    // search by name
    await page.getByTestId('rooms-search').fill('huddle');
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, 'Sales huddle')).toBeVisible();
    await page.getByTestId('rooms-search').fill('nothing like this');
    await expect(page.getByTestId('rooms-empty')).toBeVisible();
    await page.getByTestId('rooms-search').fill('standup');

    // Join opens {corpId}/{softwareId}/2/{name} in a new tab
    const join = card(page, 'Daily standup').getByTestId('room-join');
    await expect(join).toHaveAttribute('target', '_blank');
    await expect(join).toHaveAttribute('href', /\/\d+\/1\/2\/Daily%20standup$/);
    const opened = page.context().waitForEvent('page');
    await join.click();
    const tab = await opened;
    await expect.poll(() => tab.url() !== 'about:blank').toBe(true);
    // no meeting site configured (meetinghost empty): the link's page names the room and says how to set one
    await expect(tab.getByTestId('meeting-link-page')).toHaveAttribute('data-kind', 'room');
    await expect(tab.getByTestId('meeting-link-name')).toHaveText('Daily standup');
    await expect(tab.getByTestId('meeting-link-page')).toContainText('meetinghost');
    await saveScreen(tab, 'rooms-link-page');
    await tab.close();

    // every user has the calendar button
    await expect(page.getByTestId('rooms-calendar')).toHaveAttribute('href', '/acme/en/salas/Calendario');
  } finally {
    for (const name of extra) await request.delete('/api/v1/meet/rooms', { headers, data: { name, softwareId: 1 } });
  }
});

test('E-ROOM-09 E-ROOM-10 E-ROOM-11 E-ROOM-12 E-ROOM-14 E-ROOM-15 E-ROOM-16 E-ROOM-17 E-ROOM-19 E-ROOM-20 level 3 creates, edits, deletes a room and sees its members', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto(ROOMS);
  await expect(cards(page)).toHaveCount(3);

  // the form's rules: name and participant option required, 4-50 characters, usersError
  await page.getByTestId('room-create').click();
  const dialog = page.getByTestId('room-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('room-submit').click();
  await expect(page.getByTestId('error-room-name')).toHaveText('Required');
  await expect(page.getByTestId('error-room-option')).toHaveText('Required');
  await page.getByTestId('room-name').fill('abc');
  await page.getByTestId('room-option-selectUser').check();
  await page.getByTestId('room-submit').click();
  await expect(page.getByTestId('error-room-name')).toHaveText('Between 4 and 50 characters');
  await expect(page.getByTestId('error-room-users')).toHaveText('Select at least 1 user');
  // the participants: levels 2-4 of the corp, never levels 1 and 5
  await expect(page.getByTestId('room-user-admin')).toBeVisible();
  await expect(page.getByTestId('room-user-owner')).toBeVisible();
  await expect(page.getByTestId('room-user-agent')).toBeVisible();
  await expect(page.getByTestId('room-user-wall')).toHaveCount(0);
  await expect(page.getByTestId('room-user-super')).toHaveCount(0);
  await page.getByTestId('room-name').fill('Support corner');
  await page.getByTestId('room-user-agent').click();
  await expect(page.getByTestId('error-room-users')).toHaveCount(0);
  await saveScreen(page, 'rooms-dialog');
  await page.getByTestId('room-submit').click();
  await expectSnackbar(page, 'Room created successfully');
  await expect(dialog).toHaveCount(0);
  await expect(card(page, 'Support corner')).toContainText('1 participant');

  // members (levels 1-3)
  await card(page, 'Support corner').getByTestId('room-members').click();
  const members = page.getByTestId('room-members-dialog');
  await expect(members.getByTestId('room-member-agent')).toBeVisible();
  await expect(members.locator('[data-testid^="room-member-"]')).toHaveCount(1);
  await page.getByTestId('room-members-close').click();

  // a name taken by another room: 'Failed to save the room', the dialog stays open
  await page.getByTestId('room-create').click();
  await page.getByTestId('room-name').fill('Sales huddle');
  await page.getByTestId('room-option-allUsers').check();
  await page.getByTestId('room-submit').click();
  await expectSnackbar(page, 'Failed to save the room: The data already exists; the action was not executed.');
  await expect(dialog).toBeVisible();
  await page.getByTestId('room-cancel').click();

  // edit: rename, everyone in it
  await card(page, 'Support corner').getByTestId('room-edit').click();
  await expect(page.getByTestId('room-name')).toHaveValue('Support corner');
  await expect(page.getByTestId('room-option-selectUser')).toBeChecked();
  await page.getByTestId('room-name').fill('Support lounge');
  await page.getByTestId('room-option-allUsers').check();
  await page.getByTestId('room-submit').click();
  await expectSnackbar(page, 'Room updated successfully');
  await expect(card(page, 'Support lounge')).toContainText('All users');
  await expect(card(page, 'Support corner')).toHaveCount(0);

  // delete through the confirmation (cancel first keeps it)
  await card(page, 'Support lounge').getByTestId('room-delete').click();
  await expect(page.getByTestId('confirm-message')).toContainText('Support lounge');
  await page.getByTestId('confirm-cancel').click();
  await expect(card(page, 'Support lounge')).toBeVisible();
  await card(page, 'Support lounge').getByTestId('room-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expectSnackbar(page, 'Room deleted successfully');
  await expect(card(page, 'Support lounge')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(3);
});

test('E-ROOM-09 a level 4 user sees the rooms open to them and only joins', async ({ page }) => {
  await login(page, 'acme', 'agent');
  await page.goto(ROOMS);
  await expect(cards(page)).toHaveCount(2);
  await expect(card(page, 'Daily standup')).toBeVisible();
  await expect(card(page, 'Sales huddle')).toBeVisible();
  await expect(card(page, 'Board room')).toHaveCount(0);
  await expect(page.getByTestId('room-join')).toHaveCount(2);
  await expect(page.getByTestId('room-create')).toHaveCount(0);
  await expect(page.locator('[data-testid="room-edit"], [data-testid="room-delete"], [data-testid="room-members"]')).toHaveCount(0);
  await expect(page.getByTestId('rooms-calendar')).toBeVisible();
});

test('E-ROOM-02 E-ROOM-21 the meeting service off (503): software id -10, the rooms are disabled; es and pt texts', async ({ page, request }) => {
  // the supervisor switches the service off (system parameter meetingservice = no) and back on after
  const token = await apiToken(request, 'super', 'supervisor');
  const headers = { Authorization: `Bearer ${token}` };
  const original = ((await (await request.get('/api/v1/getAllParams', { headers })).json()) as { key: string; value: string }[]).map(({ key, value }) => ({ key, value }));
  const off = await request.post('/api/v1/getAllParams', { headers, data: [...original.filter((p) => p.key !== 'meetingservice'), { key: 'meetingservice', value: 'no' }] });
  expect(off.ok(), await off.text()).toBe(true);
  try {
    await login(page, 'acme', 'admin');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/meet/softwares/check-ip'));
    await page.goto(ROOMS);
    expect((await answered).status()).toBe(503);
    await expect(page.getByTestId('rooms-unavailable')).toContainText('The meeting service is not available right now.');
    await expect(page.getByTestId('room-cards')).toHaveCount(0);
    await expect(page.getByTestId('room-create')).toHaveCount(0);
    await saveScreen(page, 'rooms-unavailable');
    await page.goto('/acme/es/salas/Rooms');
    await expect(page.getByTestId('rooms-unavailable')).toContainText('no están disponibles');
  } finally {
    // the parameter is always there (seeded yes, never removed by a save): restore its value
    const on = await request.post('/api/v1/getAllParams', { headers, data: [...original.filter((p) => p.key !== 'meetingservice'), { key: 'meetingservice', value: 'yes' }] });
    expect(on.ok(), await on.text()).toBe(true);
  }
  // back on: Try again lists the rooms without a reload
  await page.getByTestId('rooms-retry').click();
  await expect(cards(page)).toHaveCount(3);
  await page.goto('/acme/pt/salas/Rooms');
  await expect(page.getByTestId('rooms-search')).toHaveAttribute('placeholder', 'Pesquisar salas pelo nome');
});
