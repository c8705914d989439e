import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createBillViaApi } from '../support/bills.js';
import {
  createRoomWith,
  expectOnce,
  globalBaseUrl,
  messageRows,
  personPage,
  postMessage,
} from '../support/chat.js';
import { planScreenshot } from '../support/plans.js';

// Issue #21: a room opened lately opens offline from the kept cache, with the offline banner; a message sent
// offline shows as queued and is delivered once when the connection returns. Issue 37: the room's money says as of
// when; the chat of a room never opened here says its messages load on reconnect (no spinner), and what is sent
// there shows queued too.

const OFFLINE = "You're offline. Outing will catch up when it can reach the server again.";

test('offline: a recent room opens from the kept cache, and a message sent offline is delivered once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const roomId = await createRoomWith(ann, [ben], undefined, 'Offline picnic');
  const neverOpened = await createRoomWith(ann, [ben], undefined, 'Never opened');
  await postMessage(ben, roomId, 'Bring a blanket');
  await postMessage(ann, roomId, 'And sandwiches');
  await createBillViaApi(request, ann, {
    roomId,
    name: 'Picnic basket',
    amount: 30,
    payers: [ben.id],
    includeOwner: true,
  });

  // Online: Ann opens the room and its chat (they are kept), and the service worker takes the page.
  const page = await personPage(browser, ann, `/room/${roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Offline picnic' })).toBeVisible();
  await expect(page.getByText(ben.username).first()).toBeVisible();
  await expect(page.getByText('Picnic basket').first()).toBeVisible();
  await page.waitForTimeout(1500);
  await page.goto(`/room/${roomId}/chat`);
  await expectOnce(page, 'Bring a blanket');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expectOnce(page, 'And sandwiches');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The kept cache is written a moment after the answers arrive.
  await page.waitForTimeout(2000);

  // Offline: the room opens with its details and the banner; the chat with its messages.
  await page.context().setOffline(true);
  await page.goto(`/room/${roomId}`);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Offline picnic' })).toBeVisible();
  await expect(page.getByText(ben.username).first()).toBeVisible();
  // Its money too, as of when it was read.
  await expect(page.getByText('Picnic basket').first()).toBeVisible();
  await expect(page.getByTestId('money-as-of')).toContainText("You're offline: balances as of ");
  await page.getByTestId('money-as-of').scrollIntoViewIfNeeded();
  await planScreenshot(page, 'offline-room-money-as-of');
  await page.screenshot({ path: 'screenshots/offline-room.png' });
  await page.goto(`/room/${roomId}/chat`);
  await expectOnce(page, 'Bring a blanket');
  await expectOnce(page, 'And sandwiches');
  await expect(page.getByText(OFFLINE)).toBeVisible();

  // A message sent offline shows at once as queued, and survives a reload.
  await page.getByRole('textbox', { name: 'Message' }).fill('Sent from the tunnel');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(messageRows(page, 'Sent from the tunnel')).toHaveAttribute('data-pending', 'true');
  await expect(messageRows(page, 'Sent from the tunnel')).toContainText(
    "Queued — sends when you're back online",
  );
  // Beside it, one the server refused on a retry ("Not sent": Retry or Delete).
  await page.evaluate((room) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('outing.outbox.'))!;
    const entries = JSON.parse(localStorage.getItem(key)!) as unknown[];
    const failed = {
      clientId: 'refused-1234',
      roomId: room,
      content: 'Refused one',
      after: 0,
      sentAt: new Date().toISOString(),
      state: 'failed',
    };
    localStorage.setItem(key, JSON.stringify([...entries, failed]));
  }, roomId);
  await page.reload();
  await expect(messageRows(page, 'Sent from the tunnel')).toHaveAttribute('data-pending', 'true');
  await expect(messageRows(page, 'Refused one')).toContainText('Not sent');
  await page.screenshot({ path: 'screenshots/offline-chat-sending.png' });
  const axe = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`);
  expect(await axe()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'screenshots/offline-chat-sending-dark.png' });
  expect(await axe()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await messageRows(page, 'Refused one').getByRole('button', { name: 'Delete' }).click();
  await expect(messageRows(page, 'Refused one')).toHaveCount(0);

  // A room whose chat was never opened here: nothing kept, nothing to load until the connection returns.
  await page.goto(`/room/${neverOpened}/chat`);
  await expect(page.getByText("You're offline — messages will load when you reconnect.")).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading messages' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill('Anyone there?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(messageRows(page, 'Anyone there?')).toContainText("Queued — sends when you're back online");
  await planScreenshot(page, 'offline-chat-never-opened');
  await page.goto(`/room/${roomId}/chat`);
  await expect(messageRows(page, 'Sent from the tunnel')).toHaveAttribute('data-pending', 'true');

  // Back online: delivered once, for Ann, for Ben, and on the server.
  const benPage = await personPage(browser, ben, `/room/${roomId}/chat`);
  await expectOnce(benPage, 'And sandwiches');
  await page.context().setOffline(false);
  await expect(messageRows(page, 'Sent from the tunnel')).not.toHaveAttribute('data-pending', {
    timeout: 20_000,
  });
  await expectOnce(page, 'Sent from the tunnel');
  await expectOnce(benPage, 'Sent from the tunnel', 20_000);
  const res = await fetch(`${globalBaseUrl()}/v1/rooms/${roomId}/messages?page=1&asc=false&pageSize=50`, {
    headers: { Authorization: `Bearer ${ann.token}` },
  });
  const body = (await res.json()) as { data: { messages: { content: string }[] } };
  expect(body.data.messages.filter((m) => m.content === 'Sent from the tunnel')).toHaveLength(1);
  // The one sent in the room never opened, too.
  await expect
    .poll(async () => {
      const other = await fetch(
        `${globalBaseUrl()}/v1/rooms/${neverOpened}/messages?page=1&asc=false&pageSize=50`,
        { headers: { Authorization: `Bearer ${ann.token}` } },
      );
      const page2 = (await other.json()) as { data: { messages: { content: string }[] } };
      return page2.data.messages.filter((m) => m.content === 'Anyone there?').length;
    })
    .toBe(1);
});
