import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { logIn, openWithToken, screenshot } from '../support/auth.js';

const docsScreenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

async function openSettings(page: Page) {
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** The whole screen at 390 px wide (the page scrolls inside the layout, so a full-page shot would cut it). */
async function tallScreenshot(page: Page, file: string) {
  await page.setViewportSize({ width: 390, height: 1900 });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function noAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
}

test('settings: theme and language stay after a reload, the password changes, the data downloads, the account ends', async ({
  page,
  request,
}) => {
  // Two axe scans, four tall screenshots, four reloads and ~60 steps: 23 s on a quiet machine, past 90 s once on
  // CI's busy two cores (its last step, the deletion, had done its work when the time ran out).
  test.setTimeout(180_000);
  const account = await createAccount(request, 'settings', 'first-secret1');
  await openWithToken(page, account.token, '/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  await openSettings(page);
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('switch')).toHaveCount(11);
  await noAxeViolations(page);
  await screenshot(page, 'settings-light');
  await tallScreenshot(page, path.join(docsScreenshots, 'settings.png'));

  // Dark, at once and after a reload.
  await appearance.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('switch')).toHaveCount(11);
  await noAxeViolations(page);
  await screenshot(page, 'settings-dark');
  await tallScreenshot(page, path.join(docsScreenshots, 'settings-dark.png'));

  // 简体中文, without a reload; the tabs speak Chinese, and still after a reload.
  await appearance.getByText('简体中文', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await screenshot(page, 'settings-zh');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  const tabs = page.getByRole('navigation', { name: '主导航' });
  await expect(tabs.getByRole('link', { name: '我的' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '首页' })).toBeVisible();
  await page.getByRole('link', { name: /^设置/ }).click();
  await page.getByRole('region', { name: '外观' }).getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await appearance.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // A switch saves on the server.
  const chatPush = page.getByRole('switch', { name: 'Chat: push' });
  await chatPush.click();
  await expect(chatPush).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Chat: push' })).not.toBeChecked();

  // Change password: a wrong current one is said under its field; then the right one.
  const accountSection = page.getByRole('region', { name: 'Account' });
  const newPassword = 'second-secret2';
  await accountSection.getByLabel('Current password', { exact: true }).fill('not-the-password');
  await accountSection.getByLabel('New password', { exact: true }).fill(newPassword);
  await accountSection.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await accountSection.getByRole('button', { name: 'Change password' }).click();
  await expect(accountSection.getByLabel('Current password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(accountSection.getByLabel('New password', { exact: true })).toHaveValue(newPassword);
  await accountSection.getByLabel('Current password', { exact: true }).fill(account.password);
  await accountSection.getByRole('button', { name: 'Change password' }).click();
  await expect(accountSection.getByText(/Your other devices were signed out/)).toBeVisible();
  // This device stays signed in with its new token.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const oldToken = await request.get(`/v1/users/${account.id}/preferences`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(oldToken.status()).toBe(401);

  // Download my data: a JSON file named after the user.
  const downloading = page.waitForEvent('download');
  await accountSection.getByRole('button', { name: /^Download my data/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^outing-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    profile: { username: string };
  };
  expect(file.profile.username).toBe(account.username);

  // Log out (asks first), then only the new password logs in.
  await page.goto('/');
  await page.getByRole('button', { name: 'Log out' }).click();
  const logoutDialog = page.getByRole('alertdialog', { name: 'Log out?' });
  await logoutDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await logoutDialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, account.username, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await logIn(page, account.username, newPassword);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();

  // Delete the account: the password confirms; then the login fails.
  await openSettings(page);
  await accountSection.getByRole('button', { name: /^Delete my account/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(/“Deleted user”/)).toBeVisible();
  await noAxeViolations(page);
  await screenshot(page, 'settings-delete');
  await dialog.getByLabel('Your password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByLabel('Your password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Your password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, account.username, newPassword);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
});
