import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('a signed-in tab holds the hub connection: the top bar dot turns live', async ({ page }) => {
  await login(page, 'acme', 'admin');
  const dot = page.getByTestId('hub-state');
  await expect(dot).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(dot).toHaveAttribute('title', /live/i);
});
