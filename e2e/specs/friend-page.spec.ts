import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { createRoomWith, personPage } from '../support/bills.js';
import { addBill } from '../support/money.js';
import { befriend } from '../support/rooms.js';

// A friend's page (issue 37 item 4): the Friends list's row opens it, with the balance and the rooms you share.

/** The repository's docs/screenshots, wherever the specs are run from. */
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

test('a friend row opens the friend: what you owe them, the room you share, Settle up', async ({
  browser,
  request,
}) => {
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  await befriend(request, ann, ben);
  // Ann paid $25.00 for both of them: Ben owes her $12.50.
  const dinner = await createRoomWith(request, ann, [ben], 'Crab dinner');
  await addBill(request, ann, {
    roomId: dinner.id,
    name: 'Chilli crab',
    amount: 25,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });

  const page = await personPage(browser, ben, '/friends');
  const row = page.getByRole('link', { name: ann.username, exact: true });
  await expect(row).toContainText('you owe US$12.50');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: shot('friends-list'), animations: 'disabled', caret: 'hide' });
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/friends/${ann.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: ann.username })).toBeVisible();
  await expect(page).toHaveTitle(`${ann.username} · Friends · Outing`);
  const balance = page.getByRole('region', { name: 'Your balance' });
  await expect(balance.getByText(`You owe ${ann.username} US$12.50`)).toBeVisible();
  await expect(balance.getByRole('button', { name: `Settle up with ${ann.username}` })).toBeVisible();
  const rooms = page.getByRole('region', { name: 'Rooms together' });
  await expect(rooms.getByRole('link', { name: /Crab dinner/ })).toHaveAttribute(
    'href',
    `/room/${dinner.id}`,
  );
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: shot('friend-page'), animations: 'disabled', caret: 'hide' });

  await rooms.getByRole('link', { name: /Crab dinner/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crab dinner' })).toBeVisible();
});
