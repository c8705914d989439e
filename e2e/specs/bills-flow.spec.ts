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
  await expect(page.getByRole('heading', { level: 1, name: 'Add bill' })).toBeVisible();
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
    await page.getByRole('button', { name: 'Add bill' }).click();
    await expect(page.getByText('Bill created successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/room/${roomId}$`));
  };
}

// The room's Money section (the room page's, where the bills and payments are).
const money = (page: Page) => page.getByRole('region', { name: /^Money/ });
const mine = (page: Page) => money(page).getByLabel('Your money in this room');
/** Who pays whom now: the room's unpaid transactions. */
const transfers = (page: Page) => money(page).getByTestId('transfer');
const bills = (page: Page) =>
  money(page).getByRole('list', { name: 'Bills of this room' }).getByTestId('money-bill');

/** The room page loaded afresh, its Money section answered (a first room page on a busy host may take long). */
async function openMoney(page: Page, roomId: string) {
  await page.goto(`/room/${roomId}`);
  await expect(mine(page)).toBeVisible({ timeout: 45_000 });
}

/** Opens a bill's breakdown from the Money section's list. */
async function openBill(page: Page, name: string) {
  await money(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A bill's shares, one per person who shares it (ascending user id), as `expected`; their texts. */
async function expectShares(page: Page, name: string, expected: (string | RegExp)[]) {
  const dialog = await openBill(page, name);
  await expect(dialog.getByTestId('share')).toHaveText(expected);
  const texts = await dialog.getByTestId('share').allTextContents();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return texts;
}

/** Which transfers are the signed-in person's own (highlighted, with what they can do about them). */
async function expectMine(page: Page, own: boolean[]) {
  for (const [i, isMine] of own.entries()) {
    const transfer = transfers(page).nth(i);
    if (isMine) await expect(transfer).toHaveAttribute('data-mine', 'true');
    else await expect(transfer).not.toHaveAttribute('data-mine');
  }
}

/** "US$3.16" (or a share's text ending in it) in minor units. */
const minor = (text: string) => Math.round(Number(/(\d+\.\d\d)$/.exec(text)![1]) * 100);
const usd = (minor: number) => `US$${(minor / 100).toFixed(2)}`;

test('three people: two bills on the create screen, payments at once, settled up by the host, reminded, paid, in the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // three people’s pages, each bill’s breakdown opened
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

  // One live ledger: cal owes at once, with no Settle up; the server's unpaid transactions are cal's two.
  const dinner = (await billsOf(request, ann, room.id)).find((b) => b.name === 'Dinner')!;
  const { calToAnn, calToBen } = expectedPayments(dinner.id);
  const calOwes = await transactionsOf(request, cal, false);
  expect(calOwes.map((t) => [t.payeeId, `US$${t.amount.toFixed(2)}`]).sort()).toEqual(
    [
      [ann.id, calToAnn],
      [ben.id, calToBen],
    ].sort(),
  );

  // The host's Money section: each bill, newest first (ben's taxi), with who paid it and how it splits; what each
  // member paid adds up to the room's 17.00.
  await openMoney(pageA, room.id);
  await expect(bills(pageA)).toHaveText([
    `TaxiUS$7.00Paid by ${ben.username} · Split equally among 2`,
    'DinnerUS$10.00Paid by you · Split equally among 3',
  ]);
  await expect(mine(pageA)).toContainText('You paidUS$10.00');
  await expect(mine(pageA)).toContainText(`You are owed${calToAnn}`);
  // The taxi is ann's and cal's, 3.50 each (ben not included); the dinner is everyone's, 10.00 to the cent.
  await expectShares(pageA, 'Taxi', ['YouUS$3.50', `${cal.username}US$3.50`]);
  const dinnerShares = await expectShares(pageA, 'Dinner', [
    /^YouUS\$3\.3[34]$/,
    new RegExp(`^${ben.username}US\\$3\\.3[34]$`),
    new RegExp(`^${cal.username}US\\$3\\.3[34]$`),
  ]);
  expect(dinnerShares.map(minor).reduce((a, b) => a + b, 0)).toBe(1000);
  await pageA.screenshot({ path: 'screenshots/bill-room-money.png', fullPage: true });

  // The payments are there before any Settle up.
  await expect(transfers(pageA)).toHaveCount(2);

  // Ben, not the host, sees his own money and no Settle up button.
  await openMoney(pageB, room.id);
  await expect(mine(pageB)).toContainText('You paidUS$7.00');
  await expect(mine(pageB)).toContainText(`You are owed${calToBen}`);
  await expect(transfers(pageB)).toHaveCount(2);
  await expect(money(pageB).getByRole('button', { name: 'Tell everyone' })).toHaveCount(0);

  await money(pageA).getByRole('button', { name: 'Tell everyone' }).click();
  await pageA
    .getByRole('alertdialog', { name: 'Tell everyone what they owe?' })
    .getByRole('button', { name: 'Tell everyone' })
    .click();
  await expect(pageA.getByText('Everyone was told what they owe')).toBeVisible();
  await expect(pageA).toHaveURL(new RegExp(`/room/${room.id}$`));

  // Exactly the expected payments, to the cent, for each of the three, each one's own marked; the bills stay
  // deletable (nothing frozen).
  await openMoney(pageA, room.id);
  // Each payment: who pays, who is paid ("You" for oneself) and the amount.
  await expect(transfers(pageA)).toHaveText([
    `${cal.username}You${calToAnn}`,
    `${cal.username}${ben.username}${calToBen}`,
  ]);
  await expectMine(pageA, [true, false]);
  for (const name of ['Taxi', 'Dinner']) {
    const dialog = await openBill(pageA, name);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  await pageA.screenshot({ path: 'screenshots/bill-room-money-settled.png', fullPage: true });
  await openMoney(pageB, room.id);
  await expect(transfers(pageB)).toHaveText([
    `${cal.username}${ann.username}${calToAnn}`,
    `${cal.username}You${calToBen}`,
  ]);
  await expectMine(pageB, [false, true]);
  await openMoney(pageC, room.id);
  await expect(mine(pageC)).toContainText('You paidUS$0.00');
  await expect(mine(pageC)).toContainText(`You owe${usd(minor(calToAnn) + minor(calToBen))}`);
  await expect(transfers(pageC)).toHaveText([
    `You${ann.username}${calToAnn}`,
    `You${ben.username}${calToBen}`,
  ]);
  await expectMine(pageC, [true, true]);

  // The Settle up changed nothing on the server: still cal's two unpaid transactions, the same ones.
  expect((await transactionsOf(request, cal, false)).map((t) => t.id).sort()).toEqual(
    calOwes.map((t) => t.id).sort(),
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

  // The Money section lists what is left to pay: ann's payment has left the ledger, cal still owes ben.
  await openMoney(pageA, room.id);
  await expect(transfers(pageA)).toHaveText([`${cal.username}${ben.username}${calToBen}`]);

  // A room with debts left can be closed by the host.
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
