import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { consolidateViaApi, personPage } from '../support/bills.js';
import { addBill, createRoomIn } from '../support/money.js';

// Issue #22 item 2 (docs/pagination.md): a room's Money section reads its bills 20 at a time from the real server,
// one list of every bill, newest first (one live ledger, issue 33: a Settle up no longer splits them into rounds);
// the list goes on as its end scrolls into view; a new bill appears without a reload.

const money = (page: Page) => page.getByRole('region', { name: /^Money/ });
const bills = (page: Page) =>
  money(page).getByRole('list', { name: 'Bills of this room' }).getByTestId('money-bill');

test('a room with more bills than a page: the list scrolls on to the first bill, a Settle up splits nothing', async ({
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
  // 23 bills, a Settle up (which freezes nothing), then 22 more.
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

  // The newest 20 first; ben owes ann half of everything (23 × 1.00 + 22 × 2.00 = 67.00), whatever was settled up.
  await expect(bills(page)).toHaveCount(20);
  await expect(bills(page).first()).toContainText('New 22');
  await expect(money(page).getByTestId('transfer')).toContainText('67.00');

  // Scrolling to the end of the section loads the next page by itself, then the last.
  await money(page).getByRole('button', { name: 'Export CSV' }).scrollIntoViewIfNeeded();
  await expect(bills(page)).toHaveCount(40);
  await money(page).getByRole('button', { name: 'Export CSV' }).scrollIntoViewIfNeeded();
  await expect(bills(page)).toHaveCount(45);
  await expect(bills(page).last()).toContainText('Old 1');
  expect(pages()).toHaveLength(3);
  expect(asked[0]).toBeNull();

  // The list has ended: no more pages, however far the page scrolls.
  await page.mouse.wheel(0, 5000);
  await page.waitForTimeout(1000);
  expect(pages()).toHaveLength(3);
  await expect(money(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // ben adds a bill: it appears first without a reload, the loaded pages read again (nothing lost or repeated).
  await addBill(request, ben, {
    roomId: room.id,
    name: 'Late snack',
    amount: 6,
    split: { mode: 'equal', userIds: [ann.id, ben.id] },
  });
  await expect(bills(page).first()).toContainText('Late snack');
  await expect(bills(page)).toHaveCount(46);
  await expect(money(page).getByTestId('transfer')).toContainText('64.00');
  await page.context().close();
});
