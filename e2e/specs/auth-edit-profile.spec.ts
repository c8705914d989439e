import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createAccount, uniqueName } from '../support/accounts.js';
import { openWithToken, screenshot } from '../support/auth.js';

test('change the username: every rule, then the new name on home and in the stored token', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'rename');
  await openWithToken(page, account.token, '/profile/edit');
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  const username = page.getByLabel('Username');
  await expect(username).toHaveValue(account.username);
  await screenshot(page, 'profile-edit');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  const save = page.getByRole('button', { name: 'Save', exact: true });
  for (const [value, message] of [
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    [account.username, 'Username must be different from current username'],
  ] as const) {
    await username.fill(value);
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(message);
  }

  const renamed = uniqueName('renamed');
  await username.fill(renamed);
  await save.click();
  await expect(page.getByText('Username updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The stored token was replaced by the one carrying the new name, and it is accepted.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).not.toBe(account.token);
  const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as {
    username: string;
  };
  expect(claims.username).toBe(renamed);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${renamed}!` })).toBeVisible();
});
