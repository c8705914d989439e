import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { openWithToken, screenshot } from '../support/auth.js';
import { createRoomViaApi } from '../support/rooms.js';

/** axe's colour-contrast rule only: every text on its background, as rendered in the current theme. */
async function expectContrast(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme} theme: Home, a room and Settings pass axe colour-contrast`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const account = await createAccount(request, `theme_${theme}`);
    const room = await createRoomViaApi(request, account, {
      name: `Contrast picnic ${theme}`,
      venue: 'Hyde Park',
      description: 'Bring a blanket.',
    });
    // The choice as Settings keeps it; the boot script applies it before the first paint.
    await page.addInitScript((choice) => localStorage.setItem('outing.theme', choice), theme);
    await openWithToken(page, account.token, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
    await expect(page.getByText(room.name).first()).toBeVisible();
    await expectContrast(page);
    await screenshot(page, `theme-${theme}-home`);

    await page.goto(`/room/${room.id}`);
    await expect(page.getByRole('heading', { name: room.name })).toBeVisible();
    await expectContrast(page);
    await screenshot(page, `theme-${theme}-room`);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Friends: push' })).toBeVisible();
    // A switch off too: its track and the hints around it.
    await page.getByRole('switch', { name: 'Chat: push' }).click();
    await expect(page.getByRole('switch', { name: 'Chat: push' })).not.toBeChecked();
    await expectContrast(page);
    await page.getByRole('button', { name: /^Delete my account/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
    await expectContrast(page);
  });
}
