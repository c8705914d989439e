import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { enterCode, logIn, mailCount, screenshot, waitForNewCode } from '../support/auth.js';

test('forgot password: code by mail, a new password, and only the new password logs in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'reset', 'old-secret1');
  const newPassword = 'new-secret2';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await screenshot(page, 'forgot');

  await page.getByLabel('Email').fill(account.email);
  const seen = await mailCount(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await enterCode(page, await waitForNewCode(account.email, seen));

  await expect(page).toHaveURL(/\/password\/reset$/);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  // The reset token travels in history state, never in the address.
  expect(page.url()).not.toContain('token');
  await expect(page.getByText(account.email)).toBeVisible();
  // The code screen's toast has had its 3 s.
  await expect(page.getByText('Code accepted. Choose a new password.')).toBeHidden({ timeout: 5000 });
  await screenshot(page, 'reset');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // Every rule of the screen first.
  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await password.fill('short');
  await confirm.fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshot(page, 'reset-errors');

  await password.fill(newPassword);
  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, account.username, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await logIn(page, account.username, newPassword);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
});
