import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { consolidateViaApi, personPage } from '../support/bills.js';
import { addBill, createRoomIn } from '../support/money.js';

// Issue #22 item 2 (docs/pagination.md): a room's Money section reads its bills 20 at a time from the real server.
// The list is the open round, then each settled round: the open round's list goes on as its end scrolls into view;
// a settled round asks for its missing bills only once it is opened; a new bill appears without a reload.

const money = (page: Page) => page.getByRole('region', { name: /^Money/ });
const openBills = (page: Page) =>
  money(page).getByRole('list', { name: 'Bills of the open round' }).getByTestId('money-bill');

test('a room with more bills than a page: the open round scrolls on, a settled round loads when opened', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ann = await createAccount(request, 'pager');
  const ben = await createAccount(request, 'paged');
  const room = await createRoomIn(request, ann, [ben], 'EUR', 'Long trip');
  const bill = (name: string, amount: number) =>
    addBill(request, ann, {
      roomId: room.id,
      name,
      amount,
      split: { mode: 'equal', userIds: [ann.id, ben.id] },
    });
  // Round 1: 23 bills; then an open round of 22.
  for (let i = 1; i <= 23; i += 1) await bill(`Old ${i}`, 2);
  await consolidateViaApi(request, ann, room.id);
  for (let i = 1; i <= 22; i += 1) await bill(`New ${i}`, 4);

  const page = await personPage(browser, ann, `/room/${room.id}`);
  const asked: (string | null)[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/v1/bills' && req.method() === 'GET') {
      expect(url.searchParams.get('limit')).toBe('20');
      asked.push(url.searchParams.get('cursor'));
    }
  });
  await page.reload();
  // Which pages were asked for: a page read again (the socket's catch-up once it connects re-reads what was fetched
  // before: realtime/cache-sync.ts) is the same page, so pages are told apart by their cursor.
  const pages = () => [...new Set(asked)];

  // The newest 20 first; the round's count comes from the server's balances, not from the page.
  await expect(openBills(page)).toHaveCount(20);
  await expect(openBills(page).first()).toContainText('New 22');
  await expect(money(page).getByRole('button', { name: 'Settle up' })).toBeVisible();

  // Scrolling to the end of the section loads the next page by itself: the open round's last 2, then round 1's
  // newest 18 (kept for when the round is opened).
  await money(page).getByRole('button', { name: 'Export CSV' }).scrollIntoViewIfNeeded();
  await expect(openBills(page)).toHaveCount(22);
  await expect(openBills(page).last()).toContainText('New 1');
  expect(pages()).toHaveLength(2);
  expect(asked[0]).toBeNull();
  expect(pages()[1]).toBeTruthy();

  // A closed round never asks for more, however far the page scrolls.
  await page.mouse.wheel(0, 5000);
  await page.waitForTimeout(1000);
  expect(pages()).toHaveLength(2);

  // Opened, its list shows the 18 loaded and asks for its last 5 as its end comes into view.
  const round = money(page).getByTestId('round');
  await round.getByText(/Round 1/).click();
  const roundBills = round.getByRole('list', { name: 'Bills of round 1' }).getByTestId('money-bill');
  await expect(roundBills).toHaveCount(18);
  await roundBills.last().scrollIntoViewIfNeeded();
  await expect(roundBills).toHaveCount(23);
  await expect(roundBills.last()).toContainText('Old 1');
  await expect(round.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(pages()).toHaveLength(3);

  // ben adds a bill: it appears first without a reload, the loaded pages read again (nothing lost or repeated).
  await addBill(request, ben, {
    roomId: room.id,
    name: 'Late snack',
    amount: 6,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });
  await expect(openBills(page).first()).toContainText('Late snack');
  await expect(openBills(page)).toHaveCount(23);
  await expect(roundBills).toHaveCount(23);
  await page.context().close();
});
