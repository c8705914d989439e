import { expect, test, type Page } from '@playwright/test';
import { createAccount, type Account } from '../support/accounts.js';
import {
  auth,
  billsOf,
  createRoomWith,
  expectedPayments,
  personPage,
  todayLabel,
  transactionsOf,
  GREEN,
  RED,
} from '../support/bills.js';

/**
 * The screen as the room page would open it, but with a reload's empty navigation state. The form splits equally
 * among everyone by default; `includeMyself: false` unticks the signed-in user.
 */
async function createBillOnScreen(
  page: Page,
  roomId: string,
  bill: { name: string; amount: string; includeMyself: boolean },
  screenshot?: string,
) {
  await page.goto(`/room/${roomId}/bill/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create bill' })).toBeVisible();
  await page.getByLabel('Bill name').fill(bill.name);
  await page.getByLabel('Amount', { exact: true }).fill(bill.amount);
  if (!bill.includeMyself)
    await page
      .getByRole('group', { name: 'Split between' })
      .getByRole('checkbox', { name: /\(you\)$/ })
      .uncheck();
  return async () => {
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Create bill' }).click();
    await expect(page.getByText('Bill created successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/room/${roomId}$`));
  };
}

const payments = (page: Page) => page.getByRole('list', { name: 'Payments' }).getByTestId('payment');

test('three people: two bills on the create screen, consolidated by the host, reminded, settled, in the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const cal = await createAccount(request, 'cal');
  const room = await createRoomWith(request, ann, [ben, cal], 'Friday dinner');
  const pageA = await personPage(browser, ann, '/');
  const pageB = await personPage(browser, ben, '/');
  const pageC = await personPage(browser, cal, '/');

  // Dinner 10.00 by ann, shared by all three: 10.00 does not split evenly, so the preview says who pays the
  // extra cent is decided on save.
  const submitDinner = await createBillOnScreen(
    pageA,
    room.id,
    { name: 'Dinner', amount: '10', includeMyself: true },
    'screenshots/bill-create.png',
  );
  const shares = pageA.getByTestId('share');
  await expect(shares).toHaveCount(3);
  await expect(shares.nth(0)).toHaveText(new RegExp(`^${ann.username} \\(you\\)(US)?\\$3\\.3[34]$`));
  await expect(
    pageA.getByText(/who pays the extra (US)?\$0\.01 is decided when the bill is saved/),
  ).toBeVisible();
  const amounts = (await shares.allTextContents()).map((t) => /\$(\d+\.\d\d)$/.exec(t)?.[1]).sort();
  expect(amounts).toEqual(['3.33', '3.33', '3.34']);
  await submitDinner();

  // Taxi 7.00 by ben for ann and cal, ben not included: 3.50 each, exactly.
  const submitTaxi = await createBillOnScreen(pageB, room.id, {
    name: 'Taxi',
    amount: '7.00',
    includeMyself: false,
  });
  // Amounts in the room's currency (USD) and the browser's locale (en-GB writes it US$).
  await expect(pageB.getByTestId('share')).toHaveText([`${ann.username}US$3.50`, `${cal.username}US$3.50`]);
  await submitTaxi();

  // The host's split screen: by owner (ben's bill is the newest), with each total and the room's.
  await pageA.goto(`/room/${room.id}/bill/split`);
  await expect(pageA.getByTestId('room-total')).toHaveText('US$17.00');
  const groups = pageA.getByTestId('bill-group');
  await expect(groups).toHaveCount(2);
  await groups
    .nth(0)
    .getByRole('button', { name: new RegExp(ben.username) })
    .click();
  await groups
    .nth(1)
    .getByRole('button', { name: new RegExp(ann.username) })
    .click();
  await expect(groups.nth(0).getByTestId('bill')).toContainText(
    `TaxiUS$7.00Split between ${ann.username}, ${cal.username} (${ben.username} not included)`,
  );
  await expect(groups.nth(1).getByTestId('bill')).toContainText(
    `DinnerUS$10.00Split between ${ann.username}, ${ben.username}, ${cal.username}`,
  );
  await pageA.screenshot({ path: 'screenshots/bill-split.png', fullPage: true });

  // Ben, not the host, sees no Consolidate button.
  await pageB.goto(`/room/${room.id}/bill/split`);
  await expect(pageB.getByTestId('room-total')).toHaveText('US$17.00');
  await expect(pageB.getByRole('button', { name: 'Consolidate' })).toHaveCount(0);

  await pageA.getByRole('button', { name: 'Consolidate' }).click();
  await pageA.getByRole('alertdialog').getByRole('button', { name: 'Consolidate' }).click();
  await expect(pageA.getByText('Bill consolidated successfully')).toBeVisible();
  await expect(pageA).toHaveURL(new RegExp(`/room/${room.id}$`));

  // Exactly the expected payments, to the cent, for each of the three.
  const dinner = (await billsOf(request, ann, room.id)).find((b) => b.name === 'Dinner')!;
  const { calToAnn, calToBen } = expectedPayments(dinner.id);
  await pageA.goto(`/room/${room.id}/bill/split`);
  // Each payment: the names with an arrow between them (seen), the sentence (read out), the amount, paid or not.
  await expect(payments(pageA)).toHaveText([
    `${cal.username}You${cal.username} pays you${calToAnn}Unpaid`,
    `${cal.username}${ben.username}${cal.username} pays ${ben.username}${calToBen}`,
  ]);
  await expect(pageA.getByRole('button', { name: 'Consolidate' })).toHaveCount(0);
  await expect(pageA.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await pageA.screenshot({ path: 'screenshots/bill-split-consolidated.png', fullPage: true });
  await pageB.goto(`/room/${room.id}/bill/split`);
  await expect(payments(pageB)).toHaveText([
    `${cal.username}${ann.username}${cal.username} pays ${ann.username}${calToAnn}`,
    `${cal.username}You${cal.username} pays you${calToBen}Unpaid`,
  ]);
  await pageC.goto(`/room/${room.id}/bill/split`);
  await expect(payments(pageC)).toHaveText([
    `You${ann.username}You pay ${ann.username}${calToAnn}Unpaid`,
    `You${ben.username}You pay ${ben.username}${calToBen}Unpaid`,
  ]);

  // The server agrees: cal's two unpaid transactions, nobody else pays anything.
  const calOwes = await transactionsOf(request, cal, false);
  expect(calOwes.map((t) => [t.payeeId, `US$${t.amount.toFixed(2)}`]).sort()).toEqual(
    [
      [ann.id, calToAnn],
      [ben.id, calToBen],
    ].sort(),
  );

  // The reminder and the settle are the home panel's (bills-home.spec.ts drives them there); here through the
  // API, to check what the other screens show.
  const reminder = await request.post('/v1/notifications', {
    headers: auth(ann),
    data: { userId: cal.id, title: 'Reminder', content: `Pay ${calToAnn} to ${ann.username}!` },
  });
  expect(reminder.status()).toBe(200);
  await pageC.goto('/notifications');
  await expect(
    pageC.getByRole('listitem').filter({ hasText: `Pay ${calToAnn} to ${ann.username}!` }),
  ).toContainText('Reminder');

  const toAnn = calOwes.find((t) => t.payeeId === ann.id)!;
  expect((await request.patch(`/v1/transactions/${toAnn.id}/settle`, { headers: auth(cal) })).status()).toBe(
    200,
  );

  // History: green + for ann (the payee), red − for cal (the payer), under today's date.
  await expectHistory(pageA, cal, `+${calToAnn}`, GREEN);
  await pageA.screenshot({ path: 'screenshots/bill-history.png', fullPage: true });
  await expectHistory(pageC, ann, `−${calToAnn}`, RED);

  // The split screen shows ann's payment as paid now.
  await pageA.goto(`/room/${room.id}/bill/split`);
  await expect(payments(pageA).first()).toHaveText(
    `${cal.username}You${cal.username} pays you${calToAnn}Paid`,
  );

  // Consolidated bills no longer stop the host from closing the room.
  const closed = await request.patch(`/v1/rooms/${room.id}/close`, { headers: auth(ann) });
  expect(closed.status()).toBe(200);
});

async function expectHistory(page: Page, other: Account, amount: string, colour: string) {
  await page.goto('/profile');
  const history = page.getByRole('region', { name: 'Transaction history' });
  await expect(history.getByRole('heading', { level: 3 })).toHaveText([todayLabel()]);
  const row = history.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(other.username);
  await expect(row).toContainText('Friday dinner');
  const value = row.getByText(amount, { exact: true });
  await expect(value).toBeVisible();
  await expect(value).toHaveCSS('color', colour);
}
