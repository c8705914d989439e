import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { consolidateViaApi, personPage } from '../support/bills.js';
import { addBill, createRoomIn, editBill } from '../support/money.js';

/** The repository's docs/screenshots, wherever the specs are run from. */
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

// The room's Money section (issue #18): every member sees the open round's bills, their own net and who pays whom,
// live as bills change; the host settles up, the settled round stays, a new bill starts the next one; CSV export.

const money = (page: Page) => page.getByRole('region', { name: /^Money/ });
const mine = (page: Page) => page.getByLabel('Your money in the open round');
/** The open round's bills (a settled round's are listed inside it). */
const openBills = (page: Page) =>
  money(page).getByRole('list', { name: 'Bills of the open round' }).getByTestId('money-bill');

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test('two members see the money of a EUR room live, settle up, start a new round and export it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const room = await createRoomIn(request, ann, [ben], 'EUR');
  expect(room.currency).toBe('EUR');

  // Dinner €30.00 paid by ann for both; Taxi €10.00 paid by ben, added by ann, for both: ben owes ann €10.00.
  await addBill(request, ann, {
    roomId: room.id,
    name: 'Dinner',
    amount: 30,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });
  const taxi = await addBill(request, ann, {
    roomId: room.id,
    name: 'Taxi',
    amount: 10,
    paidBy: ben.id,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });

  const pageA = await personPage(browser, ann, `/room/${room.id}`);
  const pageB = await personPage(browser, ben, `/room/${room.id}`);
  await expect(mine(pageA)).toContainText('You are owed€10.00');
  await expect(mine(pageB)).toContainText('You owe€10.00');
  await expect(money(pageA).getByTestId('transfer')).toHaveText([`${ben.username}You€10.00`]);
  await expect(money(pageB).getByTestId('transfer')).toHaveText([`You${ann.username}€10.00`]);
  await expect(openBills(pageB)).toHaveText([
    `Taxi€10.00Paid by you · Split equally among 2Added by ${ann.username}`,
    `Dinner€30.00Paid by ${ann.username} · Split equally among 2`,
  ]);

  // ben makes the taxi €20.00: ann's page follows without a reload (BILL_UPDATED).
  await editBill(request, ben, taxi.id, { amount: 20 });
  await expect(mine(pageA)).toContainText('You are owed€5.00');
  await expect(openBills(pageA).first()).toContainText('Taxi€20.00');
  await expect(money(pageA).getByTestId('transfer')).toHaveText([`${ben.username}You€5.00`]);

  // A transfer shows the bills behind it; a bill its breakdown (a link that survives a reload).
  await money(pageA).getByTestId('transfer').getByRole('button').click();
  const why = pageA.getByRole('dialog', { name: `${ben.username} pays you` });
  await expect(why.getByTestId('transfer-part')).toHaveText(['Dinner€5.00']);
  await why.getByRole('button', { name: 'Close' }).click();

  await money(pageA)
    .getByRole('heading', { name: /^Money/ })
    .scrollIntoViewIfNeeded();
  await pageA.evaluate(() => document.getElementById('money')?.scrollIntoView({ block: 'start' }));
  await pageA.screenshot({ path: shot('money-section') });
  await expectNoAxeViolations(pageA);

  await money(pageA)
    .getByRole('button', { name: /^Dinner/ })
    .click();
  await expect(pageA).toHaveURL(/\?bill=\d+$/);
  await pageA.reload();
  const dinner = pageA.getByRole('dialog', { name: 'Dinner' });
  await expect(dinner.getByTestId('share')).toHaveText(
    ['You€15.00', `${ben.username}€15.00`].sort(byId(ann.id, ben.id)),
  );
  await expect(dinner.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(dinner.getByRole('button', { name: 'Delete' })).toBeVisible();
  await pageA.screenshot({ path: shot('money-bill-breakdown') });
  await expectNoAxeViolations(pageA);
  await dinner.getByRole('button', { name: 'Close' }).click();
  await expect(dinner).toBeHidden();

  // ben neither added nor paid the dinner: no Edit or Delete for him.
  await money(pageB)
    .getByRole('button', { name: /^Dinner/ })
    .click();
  const dinnerB = pageB.getByRole('dialog', { name: 'Dinner' });
  await expect(dinnerB.getByTestId('share')).toHaveCount(2);
  await expect(dinnerB.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await dinnerB.getByRole('button', { name: 'Close' }).click();

  // The host settles up from the room page; ben sees the round close live.
  await money(pageA).getByRole('button', { name: 'Settle up' }).click();
  await pageA
    .getByRole('alertdialog', { name: 'Settle up this round?' })
    .getByRole('button', { name: 'Settle up' })
    .click();
  await expect(pageA.getByText('Bill consolidated successfully')).toBeVisible();
  for (const page of [pageA, pageB]) {
    await expect(money(page).getByTestId('round')).toHaveCount(1);
    await expect(money(page).getByTestId('round')).toContainText('Round 1');
    await expect(money(page).getByTestId('round')).toContainText('€50.00');
    await expect(money(page).getByTestId('round')).toContainText('0 of 1 payment paid');
    await expect(money(page).getByText('No bills yet')).toBeVisible();
  }

  // A bill added afterwards forms the next round; the settled one stays.
  await addBill(request, ben, {
    roomId: room.id,
    name: 'Breakfast',
    amount: 8.4,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });
  await expect(openBills(pageA)).toHaveText([
    `Breakfast€8.40Paid by ${ben.username} · Split equally among 2`,
  ]);
  await expect(mine(pageA)).toContainText('You owe€4.20');
  await expect(money(pageA).getByTestId('round')).toHaveCount(1);
  await money(pageA).getByTestId('round').getByText('Round 1').click();
  await expect(money(pageA).getByTestId('round-payment')).toHaveText([`${ben.username} pays you€5.00Unpaid`]);
  await expect(pageA.getByText('Bill consolidated successfully')).toBeHidden({ timeout: 10_000 });
  await money(pageA).getByTestId('round').scrollIntoViewIfNeeded();
  await pageA.evaluate(() =>
    document.querySelector('[data-testid="round"]')?.scrollIntoView({ block: 'center' }),
  );
  await pageA.screenshot({ path: shot('money-rounds') });
  await expectNoAxeViolations(pageA);

  // Export CSV: the server's file under the server's name.
  const [download] = await Promise.all([
    pageA.waitForEvent('download'),
    money(pageA).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Record,Round,Date,Bill,Person,Paid by / to,Amount,Currency,Status');
  expect(csv).toContain('Dinner');
  expect(csv).toContain('Breakfast');
  expect(csv).toContain('EUR');

  // A second settle-up through the API: both rounds stay, newest first.
  await consolidateViaApi(request, ann, room.id);
  await expect(money(pageB).getByTestId('round')).toHaveCount(2);
  await expect(money(pageB).getByTestId('round').first()).toContainText('Round 2');
});

/** Shares are listed in ascending user id. */
function byId(annId: number, benId: number) {
  return (a: string, b: string) => {
    const id = (s: string) => (s.startsWith('You') ? annId : benId);
    return id(a) - id(b);
  };
}

test('create room offers the currency of the browser’s region and a searchable list of the others', async ({
  browser,
  request,
}) => {
  const ann = await createAccount(request, 'ann');
  const page = await personPage(browser, ann, '/rooms/create');
  const currency = page.getByRole('group', { name: 'Currency' });
  // personPage browses in en-GB.
  await expect(currency.getByTestId('currency-current')).toHaveText('British Pound (GBP)');
  await currency.getByRole('button', { name: 'Change' }).click();
  await currency.getByRole('searchbox', { name: 'Search currencies' }).fill('singapore');
  await expect(currency.getByRole('radio')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await currency.getByText('Singapore Dollar').click();
  await expect(currency.getByTestId('currency-current')).toHaveText('Singapore Dollar (SGD)');
});
