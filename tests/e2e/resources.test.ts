import { expect, test } from '@playwright/test';
import { expectSnackbar, login, openUserMenu } from './helpers';

test('C-USR-02..06 F-DLG-01..04 F-LIST-07..08 create, edit and delete a user through the dialogs', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/user');
  await expect(page.getByTestId('data-table')).toBeVisible();

  // create, first with a too-short name: the dialog stays open with the rule's message
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('resource-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('dialog-submit')).toHaveText('Send');
  await page.getByTestId('field-nick').fill('abc');
  await page.getByTestId('field-name').fill('Erin Example');
  await page.getByTestId('field-mail').fill('erin@acme.example');
  await page.getByTestId('field-pass').fill('s3cret');
  await page.getByTestId('field-passConfirm').fill('s3cret');
  await page.getByTestId('dialog-submit').click();
  await expect(dialog.getByText(/4.*16/)).toBeVisible();
  await page.getByTestId('field-nick').fill('erin.e');
  await page.getByTestId('dialog-submit').click();
  await expectSnackbar(page, /Created/);
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('data-table').locator('tr', { hasText: 'erin.e' });
  await expect(row).toBeVisible();

  // a duplicate nick answers 406: the dialog stays open with the mapped message
  await page.getByTestId('create-button').click();
  await page.getByTestId('field-nick').fill('erin.e');
  await page.getByTestId('field-pass').fill('s3cret');
  await page.getByTestId('field-passConfirm').fill('s3cret');
  await page.getByTestId('dialog-submit').click();
  await expectSnackbar(page, /already exists/i);
  await expect(dialog).toBeVisible();
  await page.getByTestId('dialog-cancel').click();

  // edit: save keeps the password unless the switch is on
  await row.locator('[data-testid^="edit-"]').click();
  await expect(page.getByTestId('dialog-submit')).toHaveText('Save');
  await expect(page.getByTestId('field-pass')).toHaveCount(0);
  await page.getByTestId('field-name').fill('Erin Edited');
  await page.getByTestId('dialog-submit').click();
  await expectSnackbar(page, /Updated/);
  await expect(page.getByTestId('data-table').locator('tr', { hasText: 'Erin Edited' })).toBeVisible();

  // the new user can sign in with the password given at creation
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await login(second, 'acme', 'erin.e', 's3cret');
  await expect(second).toHaveURL(/\/acme\/en\/home$/);
  await other.close();

  // delete through the confirmation
  await row.locator('[data-testid^="delete-"]').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expectSnackbar(page, /Deleted/);
  await expect(page.getByTestId('data-table').locator('tr', { hasText: 'erin.e' })).toHaveCount(0);
});

test('C-USR-11 the signed-in user has no delete button on their own row', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/user');
  const own = page.getByTestId('data-table').locator('tr', { hasText: 'Adam Admin' });
  await expect(own.locator('[data-testid^="edit-"]')).toBeVisible();
  await expect(own.locator('[data-testid^="delete-"]')).toHaveCount(0);
});

test('C-RG-03 a role group with users cannot be deleted', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/rolegroup');
  const agents = page.getByTestId('data-table').locator('tr', { hasText: 'Agents' });
  await agents.locator('[data-testid^="delete-"]').click();
  await expect(page.getByTestId('confirm-message')).toContainText('Cannot be deleted. There are users using this role group');
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
  await page.getByTestId('confirm-cancel').click();
});

test('C-LF-02 C-LF-04 C-LF-13 a look-and-feel change shows on the login page', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/lookAndFeel');
  await page.getByTestId('lf-preset-violet').click();
  await page.getByTestId('lf-tabName').fill('Acme Contact Centre');
  // a 1x1 PNG as the login image
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('lf-save').click();
  await expectSnackbar(page, /Updated/);
  await page.waitForURL(/configuration\/home$/);
  await expect(page).toHaveTitle('Acme Contact Centre');

  await openUserMenu(page);
  await page.getByTestId('user-menu-signout').click();
  await expect(page).toHaveURL(/\/login\/acme$/);
  await expect(page).toHaveTitle('Acme Contact Centre');
  await expect(page.getByTestId('login-image')).toHaveAttribute('src', /\/api\/v1\/lookandfeel\/acme\/images\/loginImage/);
  const saved = await (await page.request.get('/api/v1/lookandfeel/acme')).json();
  expect(saved.menuColor).toBe('4A148CFF');

  // the look and feel belongs to acme only: globex's login is unchanged
  await page.goto('/login/globex');
  await expect(page).not.toHaveTitle('Acme Contact Centre');

  // C-LF-03 back to the default colours and tab name, so later screens show the product's own look
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/lookAndFeel');
  await page.getByTestId('lf-default').click();
  await page.getByTestId('lf-tabName').fill('');
  await page.getByTestId('lf-save').click();
  await expectSnackbar(page, /Updated/);
  const restored = await (await page.request.get('/api/v1/lookandfeel/acme')).json();
  expect(restored.menuColor).toBe('37474FFF');
});

test('C-QUE-14 C-IVR-12 F-ERR-19 a refused delete of a queue or an IVR shows the mapped message with the server\'s text appended (once when both say the same), and the row stays', async ({ page }) => {
  await login(page, 'acme', 'admin');
  const auth = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  // a queue of its own that a company speed dial sends callers to (enqueue): its delete answers 409 "in use by a speed dial"
  const created = await page.request.post('/api/v1/queue', { headers: auth, data: { name: 'Refused delete' } });
  expect(created.ok(), await created.text()).toBe(true);
  const queue = (await created.json()) as { id: number; corpId: number };
  const dial = await page.request.post('/api/v1/speeddialcorps', { headers: auth, data: { number: 87, action: `enqueue_${queue.corpId}_${queue.id}` } });
  expect(dial.ok(), await dial.text()).toBe(true);
  const speedDialId = ((await dial.json()) as { id: number }).id;
  try {
    await page.goto('/acme/en/configuration/queues');
    await page.getByTestId(`delete-${queue.id}`).click();
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/v1/queue/${queue.id}`) && r.request().method() === 'DELETE');
    await page.getByTestId('confirm-ok').click();
    // the server answers the status and its text; the snackbar maps the status (409: in use) and appends the text
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(await answer.json()).toMatchObject({ status: 409, message: 'errors.inUseBySpeedDial', text: 'It is in use by a speed dial.' });
    await expectSnackbar(page, 'It cannot be changed: it is in use. It is in use by a speed dial.');
    await expect(page.getByTestId(`delete-${queue.id}`)).toBeVisible();

    // the demo's welcome IVR answers the line 551130001002: 520, whose mapped message is the server's text, said once
    await page.goto('/acme/en/configuration/ivr');
    const welcome = page.getByTestId('data-table').locator('tr', { hasText: 'Acme welcome' });
    await welcome.locator('[data-testid^="delete-"]').click();
    await page.getByTestId('confirm-ok').click();
    await expectSnackbar(page, /^It is in use by a trunk\.$/);
    await expect(welcome).toBeVisible();
  } finally {
    expect((await page.request.delete(`/api/v1/speeddialcorps/${speedDialId}`, { headers: auth })).ok()).toBe(true);
    expect((await page.request.delete(`/api/v1/queue/${queue.id}`, { headers: auth })).ok()).toBe(true);
  }
});
