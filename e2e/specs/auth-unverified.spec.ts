import { expect, test } from '@playwright/test';
import { enterCode, logIn, mailCount, waitForNewCode } from '../support/auth.js';
import { unverifiedAccount } from '../support/seed.js';

test('an unverified account gets a fresh code on login, and verifying it signs in', async ({ page }) => {
  test.setTimeout(75_000);
  const account = unverifiedAccount();
  // A new verify code can be mailed 30 s after the sign-up's: the set-up seeded the account early to use up that wait.
  const wait = account.createdAt + 31_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);

  const seen = await mailCount(account.email);
  await page.goto('/login');
  await logIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByText(account.email)).toBeVisible();
  const code = await waitForNewCode(account.email, seen);

  await enterCode(page, code);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
});
