import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { openWithToken, screenshot } from '../support/auth.js';
import { auth } from '../support/bills.js';
import { addBill } from '../support/money.js';
import { befriend, createRoomViaApi } from '../support/rooms.js';

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

/** Every other screen of the app, signed in, at rest (its reads answered): each one's text against its background. */
const SCREENS = (roomId: string) => [
  '/explore',
  '/notifications',
  '/profile',
  '/profile/edit',
  '/profile/payments',
  '/profile/past',
  '/settings/calendar',
  '/friends',
  '/friends/requests',
  '/rooms',
  '/rooms/create',
  '/rooms/invites',
  `/room/${roomId}/chat`,
  `/room/${roomId}/edit`,
  `/room/${roomId}/bill/create`,
];

for (const theme of ['light', 'dark'] as const) {
  test(`${theme} theme: every other screen passes axe colour-contrast`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000); // 20 screens, each scanned; 2.0–2.1 min on CI's busy two cores
    const account = await createAccount(request, `screens_${theme}`);
    const friend = await createAccount(request, `screens_f_${theme}`);
    await befriend(request, account, friend);
    const room = await createRoomViaApi(request, account, { name: `Screens ${theme}`, venue: 'Hyde Park' });
    // Money for the room's Money section: the friend joins and owes the host half of a bill.
    const joined = await request.patch(`/v1/rooms/${room.id}/join`, { headers: auth(friend) });
    expect(joined.ok()).toBe(true);
    await addBill(request, account, {
      roomId: room.id,
      name: 'Picnic',
      amount: 24,
      split: { mode: 'equal', userIds: [account.id, friend.id] },
    });
    await page.addInitScript((choice) => localStorage.setItem('outing.theme', choice), theme);
    await openWithToken(page, account.token, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const problems: string[] = [];
    for (const path of SCREENS(room.id)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
      for (const v of results.violations) problems.push(`${path}: ${v.nodes.map((n) => n.target).join(' ')}`);
    }

    // The room's Money section (where the bills and payments of the old split page are now), loaded, with the
    // host's net, who pays whom, the bill and the host's Settle up.
    await page.goto(`/room/${room.id}#money`);
    const money = page.getByRole('region', { name: /^Money/ });
    await expect(money.getByLabel('Your money in this room')).toContainText('You are owed');
    await expect(money.getByTestId('transfer')).toHaveCount(1);
    await expect(money.getByTestId('money-bill')).toHaveText([/^Picnic/]);
    await expect(money.getByRole('button', { name: 'Tell everyone' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
    await page.evaluate(() => document.getElementById('money')?.scrollIntoView({ block: 'start' }));
    const moneyScan = await new AxeBuilder({ page })
      .include('#money')
      .withRules(['color-contrast'])
      .analyze();
    for (const v of moneyScan.violations) problems.push(`#money: ${v.nodes.map((n) => n.target).join(' ')}`);
    await screenshot(page, `theme-${theme}-room-money`);
    expect(problems).toEqual([]);

    // Signed out: the welcome, login and sign-up screens.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const signedOut = await context.newPage();
    await signedOut.addInitScript((choice) => localStorage.setItem('outing.theme', choice), theme);
    for (const path of ['/', '/login', '/signup', '/password/forgot']) {
      await signedOut.goto(path);
      await expect(signedOut.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectContrast(signedOut);
    }
    await context.close();
  });
}
