import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, type Account } from '../support/accounts.js';
import { createRoomWith, globalBaseUrl, personPage, postMessage } from '../support/chat.js';

/** The repository's docs/screenshots, wherever the specs are run from. */
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

async function call<T>(as: Account, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${globalBaseUrl()}/v1${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${as.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** `from` asks `to` to be friends; returns the request's id. */
async function befriend(from: Account, to: Account): Promise<number> {
  const sent = await call<{ id: number }>(from, 'POST', `/users/${from.id}/friends/requests`, {
    friendId: to.id,
  });
  return sent.id;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const tab = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });

test('notifications: a live badge, tap to the request, resolved after accepting; chat unread on Home; mark all', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await createAccount(request, 'ntf_a');
  const ben = await createAccount(request, 'ntf_b');
  const room = await createRoomWith(ann, [ben], undefined, 'Notify night');
  // Whatever joining told ben: start from nothing unread.
  await call(ben, 'POST', '/notifications/read-all', {});

  const page = await personPage(browser, ben, '/');
  await expect(page.getByRole('heading', { name: `Welcome, ${ben.username}!` })).toBeVisible();
  await expect(tab(page)).toHaveAccessibleName('Notifications');

  // ann asks ben to be friends: his badge rises while he looks, without a reload.
  await befriend(ann, ben);
  await expect(tab(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');

  // The notification leads to the requests screen, and is read by the tap.
  await tab(page).click();
  const item = page.getByRole('listitem').filter({ hasText: `${ann.username} sent you a friend request.` });
  await expect(item).toHaveAttribute('data-read', 'false');
  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/friends\/requests$/);
  await page.getByRole('button', { name: `Accept request from ${ann.username}` }).click();
  await expect(page.getByRole('button', { name: `Accept request from ${ann.username}` })).toHaveCount(0);

  // Back on the list: read and resolved, saying so; no badge.
  await page.goto('/notifications');
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(item).toHaveAttribute('data-resolved', 'true');
  await expect(item).toContainText('Accepted');
  await expect(tab(page)).toHaveAccessibleName('Notifications');

  // ann posts in their room: ben's Home card counts it; opening the chat clears it.
  await postMessage(ann, room, 'Who brings the snacks?');
  await page.goto('/');
  const card = page.getByRole('list', { name: 'Recent rooms' }).getByRole('link', { name: /Notify night/ });
  await expect(card.getByTestId('room-unread-badge')).toHaveText(/1/);
  await postMessage(ann, room, 'I can!');
  await expect(card.getByTestId('room-unread-badge')).toHaveText(/2/);
  await page.screenshot({ path: test.info().outputPath('home-unread.png') });
  await expectNoAxeViolations(page);
  await card.click();
  await page.getByRole('link', { name: /^Chat/ }).click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('I can!')).toBeVisible();
  await page.getByRole('button', { name: 'Mute chat' }).click();
  await expect(page.getByRole('button', { name: 'Mute chat' })).toHaveAttribute('aria-pressed', 'true');
  const toast = page.getByText('Chat muted: no notifications for new messages.');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath('chat-muted.png') });
  await expectNoAxeViolations(page);
  const rows = await call<{ roomId: string; muted: boolean }[]>(ben, 'GET', '/rooms/unread');
  expect(rows.find((r) => r.roomId === room)?.muted).toBe(true);
  // The chat is read while it shows (debounced), then Home has no badge for it.
  await expect
    .poll(
      async () =>
        (await call<{ roomId: string; unread: number }[]>(ben, 'GET', '/rooms/unread')).find(
          (r) => r.roomId === room,
        )?.unread,
    )
    .toBe(0);
  await page.goto('/');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('room-unread-badge')).toHaveCount(0);

  // Two more people accept ben's requests: two unread that only inform.
  for (const prefix of ['ntf_c', 'ntf_d']) {
    const other = await createAccount(request, prefix);
    const id = await befriend(ben, other);
    await call(other, 'PATCH', `/users/${other.id}/friends/requests`, { requestId: id, action: 'accept' });
  }
  await expect(tab(page)).toHaveAccessibleName('Notifications, 2 unread');
  await tab(page).click();
  await expect(page.getByText('2 unread', { exact: true })).toBeVisible();
  await page.screenshot({ path: shot('notifications') });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByText('2 unread', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notifications-dark.png') });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All caught up')).toBeVisible();
  await expect(tab(page)).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(page.getByText('All caught up')).toBeVisible();
  await expect(tab(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('listitem').filter({ has: page.locator('[data-read="false"]') })).toHaveCount(
    0,
  );
});
