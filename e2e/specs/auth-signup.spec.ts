import { expect, test } from '@playwright/test';
import { uniqueName } from '../support/accounts.js';
import { enterCode, mailCount, screenshot, waitForNewCode } from '../support/auth.js';

test('sign up, verify the email with the mailed code, and be welcomed by name without logging in', async ({
  page,
}) => {
  const username = uniqueName('signup');
  const email = `${username}@example.com`;
  const password = 'secret123';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await screenshot(page, 'signup');

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  const seen = await mailCount(email);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/otp$/);
  await expect(page.getByRole('heading', { name: 'Verify code' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeDisabled();
  await screenshot(page, 'otp');

  // The code screen keeps its flow over a reload.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();

  // A wrong code first: the server's message, the boxes cleared and the cursor back in the first.
  const code = await waitForNewCode(email, seen);
  const wrong = code === '000000' ? '111111' : '000000';
  await enterCode(page, wrong);
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue('');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();

  // The right code signs in (issue #21): Home, no password asked again.
  await page.keyboard.type(code);
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
