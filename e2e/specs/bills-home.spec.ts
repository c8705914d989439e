import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import {
  billsOf,
  consolidateViaApi,
  createBillViaApi,
  createRoomWith,
  expectedPayments,
  personPage,
  todayLabel,
  GREEN,
  RED,
} from '../support/bills.js';

// The home screen's transactions panel (features/transactions TransactionsPanel).

test('the home panel: To Pay and To Receive, a reminder, a settle, then the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const cal = await createAccount(request, 'cal');
  const room = await createRoomWith(request, ann, [ben, cal], 'Saturday lunch');
  await createBillViaApi(request, ann, {
    roomId: room.id,
    name: 'Dinner',
    amount: 10,
    payers: [ben.id, cal.id],
    includeOwner: true,
  });
  await createBillViaApi(request, ben, {
    roomId: room.id,
    name: 'Taxi',
    amount: 7,
    payers: [ann.id, cal.id],
    includeOwner: false,
  });
  await consolidateViaApi(request, ann, room.id);
  const dinner = (await billsOf(request, ann, room.id)).find((b) => b.name === 'Dinner')!;
  const { calToAnn, calToBen } = expectedPayments(dinner.id);

  // cal owes both; ann and ben owe nothing.
  const pageC = await personPage(browser, cal, '/');
  const calToPay = pageC.getByRole('region', { name: 'To pay' });
  await expect(calToPay.getByRole('listitem')).toHaveCount(2);
  await expect(calToPay.getByRole('listitem').filter({ hasText: ann.username })).toContainText(calToAnn);
  await expect(calToPay.getByRole('listitem').filter({ hasText: ben.username })).toContainText(calToBen);
  await expect(pageC.getByRole('region', { name: 'To receive' })).toContainText('No bills to receive');

  const pageA = await personPage(browser, ann, '/');
  await expect(pageA.getByRole('region', { name: 'To pay' })).toContainText('No bills to pay');
  const annToReceive = pageA.getByRole('region', { name: 'To receive' }).getByRole('listitem');
  await expect(annToReceive).toHaveCount(1);
  await expect(annToReceive).toContainText(cal.username);
  await expect(annToReceive).toContainText('Saturday lunch');
  await expect(annToReceive).toContainText(calToAnn);

  // ann reminds cal; a second reminder within the hour is refused with the server's words.
  await pageA.getByRole('button', { name: `Remind ${cal.username}` }).click();
  await expect(pageA.getByText('Reminder created successfully!')).toBeVisible();
  await pageA.getByRole('button', { name: `Remind ${cal.username}` }).click();
  await expect(pageA.getByText('You already reminded them in the last hour.')).toBeVisible();
  await pageC.goto('/notifications');
  await expect(
    pageC.getByRole('listitem').filter({ hasText: `Pay ${calToAnn} to ${ann.username}!` }),
  ).toContainText('Reminder');

  // cal settles with ann through the pay sheet (issue #19): the row goes once the server has answered.
  await pageC.goto('/');
  await pageC.getByRole('button', { name: `Pay ${calToAnn} to ${ann.username}` }).click();
  await pageC.getByRole('button', { name: 'I’ve paid' }).click();
  await pageC.getByRole('button', { name: 'Yes, I’ve paid' }).click();
  await expect(pageC.getByText(`Marked as paid — waiting for ${ann.username} to confirm`)).toBeVisible();
  await expect(calToPay.getByRole('listitem')).toHaveCount(1);
  await expect(calToPay.getByRole('listitem')).toContainText(ben.username);
  await pageA.reload();
  await expect(pageA.getByRole('region', { name: 'To receive' })).toContainText('No bills to receive');

  // History: green for ann, red for cal.
  await pageA.goto('/profile');
  const historyA = pageA.getByRole('region', { name: 'Transaction history' });
  await expect(historyA.getByRole('heading', { level: 3 })).toHaveText([todayLabel()]);
  await expect(historyA.getByText(`+${calToAnn}`, { exact: true })).toHaveCSS('color', GREEN);
  await pageC.goto('/profile');
  const historyC = pageC.getByRole('region', { name: 'Transaction history' });
  await expect(historyC.getByText(`−${calToAnn}`, { exact: true })).toHaveCSS('color', RED);
});
