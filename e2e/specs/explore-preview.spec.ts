import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, uniqueName, type Account } from '../support/accounts.js';
import { enterCode, mailCount, waitForNewCode } from '../support/auth.js';
import { closePeople, createRoomViaApi, personPage } from '../support/rooms.js';

// Issue #20 items 6 (feed), 7 (preference), 9 (preview) and 10 (Explore), against the real server.

test.afterEach(closePeople);

/** The whole screen into docs/screenshots (the app scrolls inside <main>: a viewport shot is the screen). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url)),
    animations: 'disabled',
    caret: 'hide',
  });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function joinViaApi(request: APIRequestContext, account: Account, roomId: string): Promise<void> {
  const res = await request.patch(`/v1/rooms/${roomId}/join`, { headers: auth(account) });
  if (!res.ok()) throw new Error(`join failed: ${res.status()} ${await res.text()}`);
}

/** Explore's cards, in the order shown. */
const cardNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Public outings' })
    .getByRole('link')
    .evaluateAll((links) => links.map((l) => (l as HTMLElement).innerText.split('\n')[0]?.trim() ?? ''));

test('Explore tab: upcoming public rooms only, soonest first, searched by name or venue, paged', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const host = await createAccount(request, 'xhost');
  const viewer = await createAccount(request, 'xview');
  const tag = Date.now().toString(36).slice(-5);

  // More than one page (12) of public rooms carrying the tag, created out of order.
  const days = [14, 3, 9, 1, 12, 6, 2, 10, 5, 13, 4, 8, 7, 11];
  for (const d of days) {
    await createRoomViaApi(request, host, {
      name: `Meetup ${tag} ${String(d).padStart(2, '0')}`,
      venue: `Hall ${tag}`,
      inDays: d,
    });
  }
  // Not to be listed: private, already started (yesterday), closed, and one the viewer is already in.
  await createRoomViaApi(request, host, { name: `Meetup ${tag} private`, venue: 'Hidden', isPrivate: true });
  await createRoomViaApi(request, host, { name: `Meetup ${tag} gone`, venue: 'Past Hall', inDays: -1 });
  const closed = await createRoomViaApi(request, host, { name: `Meetup ${tag} closed`, venue: 'Shut Hall' });
  await request.patch(`/v1/rooms/${closed.id}/close`, { headers: auth(host) });
  const mine = await createRoomViaApi(request, host, { name: `Meetup ${tag} mine`, venue: 'My Hall' });
  await joinViaApi(request, viewer, mine.id);
  // Found by its venue only.
  const picnic = await createRoomViaApi(request, host, {
    name: `Sunset Picnic ${tag}`,
    venue: `Kew${tag} Gardens`,
    inDays: 2,
    image: 'travel',
  });

  const page = await personPage(browser, viewer, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Explore', 'Notifications', 'Profile']);
  await nav.getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Public outings' })).toBeVisible();
  await shot(page, 'explore');
  await expectNoAxeViolations(page);

  // The search goes into the URL; the first page holds 12, the rest comes as the list scrolls.
  const search = page.getByRole('searchbox', { name: 'Search outings by name or venue' });
  await search.fill(`meetup ${tag}`);
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=meetup\\+${tag}$`));
  const list = page.getByRole('list', { name: 'Public outings' });
  await expect(list.getByRole('link')).toHaveCount(12);
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(list.getByRole('link')).toHaveCount(14);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const expected = [...days].sort((a, b) => a - b).map((d) => `Meetup ${tag} ${String(d).padStart(2, '0')}`);
  expect(await cardNames(page)).toEqual(expected);
  await expect(list).not.toContainText(/private|gone|closed|mine/);

  // A reload keeps the search.
  await page.reload();
  await expect(search).toHaveValue(`meetup ${tag}`);
  await expect(list.getByRole('link')).toHaveCount(12);

  // By venue: the name does not carry the word.
  await search.fill(`kew${tag}`);
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list).toContainText(picnic.name);
  await expect(list).toContainText(`Kew${tag} Gardens`);
  await shot(page, 'explore-search');

  await search.fill(`nothing-${tag}`);
  await expect(page.getByText(`Nothing matches “nothing-${tag}”`)).toBeVisible();

  // A card opens the preview, whose Join opens the room.
  await search.fill(`kew${tag}`);
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/room/${picnic.id}/preview$`));
  await expect(page.getByRole('heading', { level: 1, name: picnic.name })).toBeVisible();
  await page.getByRole('button', { name: 'Join' }).click();
  // The toast first: it lasts 3 s, which a busy machine can spend loading the room's screen.
  await expect(page.getByText(`You joined ${picnic.name}!`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/room/${picnic.id}$`));
});

test('a signed-out visitor of a room link sees the preview without member names, signs up and lands in the room', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const host = await createAccount(request, 'phost');
  const member = await createAccount(request, 'pmember');
  const tag = Date.now().toString(36).slice(-5);
  const room = await createRoomViaApi(request, host, {
    name: `Rooftop Dinner ${tag}`,
    venue: 'Sky Garden',
    image: 'party',
    isPrivate: true,
  });
  await joinViaApi(request, member, room.id);

  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  try {
    const page = await context.newPage();
    await page.goto(`/room/${room.id}`);
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/room/${room.id}$`));
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText('2 going');
    await expect(details).toContainText(host.username);
    await expect(details).toContainText('Sky Garden');
    await expect(page.getByText(member.username)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await shot(page, 'preview-signed-out');
    await expectNoAxeViolations(page);

    // Sign up and verify (which signs in): back on the preview, now with Join.
    await page.getByRole('link', { name: 'Sign up to join' }).click();
    await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    const username = uniqueName('newbie');
    const email = `${username.toLowerCase()}@example.com`;
    const password = 'secret123';
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    const seen = await mailCount(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/otp$/);
    // The right code signs in (issue #21), and the saved path leads back to the room.
    await enterCode(page, await waitForNewCode(email, seen));

    await expect(page).toHaveURL(new RegExp(`/room/${room.id}/preview$`));
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page).toHaveURL(new RegExp(`/room/${room.id}$`));
    await expect(page.getByText(`You joined ${room.name}!`)).toBeVisible();
    // In the room now: the members are there to see.
    await expect(page.getByText(member.username).first()).toBeVisible();
    await expect(page.getByText(username).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('calendar link: created, read without a token, revoked; the reminder switch stays as set', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createAccount(request, 'cal');
  const tag = Date.now().toString(36).slice(-5);
  const room = await createRoomViaApi(request, user, { name: `Board Games ${tag}`, venue: 'Draughts Cafe' });

  const page = await personPage(browser, user, '/profile');
  await page.getByRole('link', { name: /Calendar & reminders/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar & reminders' })).toBeVisible();
  const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await feed.getByRole('button', { name: 'Create calendar link' }).click();
  const box = feed.getByRole('textbox', { name: 'Your calendar link' });
  await expect(box).toHaveValue(/\/v1\/calendar\/[^/]+\.ics$/);
  const url = await box.inputValue();
  await expect(feed.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    /^webcal:\/\//,
  );
  await shot(page, 'calendar-settings');
  await expectNoAxeViolations(page);

  // A calendar app reads it without any token (relative to this server, whatever the public origin is).
  const path = new URL(url).pathname;
  const ics = await request.get(path);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const text = await ics.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR/);
  expect(text).toContain(`SUMMARY:Board Games ${tag}`);
  expect(text).toContain(room.id);

  await feed.getByRole('button', { name: 'Revoke link' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke calendar link?' });
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('Calendar link revoked')).toBeVisible();
  await expect(feed.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
  expect((await request.get(path)).status()).toBe(404);

  // Reminders: on by default, off after the switch, still off after a reload.
  const reminders = page.getByRole('switch', { name: 'Remind me before outings' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(page.getByText('Reminders are off')).toBeVisible();
  await page.reload();
  await expect(reminders).not.toBeChecked();
  const saved = await request.get(`/v1/users/${user.id}/preferences`, { headers: auth(user) });
  expect(((await saved.json()) as { data: { eventReminders: boolean } }).data.eventReminders).toBe(false);
  await reminders.click();
  await page.reload();
  await expect(reminders).toBeChecked();
});
