import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, openSignedIn, type Account } from '../support/accounts.js';

/** A second person: a browser context of its own at 390×844, signed in as `account`. */
async function personPage(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await openSignedIn(page, account, path);
  return page;
}

async function sendRequest(page: Page, to: Account) {
  await page.getByRole('button', { name: 'Add friend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add friend' });
  await dialog.getByLabel('Search by username').fill(to.username.slice(0, -1));
  await dialog.getByRole('button', { name: `Add ${to.username}` }).click();
  await expect(dialog.getByText('Pending')).toBeVisible();
  await page.keyboard.press('Escape');
}

test('two friends: request, badge, accept, counts, notification read, then remove', async ({
  browser,
  request,
}) => {
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const pageA = await personPage(browser, ann, '/friends');
  const pageB = await personPage(browser, ben, '/friends');

  await expect(pageA.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  await sendRequest(pageA, ben);

  await pageB.reload();
  const bell = pageB.getByRole('link', { name: /Friend requests, 1 pending/ });
  await expect(bell).toBeVisible();
  await pageB.screenshot({ path: 'screenshots/friends.png' });
  await bell.click();
  await expect(pageB).toHaveURL(/\/friends\/requests$/);
  await pageB.screenshot({ path: 'screenshots/friend-requests.png' });
  await pageB.getByRole('button', { name: `Accept request from ${ann.username}` }).click();
  await expect(pageB.getByRole('button', { name: `Accept request from ${ann.username}` })).toHaveCount(0);

  await pageB.goto('/friends');
  await expect(pageB.getByRole('link', { name: ann.username })).toBeVisible();
  await pageA.reload();
  await expect(pageA.getByRole('link', { name: ben.username })).toBeVisible();

  await pageA.goto('/profile');
  await expect(pageA.getByRole('link', { name: '1 Friend' })).toHaveAttribute('href', '/friends');
  await pageA.screenshot({ path: 'screenshots/profile.png' });

  // Accepting the request read the notification that announced it (issue #21): no tick left to press.
  await pageB.goto('/notifications');
  const item = pageB.getByRole('listitem').filter({ hasText: `${ann.username} sent you a friend request.` });
  await expect(item).toBeVisible();
  await pageB.screenshot({ path: 'screenshots/notifications.png' });
  await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  // ann's "accepted" only informs: she marks it read herself, and it stays read.
  await pageA.goto('/notifications');
  const accepted = pageA
    .getByRole('listitem')
    .filter({ hasText: `${ben.username} accepted your friend request.` });
  await expect(accepted).toBeVisible();
  await accepted.getByRole('button', { name: 'Mark as read' }).click();
  await expect(accepted.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await pageA.reload();
  await expect(
    pageA.getByRole('listitem').filter({ hasText: `${ben.username} accepted your friend request.` }),
  ).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  // Removing is on the friend's page (issue 37 item 4), which the row opens.
  await pageA.goto('/friends');
  await pageA.getByRole('link', { name: ben.username }).click();
  await pageA.getByRole('button', { name: 'Remove friend' }).click();
  const confirm = pageA.getByRole('alertdialog', { name: `Remove ${ben.username}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(pageA).toHaveURL(/\/friends$/);
  await expect(pageA.getByRole('link', { name: ben.username })).toHaveCount(0);
  await pageB.goto('/friends');
  await expect(pageB.getByText('No friends yet')).toBeVisible();
  await expect(pageB.getByRole('link', { name: ann.username })).toHaveCount(0);
});

test('a rejected request leaves two strangers', async ({ browser, request }) => {
  const cal = await createAccount(request, 'cal');
  const dee = await createAccount(request, 'dee');
  const pageC = await personPage(browser, cal, '/friends');
  await sendRequest(pageC, dee);

  const pageD = await personPage(browser, dee, '/friends/requests');
  await pageD.getByRole('button', { name: `Reject request from ${cal.username}` }).click();
  await expect(pageD.getByRole('button', { name: `Reject request from ${cal.username}` })).toHaveCount(0);
  await pageD.goto('/friends');
  await expect(pageD.getByText('No friends yet')).toBeVisible();
  await expect(pageD.getByRole('link', { name: 'Friend requests' })).toBeVisible(); // no pending badge

  await pageC.reload();
  await pageC.getByRole('button', { name: 'Add friend' }).click();
  const dialog = pageC.getByRole('dialog', { name: 'Add friend' });
  await dialog.getByLabel('Search by username').fill(dee.username);
  await expect(dialog.getByRole('button', { name: `Add ${dee.username}` })).toBeVisible();
});
