import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createRoomWith, personPage, postMessage } from '../support/chat.js';

test('the room page’s Chat button counts new messages of that room only, not your own', async ({
  browser,
  request,
}) => {
  const host = await createAccount(request, 'unread_h');
  const guest = await createAccount(request, 'unread_g');
  const here = await createRoomWith(host, [guest], undefined, 'Here');
  const elsewhere = await createRoomWith(host, [guest], undefined, 'Elsewhere');

  const page = await personPage(browser, guest, `/room/${here}`);
  const chat = page.getByRole('link', { name: /^Chat/ });
  await expect(chat).toBeVisible();
  await expect(page.getByTestId('chat-unread-badge')).toHaveCount(0);
  // The counter counts what arrives while the page is open: post until the socket has delivered one.
  const badge = page.getByTestId('chat-unread-badge');
  for (let i = 0; i < 12 && (await badge.count()) === 0; i++) {
    await postMessage(host, here, `warm-up ${i}`);
    await page.waitForTimeout(500);
  }
  await expect(badge).toBeVisible();
  const before = Number((await badge.textContent())?.match(/^\d+/)?.[0]);

  await postMessage(host, here, 'second');
  await postMessage(host, elsewhere, 'in another room');
  await postMessage(guest, here, 'my own');
  await expect(chat).toHaveAccessibleName(new RegExp(`\\(${before + 1} unread\\)`));
  await page.waitForTimeout(500); // the other room's and my own message must not add to it
  await expect(chat).toHaveAccessibleName(new RegExp(`\\(${before + 1} unread\\)`));

  await chat.click();
  await expect(page).toHaveURL(new RegExp(`/room/${here}/chat$`));
  await page.goBack();
  await expect(page.getByTestId('chat-unread-badge')).toHaveCount(0);
});
