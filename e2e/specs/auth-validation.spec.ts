import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uniqueName } from '../support/accounts.js';
import { screenshot } from '../support/auth.js';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('login: both required fields, then the catalogue message for a wrong pair', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await screenshot(page, 'login');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeFocused();
  await screenshot(page, 'login-errors');

  await page.getByLabel('Username or email').fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('whatever1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page.getByLabel('Username or email')).toHaveValue('nobody_here');
});

test('sign-up: every rule, and the catalogue message for a taken name', async ({ page, request }) => {
  await page.goto('/signup');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  for (const message of [
    'Username must be at least 3 characters',
    'Enter a valid email address',
    'Password must be at least 6 characters',
    'Passwords do not match',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await screenshot(page, 'signup-errors');

  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveCount(4);

  // A verified account holds the name: 409.
  const taken = uniqueName('taken');
  const { createAccount } = await import('../support/accounts.js');
  const existing = await createAccount(request, taken);
  await page.getByLabel('Username').fill(existing.username);
  await page.getByLabel('Email').fill(`other_${existing.email}`);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username or email already exists.');
});

test('forgot password: the email rule', async ({ page }) => {
  await page.goto('/password/forgot');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('someone@nowhere');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
});

test('code screen: six digits, and a missing email', async ({ page }) => {
  await page.goto('/otp');
  await expect(page.getByRole('alert')).toHaveText('Invalid email received, please try again later.');

  // Any address gets the same answer (no enumeration), so the code screen follows.
  await page.goto('/password/forgot');
  await page.getByLabel('Email').fill(`${uniqueName('nobody')}@example.com`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type('12a3');
  await expect(page.getByLabel('Digit 3 of 6')).toHaveValue('3');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid 6-digit OTP.');
  await screenshot(page, 'otp-errors');
});
