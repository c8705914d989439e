import { expect, test } from '@playwright/test';
import { googleProfile } from '../support/oidc-provider.js';

test('Continue with Google signs in through the provider and comes back home', async ({ page }) => {
  const { name } = googleProfile();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Google sign-in comes back to a deep link visited while signed out', async ({ page }) => {
  await page.goto('/rooms?tab=mine');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/rooms\?tab=mine$/);
});

test('a return with a state this tab did not send is refused without calling the server', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/auth/google')) calls.push(request.url());
  });
  await page.goto('/login');
  await page.evaluate(() => sessionStorage.setItem('outing.googleState', 'the-real-state'));
  await page.goto('/auth/google/callback?code=stolen-code&state=forged-state');
  await expect(page.getByRole('alert')).toHaveText(
    'We could not confirm this Google sign-in came from you. Please try again.',
  );
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(calls).toEqual([]);
});
