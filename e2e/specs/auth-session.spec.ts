import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { logIn, openWithToken } from '../support/auth.js';

test('a deep link visited while signed out comes back after login', async ({ page, request }) => {
  const account = await createAccount(request, 'deeplink');
  await page.goto('/friends/requests');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/friends\/requests$/);
});

test('logout shows a spinner, returns to /login, and the old token no longer works', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'logout');
  const stillSignedIn = () =>
    request.patch(`/v1/users/${account.id}`, {
      headers: { Authorization: `Bearer ${account.token}` },
      data: { field: 'username', value: account.username },
    });
  // With a live token the call gets past authentication (and fails validation: the same name).
  expect((await stillSignedIn()).status()).toBe(400);

  await openWithToken(page, account.token);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  // The spinner shows until the server has revoked the session and 0.5 s have passed (5 s at most). A busy host
  // can spend those 0.5 s before the assertion first looks, and find the page at /login: the revoking call is held
  // until the spinner has been seen, then let go.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached = () => {};
  const sent = new Promise<void>((resolve) => (reached = resolve));
  await page.route('**/v1/auth/logout', async (route) => {
    reached();
    await held;
    await route.continue();
  });
  const revoked = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/v1/auth/logout' && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logout asks first (issue #21).
  await page.getByRole('alertdialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await sent;
  await expect(page.getByRole('status', { name: 'Logging out' })).toBeVisible();
  release();
  expect((await revoked).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  const after = await stillSignedIn();
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

  // Back to a protected page: the login screen, not the old session.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
