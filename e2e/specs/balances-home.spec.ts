import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { consolidateViaApi, createRoomWith, personPage } from '../support/bills.js';
import { addBill, createRoomIn } from '../support/money.js';

// Home's Balances (issue #19 item 3) and past outings (item 4): one net per person and currency across rooms,
// each expandable to its rooms; a closed room is listed under Past outings and opens read-only.

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test('Home totals and nets per person across rooms and currencies; a closed room is a past outing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const cal = await createAccount(request, 'cal');

  // Saturday lunch (USD), settled up: ann paid $30.00 for all three, so ben and cal each owe her $10.00.
  const lunch = await createRoomWith(request, ann, [ben, cal], 'Saturday lunch');
  await addBill(request, ann, {
    roomId: lunch.id,
    name: 'Lunch',
    amount: 30,
    split: { mode: 'equal', userIds: [ann.id, ben.id, cal.id] },
  });
  await consolidateViaApi(request, ann, lunch.id);
  // Bowling (USD), no Settle up (none is needed): ben paid $12.00 for himself and ann, so ann owes him $6.00.
  const bowling = await createRoomWith(request, ben, [ann], 'Bowling');
  await addBill(request, ben, {
    roomId: bowling.id,
    name: 'Lanes',
    amount: 12,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });
  // Weekend in Porto (EUR), no Settle up: cal paid €20.00 for both, so ann owes cal €10.00.
  const porto = await createRoomIn(request, cal, [ann], 'EUR', 'Weekend in Porto');
  await addBill(request, cal, {
    roomId: porto.id,
    name: 'Hotel',
    amount: 20,
    split: { mode: 'equal', userIds: [ann.id, cal.id] },
  });

  const page = await personPage(browser, ann, '/');
  const card = page.getByRole('region', { name: 'Balances' });
  await expect(card.getByText('You owe', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    '€10.00',
  );
  await expect(
    card.getByText('You are owed', { exact: true }).locator('xpath=following-sibling::dd'),
  ).toHaveText('US$14.00');

  // Each person's row (a person I owe also has a Settle up button beside it).
  const rows = card
    .getByRole('list', { name: 'Balances by person' })
    .getByRole('button')
    .filter({ hasNotText: /^Settle up/ });
  await expect(rows).toHaveCount(3);
  const benRow = rows.filter({ hasText: ben.username });
  await expect(benRow).toContainText('owes you US$4.00'); // +10 lunch − 6 bowling
  await expect(rows.filter({ hasText: 'owes you US$10.00' })).toContainText(cal.username);
  await expect(rows.filter({ hasText: 'you owe €10.00' })).toContainText(cal.username);

  // ben's row opens to the two rooms that make it up.
  await expect(benRow).toHaveAttribute('aria-expanded', 'false');
  await benRow.click();
  await expect(benRow).toHaveAttribute('aria-expanded', 'true');
  const benRooms = card.getByRole('list', { name: `Rooms with ${ben.username}` }).getByRole('link');
  await expect(benRooms).toHaveText([/Saturday lunch\s*owes you US\$10\.00/, /Bowling\s*you owe US\$6\.00/]);
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/home-balances.png' });

  // A room row opens the room, whose Money section shows the bill.
  await benRooms.filter({ hasText: 'Bowling' }).click();
  await expect(page).toHaveURL(new RegExp(`/room/${bowling.id}$`));
  await expect(page.getByRole('region', { name: /^Money/ })).toContainText('Lanes');

  // To Pay / To Receive rows link their room too.
  await page.goto('/');
  const toReceive = page.getByRole('region', { name: 'To receive' });
  await expect(toReceive.getByRole('link', { name: 'Saturday lunch' }).first()).toHaveAttribute(
    'href',
    `/room/${lunch.id}`,
  );

  // ann closes the settled-up lunch: it leaves her rooms and is listed under Past outings.
  await page.goto(`/room/${lunch.id}`);
  await page.getByRole('button', { name: 'Close room' }).click();
  await page
    .getByRole('alertdialog', { name: 'Close Saturday lunch?' })
    .getByRole('button', { name: 'Close room' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await page.getByRole('link', { name: /Past outings/ }).click();
  await expect(page).toHaveURL(/\/profile\/past$/);
  const past = page.getByRole('list', { name: 'Past outings' }).getByRole('link');
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('Saturday lunch');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'docs/screenshots/past-outings.png' });

  // It opens read-only: the outing is over, its Money and attendees stay, nothing can be added.
  await past.click();
  await expect(page.getByRole('region', { name: 'This outing is over' })).toBeVisible();
  const money = page.getByRole('region', { name: /^Money/ });
  // Its bills stay listed, whatever was settled up.
  await expect(money.getByRole('list', { name: 'Bills of this room' })).toContainText('Lunch');
  await expect(page.getByRole('list', { name: /Attendees/ })).toContainText(cal.username);
  for (const name of ['Add bill', 'Add bill', 'Invite friends', 'Close room'])
    await expect(page.getByRole('link', { name }).or(page.getByRole('button', { name }))).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'docs/screenshots/past-outing-room.png', fullPage: true });
  // Its chat reads but cannot be written to.
  await page.getByRole('link', { name: 'Chat' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();

  // The others still see what they owe from it on Home: an unpaid debt outlives the room.
  const benPage = await personPage(browser, ben, '/');
  await expect(
    benPage.getByRole('region', { name: 'Balances' }).getByRole('button').filter({ hasText: ann.username }),
  ).toContainText('you owe US$4.00');
});
