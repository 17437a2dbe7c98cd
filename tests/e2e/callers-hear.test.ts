import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { login, saveScreen } from './helpers';

/**
 * What callers hear and the campaigns, in chromium: uploads of a good, a convertible and a bad sound,
 * one sound playing at a time, hold music's upload form, a poll's questions, and a campaign started,
 * dialling in the simulator, stopped, with its statistics.
 */

/** A WAV of a 440 Hz tone (16-bit PCM) in the given rate and channels. */
function toneWav(rate: number, channels: number, seconds: number): Buffer {
  const frames = Math.round(rate * seconds);
  const bytes = Buffer.alloc(44 + frames * channels * 2);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + frames * channels * 2, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(channels, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * channels * 2, 28);
  bytes.writeUInt16LE(channels * 2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(frames * channels * 2, 40);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(0.3 * Math.sin((2 * Math.PI * 440 * i) / rate) * 32767);
    for (let c = 0; c < channels; c++) bytes.writeInt16LE(sample, 44 + (i * channels + c) * 2);
  }
  return bytes;
}

const asterisk = { name: 'greeting.wav', mimeType: 'audio/wav', buffer: toneWav(8000, 1, 3) };
const studio = { name: 'studio take.wav', mimeType: 'audio/wav', buffer: toneWav(44100, 2, 8) };
const broken = { name: 'broken.wav', mimeType: 'audio/wav', buffer: Buffer.from('RIFF....WAVEfmt this is not a sound') };

function rowOf(page: Page, text: string): Locator {
  return page
    .getByTestId('data-table')
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

async function rowId(row: Locator): Promise<string> {
  return (await row.getAttribute('data-testid'))!.replace('row-', '');
}

test('C-IVR-07 C-QUE-18 F-AUD-01 F-AUD-02 F-AUD-03 F-AUD-04 C-IVR-03 an IVR with a convertible and a refused sound; one sound plays at a time', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/ivr');
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('resource-dialog');
  await page.getByTestId('field-name').fill('Night menu');
  // C-IVR-07: no greeting, no IVR
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('No audio')).toBeVisible();

  // a studio recording (44.1 kHz stereo) is taken; a file no decoder reads is refused on its field
  await page.getByTestId('field-sound').setInputFiles(studio);
  await page.getByTestId('field-soundIncorrect').setInputFiles(broken);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/no sound we can read/i)).toBeVisible();
  // nothing typed is lost: the name is still there
  await expect(page.getByTestId('field-name')).toHaveValue('Night menu');
  await saveScreen(page, 'ivr-refused-sound');

  await page.getByTestId('field-soundIncorrect').setInputFiles(asterisk);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'Night menu');
  await expect(row).toBeVisible();
  const id = await rowId(row);

  // F-AUD-01: play toggles to pause and back
  const first = page.getByTestId(`sound-play-ivr-${id}-sound`);
  const second = page.getByTestId(`sound-play-ivr-${id}-soundIncorrect`);
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  // F-AUD-02: starting the second sound pauses the first
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  // F-AUD-03: back to play at the end (3 s)
  await expect(second).toHaveAttribute('aria-pressed', 'false', { timeout: 8000 });

  // the converted file is an 8 kHz mono WAV: the server answers it to the download
  const download = page.waitForEvent('download');
  await page.getByTestId(`sound-download-ivr-${id}-sound`).click();
  const saved = await (await download).path();
  const wav = readFileSync(saved);
  expect(wav.readUInt16LE(22)).toBe(1);
  expect(wav.readUInt32LE(24)).toBe(8000);

  // C-IVR-03: the row's tooltip lists the default option and the digits
  await expect(page.getByTestId(`info-${id}`)).toHaveAttribute('title', /Hang up/);

  // F-AUD-04: leaving the screen stops the sound
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Polls' }).click();
  await expect(page).toHaveURL(/configuration\/polls$/);
  // back within the sound's 8 s: had it gone on playing, its button would show pause
  await page.getByRole('link', { name: 'IVR' }).click();
  await expect(first).toBeVisible();
  // at once: the sound ending by itself would turn it back too
  await expect(first).toHaveAttribute('aria-pressed', 'false', { timeout: 500 });
});

test('C-MOH-01 C-MOH-02 the corp\'s hold music: send waits for a file, the name comes from it', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/mohCorp');
  const form = page.getByTestId('inline-create-mohCorp');
  await expect(form.getByTestId('inline-create-submit')).toBeDisabled();
  await form.getByTestId('field-sound').setInputFiles(studio);
  await expect(form.getByTestId('field-name')).toHaveValue('studio take');
  await form.getByTestId('inline-create-submit').click();
  const row = rowOf(page, 'studio take');
  await expect(row).toBeVisible();
  await saveScreen(page, 'moh-corp');
  // C-MOH-03: play, download and delete on the row
  const id = await rowId(row);
  await expect(page.getByTestId(`sound-play-mohCorp-${id}-sound`)).toBeVisible();
  await expect(page.getByTestId(`sound-download-mohCorp-${id}-sound`)).toBeVisible();
  await page.getByTestId(`delete-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toHaveCount(0);
});

test('C-POL-02 C-POL-08 C-POL-11 C-POL-15 a poll\'s questions: the orders other questions use are disabled', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/polls');
  const survey = rowOf(page, 'Sales survey');
  const id = await rowId(survey);
  await page.getByTestId(`child-question-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/configuration/polls/questions/${id}$`));
  await expect(page.getByTestId('data-table').locator('tbody tr')).toHaveCount(2);
  await page.getByTestId('create-button').click();
  const order = page.getByTestId('field-orderSequencial');
  await expect(order.locator('option[value="1"]')).toBeDisabled();
  await expect(order.locator('option[value="2"]')).toBeDisabled();
  await expect(order.locator('option[value="3"]')).toBeEnabled();
  await page.getByTestId('field-name').fill('Would you call us again');
  await order.selectOption('3');
  await page.getByTestId('field-sound').setInputFiles(asterisk);
  await page.getByTestId('resource-dialog').getByRole('button', { name: 'Send' }).click();
  await expect(rowOf(page, 'Would you call us again')).toBeVisible();
  await saveScreen(page, 'poll-questions');
  // C-POL-15: an existing question opens in edit mode with its values
  const added = await rowId(rowOf(page, 'Would you call us again'));
  await page.getByTestId(`edit-${added}`).click();
  await expect(page.getByTestId('field-name')).toHaveValue('Would you call us again');
  await expect(page.getByTestId('field-orderSequencial')).toHaveValue('3');
  await page.getByTestId('resource-dialog').getByRole('button', { name: 'Cancel' }).click();
  // C-POL-08: back to the polls
  await page.getByTestId('child-back').click();
  await expect(page).toHaveURL(/configuration\/polls$/);
});

test('C-DIA-02 C-DIA-06 C-DIA-10 C-DIA-17 a campaign is created from its CSV, started, dials in the simulator, is stopped; its statistics are shown', async ({ page }) => {
  await login(page, 'acme', 'admin');
  await page.goto('/acme/en/configuration/dialer');
  await page.getByTestId('create-button').click();
  const dialog = page.getByTestId('resource-dialog');
  await page.getByTestId('field-name').fill('Renewals');
  // queue campaigns need no recording; every day, all day, so the simulator dials now
  await page.getByTestId('field-action').selectOption('queue');
  await expect(page.getByTestId('field-sound')).toHaveCount(0);
  await page.getByTestId('field-queueId').selectOption({ label: 'Sales' });
  await page.getByTestId('field-trunkId').selectOption({ index: 1 });
  await page.getByTestId('field-callLimit').fill('2');
  for (const day of ['5', '6']) await page.getByTestId(`weekday-${day}`).click();
  await page.getByTestId('field-horaDesde').fill('00:00');
  await page.getByTestId('field-horaHasta').fill('23:59');
  // C-DIA-10: only .csv
  await page.getByTestId('field-csvFile').setInputFiles({ name: 'numbers.txt', mimeType: 'text/plain', buffer: Buffer.from('551130001000\n') });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/\.csv/)).toBeVisible();
  const numbers = Array.from({ length: 12 }, (_, i) => `5511300020${String(i).padStart(2, '0')}`);
  await page.getByTestId('field-csvFile').setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(`phone;name\n${numbers.map((n) => `${n};x`).join('\n')}\n`) });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'Renewals');
  await expect(row).toContainText('Stopped');
  const id = await rowId(row);

  await page.getByTestId(`start-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toContainText('Running');

  await page.getByTestId(`stats-${id}`).click();
  await expect(page.getByTestId('dialer-stat-total')).toHaveText('12');
  // the simulator dials: numbers leave pending while the dialog refreshes
  await expect(async () => {
    const dialed = Number(await page.getByTestId('dialer-stat-dialed').textContent());
    expect(dialed).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  await saveScreen(page, 'dialer-stats');
  await page.getByTestId('dialer-stats-close').click();

  await page.getByTestId(`stop-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).not.toContainText('Running');

  // C-DIA-17: deleted, it leaves the list
  await page.getByTestId(`delete-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toHaveCount(0);
});
