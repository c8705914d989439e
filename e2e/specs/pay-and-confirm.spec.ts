import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts.js';
import { consolidateViaApi, createBillViaApi, personPage, transactionsOf } from '../support/bills.js';
import { createRoomIn, decodeQr, decodeQrPng, paymentOptionsOf, transactionOf } from '../support/payments.js';

// Issue #19: pay from the app (the payee's handles as a PayNow QR and a PayPal link), and both sides agree
// (mark paid, undo, not received, confirm), live on both screens; statuses checked through the API.

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

async function expectNoAxeViolations(page: Page) {
  // A toast fading in or out is half transparent: axe would measure its contrast mid-fade.
  await expect(page.locator('[data-variant][data-state]')).toHaveCount(0, { timeout: 6000 });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Pay → the pay sheet → "I've paid" → "Yes, I've paid"; done when the server says `paid`. */
async function markPaid(page: Page, settleName: RegExp, status: () => Promise<string>) {
  await page.getByRole('button', { name: settleName }).click();
  await page.getByRole('button', { name: 'I’ve paid' }).click();
  await page.getByRole('button', { name: 'Yes, I’ve paid' }).click();
  await expect(page.getByText(/^Marked as paid — waiting for .+ to confirm$/).last()).toBeVisible();
  await expect.poll(status).toBe('paid');
}

test('pay with the PayNow QR, undo, pay again, not received, pay again, confirmed', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000); // two browsers, ~40 steps: past 2 min on a slow host (CI 2026-11-27)
  const ann = await createAccount(request, 'ann'); // is owed
  const ben = await createAccount(request, 'ben'); // owes
  const room = await createRoomIn(request, ann, ben, 'Hawker dinner', 'SGD');
  await createBillViaApi(request, ann, {
    roomId: room.id,
    name: 'Satay and drinks',
    amount: 24.6,
    payers: [ben.id],
    includeOwner: false,
  });
  await consolidateViaApi(request, ann, room.id);
  const [owed] = await transactionsOf(request, ben, false);
  expect(owed).toMatchObject({ payerId: ben.id, payeeId: ann.id, amount: 24.6 });
  const id = owed!.id;
  const status = async () => (await transactionOf(request, ben, id)).status;

  // ann adds a PayNow and a PayPal handle from her profile.
  const pageA = await personPage(browser, ann, '/profile');
  await pageA.getByRole('link', { name: /Payment handles/ }).click();
  await expect(pageA.getByText('Your handles are shown only to people who owe you money.')).toBeVisible();
  await pageA.getByRole('button', { name: 'Add a handle' }).click();
  const first = pageA.getByRole('group', { name: 'Handle 1 of 1' });
  await first.getByLabel('Kind').selectOption('paynow');
  await first.getByLabel('Mobile number or UEN').fill('+65 9123 4567');
  await pageA.getByRole('button', { name: 'Add a handle' }).click();
  const second = pageA.getByRole('group', { name: 'Handle 2 of 2' });
  await second.getByLabel('Kind').selectOption('paypal');
  await second.getByLabel('PayPal.me name').fill('annpays');
  await pageA.getByRole('button', { name: 'Save' }).click();
  await expect(pageA.getByText('Payment handles saved')).toBeVisible();
  // Stored as the server normalised it.
  await expect(
    pageA.getByRole('group', { name: 'Handle 1 of 2' }).getByLabel('Mobile number or UEN'),
  ).toHaveValue('+6591234567');
  await expectNoAxeViolations(pageA);
  await pageA.getByText('Your handles are shown only to people who owe you money.').scrollIntoViewIfNeeded();
  await pageA.screenshot({ path: shot('payment-handles') });
  await pageA.goto('/');

  // ben opens the pay sheet: the PayNow QR holds exactly the server's payload; PayPal is a link.
  const pageB = await personPage(browser, ben, '/');
  // Linux Chromium has no Web Share: a stand-in that keeps what it is handed, so that Share shows (and is tried).
  await pageB.evaluate(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.assign(navigator, {
      canShare: (data: ShareData) => (data.files ?? []).every((f) => f.type === 'image/png'),
      share: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  // Intl puts a no-break space between the currency code and the amount.
  const settle = new RegExp(`^Pay SGD\\s24\\.60 to ${ann.username}$`);
  await pageB.getByRole('button', { name: settle }).click();
  const sheet = pageB.getByRole('dialog', { name: `Pay ${ann.username}` });
  const qr = sheet.getByTestId('qr-paynow');
  await expect(qr).toBeVisible();
  const options = await paymentOptionsOf(request, ben, id);
  const paynow = options.find((o) => o.kind === 'paynow')!;
  expect(paynow.payload).toContain('SG.PAYNOW');
  expect(paynow.payload).toContain('540524.60');
  expect(await decodeQr(qr)).toBe(paynow.payload);
  const paypal = options.find((o) => o.kind === 'paypal')!;
  await expect(sheet.getByRole('link', { name: 'Open PayPal' })).toHaveAttribute('href', paypal.payload);
  await expect(sheet).toContainText('Outing Hawker dinner');
  await expectNoAxeViolations(pageB);
  await pageB.screenshot({ path: shot('pay-sheet') });

  // Save QR code downloads a PNG whose code is the payload (issue 33); Share hands the same picture over.
  const [download] = await Promise.all([
    pageB.waitForEvent('download'),
    sheet.getByRole('button', { name: 'Save QR code' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`paynow-${ann.username}-SGD24.60.png`);
  const saved = decodeQrPng(await readFile(await download.path()));
  expect(saved.text).toBe(paynow.payload);
  expect(saved.width).toBeGreaterThanOrEqual(600);
  await download.saveAs(shot('pay-sheet-qr-picture')); // what lands in the gallery
  await expect(sheet.getByRole('status').first()).toHaveText(
    'QR code saved. In your banking app, scan it from the picture.',
  );
  await sheet.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => pageB.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length))
    .toBe(1);
  const shared = await pageB.evaluate(async () => {
    const [data] = (window as unknown as { shared: ShareData[] }).shared;
    const file = data!.files![0]!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { title: data!.title, name: file.name, type: file.type, bytes: Array.from(bytes) };
  });
  expect(shared).toMatchObject({
    title: `Pay ${ann.username}`,
    name: `paynow-${ann.username}-SGD24.60.png`,
    type: 'image/png',
  });
  expect(decodeQrPng(Buffer.from(shared.bytes)).text).toBe(paynow.payload);
  await sheet.getByRole('button', { name: 'Save QR code' }).scrollIntoViewIfNeeded();
  await pageB.mouse.move(0, 0); // no button drawn hovered
  await pageB.screenshot({ path: shot('pay-sheet-save-share') });
  await pageB.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(pageB);
  await pageB.screenshot({ path: shot('pay-sheet-save-share-dark') });
  await pageB.emulateMedia({ colorScheme: 'light' });
  await pageB.keyboard.press('Escape');

  // Marks paid, then undoes.
  await markPaid(pageB, settle, status);
  const waitingB = pageB.getByRole('region', { name: 'Waiting for confirmation' });
  await expect(waitingB).toContainText(`Waiting for ${ann.username} to confirm`);
  await waitingB.getByRole('button', { name: `Undo SGD 24.60 to ${ann.username}` }).click();
  await pageB
    .getByRole('alertdialog', { name: 'Undo payment?' })
    .getByRole('button', { name: 'Undo payment' })
    .click();
  await expect(pageB.getByText('Payment undone')).toBeVisible();
  expect((await transactionOf(request, ben, id)).status).toBe('unpaid');

  // Marks paid again; ann sees it live and answers "not received"; ben sees it back under To Pay, live.
  await markPaid(pageB, settle, status);
  const waitingA = pageA.getByRole('region', { name: 'Waiting for confirmation' });
  await expect(waitingA).toContainText(`${ben.username} says they paid`);
  await waitingA.getByRole('button', { name: `Not received SGD 24.60 from ${ben.username}` }).click();
  await pageA
    .getByRole('alertdialog', { name: 'Not received?' })
    .getByRole('button', { name: 'Not received' })
    .click();
  await expect(pageA.getByText('Marked as not received')).toBeVisible();
  expect((await transactionOf(request, ann, id)).status).toBe('unpaid');
  await expect(pageB.getByRole('button', { name: settle })).toBeVisible();

  // Paid again; ann confirms it arrived.
  await markPaid(pageB, settle, status);
  await expect(waitingA).toContainText(`${ben.username} says they paid`);
  await expectNoAxeViolations(pageA);
  await pageA.screenshot({ path: shot('payee-confirm') });
  await waitingA.getByRole('button', { name: `Confirm received SGD 24.60 from ${ben.username}` }).click();
  await pageA
    .getByRole('alertdialog', { name: 'Confirm received?' })
    .getByRole('button', { name: 'Confirm received' })
    .click();
  await expect(pageA.getByText('Payment confirmed')).toBeVisible();
  const done = await transactionOf(request, ann, id);
  expect(done.status).toBe('confirmed');
  expect(done.history.map((h) => h.action)).toEqual([
    'settled',
    'undone',
    'settled',
    'disputed',
    'settled',
    'confirmed',
  ]);
  await expect(pageB.getByRole('region', { name: 'Waiting for confirmation' })).toHaveCount(0);
  await expectNoAxeViolations(pageB);
});
