import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createAccount, type Account } from '../support/accounts.js';
import { auth, personPage } from '../support/bills.js';
import { createRoomIn } from '../support/money.js';

// Issue 36, real bills (docs/api/README.md "Real bills"), entered by hand in the real browser against the real
// server: a receipt as printed (a line for everyone, a quantity, a percent service, a fixed voucher, then GST on the
// running total) paid by two people, and a bill in yen at a rate the group entered, in a SGD room; then the room's
// Spending. Every expected figure is worked out here in integer cents from docs/money.md "Real bills" and the
// splitting rule of docs/api/README.md#splitting, not by the ledger package the app and the server share.

// ---------------------------------------------------------------------------------------------------------------
// The arithmetic, by hand.

/** `n / d` rounded half up in size to a whole number, the sign kept (a charge as a receipt prints it); d > 0. */
function halfUp(n: number, d: number): number {
  const size = Math.floor((2 * Math.abs(n) + d) / (2 * d));
  return n < 0 ? -size : size;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

/**
 * Person `userId` is owed exactly `numerator / denominator` units: each is rounded down, and the units left over go
 * one each to the largest remainders; equal remainders in ascending user id from position `billId mod n`, wrapping
 * round (docs/api/README.md#splitting).
 */
function largestRemainder(
  parts: { userId: number; numerator: number }[],
  denominator: number,
  billId: number,
): Map<number, number> {
  const sorted = [...parts].sort((a, b) => a.userId - b.userId);
  const n = sorted.length;
  const sum = sorted.reduce((s, p) => s + p.numerator, 0);
  expect(Number.isSafeInteger(sum), 'the exact shares stay exact in a double').toBe(true);
  expect(sum % denominator, 'the exact shares add up to whole units').toBe(0);
  const floors = sorted.map((p) => Math.floor(p.numerator / denominator));
  let left = sum / denominator - floors.reduce((s, f) => s + f, 0);
  const start = billId % n;
  const offset = (i: number) => (i - start + n) % n;
  const rest = (i: number) => sorted[i]!.numerator % denominator;
  const order = sorted.map((_, i) => i).sort((a, b) => rest(b) - rest(a) || offset(a) - offset(b));
  for (const i of order) {
    if (left === 0) break;
    floors[i] = floors[i]! + 1;
    left -= 1;
  }
  return new Map(sorted.map((p, i) => [p.userId, floors[i]!]));
}

interface Line<P extends { id: number } = Account> {
  name: string;
  cents: number;
  quantity?: number;
  /** Who had it; 'everyone': every member of the room. */
  people: P[] | 'everyone';
}
type Charge = { name: string; percent: number } | { name: string; cents: number };

/**
 * A receipt (docs/money.md "Real bills"): the items' subtotal; each charge in order on the running total (a percent
 * rounded half up to the cent, a fixed amount as is); each person's share their items (a shared line split equally,
 * exactly) × total / subtotal, rounded once by largest remainder.
 */
function receipt<P extends { id: number }>(lines: Line<P>[], charges: Charge[], members: P[]) {
  const peopleOf = (line: Line<P>) => (line.people === 'everyone' ? members : line.people);
  const subtotal = lines.reduce((s, l) => s + l.cents, 0);
  let running = subtotal;
  const chargeCents = charges.map((c) => {
    const cents = 'percent' in c ? halfUp(running * c.percent, 100) : c.cents;
    running += cents;
    return cents;
  });
  const total = running;
  // Each person's items in 1/L of a cent, L a multiple of every line's number of people: whole numbers.
  const L = lines.reduce((m, l) => lcm(m, peopleOf(l).length), 1);
  const items = new Map<number, number>();
  for (const line of lines) {
    for (const p of peopleOf(line))
      items.set(p.id, (items.get(p.id) ?? 0) + (line.cents * L) / peopleOf(line).length);
  }
  expect([...items.values()].reduce((s, v) => s + v, 0)).toBe(subtotal * L);
  const parts = [...items].map(([userId, q]) => ({ userId, numerator: q * total }));
  const shares = (billId: number) => largestRemainder(parts, subtotal * L, billId);
  return { subtotal, chargeCents, total, shares };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the screens and the server.

const money = (cents: number, currency = 'SGD') =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(
    cents / (currency === 'JPY' ? 1 : 100),
  );
const sgd = (cents: number) => money(cents, 'SGD');
const yen = (units: number) => money(units, 'JPY');
const cents = (amount: number) => Math.round(amount * 100);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The whole screen into docs/screenshots: the app scrolls inside <main>, so the viewport is made as tall as the
 * content for the shot, then put back to 390×844 (as bills-split-modes.spec.ts does).
 */
async function shot(page: Page, name: string, whole = true) {
  const path = fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
  await page.evaluate(() => document.fonts.ready);
  if (!whole) {
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    return;
  }
  // From the top: <main> and every box around it (a field scrolled into view scrolls even an overflow-hidden one)
  // back at 0, or the shot would leave the form's top out and blank space below.
  const height = await page.locator('main').evaluate((main) => {
    for (let box: Element | null = main; box; box = box.parentElement) box.scrollTop = 0;
    window.scrollTo(0, 0);
    return main.scrollHeight + main.getBoundingClientRect().top;
  });
  await page.setViewportSize({ width: 390, height: Math.max(844, Math.ceil(height)) });
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('[data-variant][data-state]')).toHaveCount(0, { timeout: 6000 });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The mode's radio is drawn as a segment of its label (the input itself is visually hidden): tap the label. */
async function chooseMode(page: Page, name: 'Equally' | 'Items') {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

interface StoredBill {
  id: number;
  name: string;
  amount: number;
  subtotal: number;
  originalAmount: number;
  currency: string;
  rate: string | null;
  roomCurrency: string;
  ownerId: number;
  paidBy: { userId: number; amount: number }[];
  originalPaidBy: { userId: number; amount: number }[];
  split: Record<string, unknown>;
  shares: { userId: number; amount: number }[];
}

async function storedBills(request: APIRequestContext, member: Account, roomId: string) {
  const res = await request.get(`/v1/bills?roomId=${roomId}`, { headers: auth(member) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: StoredBill[] }).data;
}

async function balancesOf(request: APIRequestContext, member: Account, roomId: string) {
  const res = await request.get(`/v1/rooms/${roomId}/balances`, { headers: auth(member) });
  expect(res.ok()).toBe(true);
  const data = (await res.json()) as {
    data: { currency: string; members: { userId: number; paid: number; owes: number; net: number }[] };
  };
  expect(data.data.currency).toBe('SGD');
  return new Map(
    data.data.members.map((m) => [m.userId, { paid: cents(m.paid), owes: cents(m.owes), net: cents(m.net) }]),
  );
}

/** In cents, by user id. */
const byUser = (list: { userId: number; amount: number }[]) =>
  new Map(list.map((x) => [x.userId, cents(x.amount)]));

const moneySection = (page: Page) => page.getByRole('region', { name: /^Money/ });

/** "Your money in this room": You paid, Your share, and what the net says (owed, owe or square). */
async function expectMine(page: Page, paid: number, owes: number) {
  const net = paid - owes;
  const words = net > 0 ? 'You are owed' : net < 0 ? 'You owe' : 'You are square';
  await expect(page.getByLabel('Your money in this room')).toHaveText(
    `You paid${sgd(paid)}Your share${sgd(owes)}${words}${sgd(Math.abs(net))}`,
  );
}

/** The row of item `number` (1-based) of the receipt editor. */
const itemRow = (page: Page, number: number): Locator =>
  page.getByRole('listitem').filter({ has: page.getByLabel(`Item ${number}`, { exact: true }) });

test('a receipt as printed paid by two, then ¥12,345 at 0.0091, in a SGD room: review, saved, balances, spending', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The hand arithmetic first reproduces docs/money.md's worked examples ("Real bills"): the issue's receipt for
  // users 1 to 4 (165.35: 42.74, 52.87, 34.87, 34.87), and ¥12,345 at 0.0091 among users 1 to 3 as bill 5 (the two
  // extra cents from position 5 mod 3 = 2: user 3, then user 1).
  const [u1, u2, u3, u4] = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  const example = receipt(
    [
      { name: 'Crab', cents: 8800, people: 'everyone' },
      { name: 'Prawns', cents: 3200, people: [u1, u2] },
      { name: 'Beer', cents: 2700, quantity: 3, people: [u2, u3, u4] },
    ],
    [
      { name: 'Service', percent: 10 },
      { name: 'Voucher', cents: -1000 },
      { name: 'GST', percent: 9 },
    ],
    [u1, u2, u3, u4],
  );
  expect([example.subtotal, ...example.chargeCents, example.total]).toEqual([
    14_700, 1470, -1000, 1365, 16_535,
  ]);
  expect([...example.shares(0)]).toEqual([
    [1, 4274],
    [2, 5287],
    [3, 3487],
    [4, 3487],
  ]);
  const exampleRamen = [1, 2, 3].map((userId) => ({ userId, numerator: 4115 * 11_234 }));
  expect([...largestRemainder(exampleRamen, 12_345, 5)]).toEqual([
    [1, 3745],
    [2, 3744],
    [3, 3745],
  ]);

  // Created in this order, so their ids ascend: ann < ben < cy < di.
  const ann = await createAccount(request, 'ann');
  const ben = await createAccount(request, 'ben');
  const cy = await createAccount(request, 'cy');
  const di = await createAccount(request, 'di');
  const everyone = [ann, ben, cy, di];
  const room = await createRoomIn(request, ann, [ben, cy, di], 'SGD', 'Jumbo seafood night');
  const you = (p: Account) => (p.id === ann.id ? `${p.username} (you)` : p.username);

  // ---- 1. The receipt, in Items mode. -----------------------------------------------------------------------
  // Chilli crab 88.95 for everyone, prawns 33.00 for ann and ben, 3 beers 28.50 for ben and cy: subtotal 150.45.
  // Service 10% = 15.045 → 15.05 (half up) → 165.50; voucher −10.00 → 155.50; GST 9% = 13.995 → 14.00 → 169.50.
  // Items per person: ann 22.2375 + 16.50, ben 22.2375 + 16.50 + 14.25, cy 22.2375 + 14.25, di 22.2375; × 169.50
  // / 150.45: 43.6424…, 59.6967…, 41.1075…, 25.0532…; floors leave 2 cents for cy (.755) and ben (.678), no tie:
  // 43.64, 59.70, 41.11, 25.05, whatever the bill's id. Paid: ann 100.00, ben 69.50.
  const lines: Line[] = [
    { name: 'Chilli crab', cents: 8895, people: 'everyone' },
    { name: 'Prawns', cents: 3300, people: [ann, ben] },
    { name: 'Beer', cents: 2850, quantity: 3, people: [ben, cy] },
  ];
  const charges: Charge[] = [
    { name: 'Service', percent: 10 },
    { name: 'Voucher', cents: -1000 },
    { name: 'GST', percent: 9 },
  ];
  const bill1 = receipt(lines, charges, everyone);
  const paid1 = new Map([
    [ann.id, 10_000],
    [ben.id, bill1.total - 10_000],
  ]);
  // No share depends on the bill's id (no equal remainders), so the review (before the id exists) shows them too.
  const shares1 = bill1.shares(0);
  for (const id of [1, 2, 3]) expect(bill1.shares(id)).toEqual(shares1);

  const page = await personPage(browser, ann, `/room/${room.id}/bill/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add bill' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Bill name').fill('Seafood dinner');
  await chooseMode(page, 'Items');
  for (const [i, line] of lines.entries()) {
    const n = i + 1;
    if (i > 0) await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel(`Item ${n}`, { exact: true }).fill(line.name);
    if (line.quantity !== undefined)
      await page.getByLabel(`Quantity of ${line.name}`).fill(String(line.quantity));
    await page.getByLabel(`Item ${n} Amount`).fill((line.cents / 100).toFixed(2));
    if (line.people === 'everyone') {
      await page.getByRole('checkbox', { name: `Everyone shares ${line.name}` }).check();
    } else {
      const who = page.getByRole('group', { name: `Who had item ${n}` });
      for (const p of line.people)
        await who.getByRole('checkbox', { name: new RegExp(`^${literal(p.username)}`) }).check();
    }
  }
  // Everyone on: every person's chip of the crab shows ticked and cannot be changed.
  const crabPeople = page.getByRole('group', { name: 'Who had item 1' }).getByRole('checkbox');
  await expect(crabPeople).toHaveCount(4);
  for (const box of await crabPeople.all()) {
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
  }
  // The quantity's visible label is "Quantity"; its accessible name names the line.
  await expect(itemRow(page, 3).getByText('Quantity', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Quantity of Beer')).toHaveValue('3');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue((bill1.subtotal / 100).toFixed(2));

  // The charges, in order: 10% service; a 10.00 voucher (a fixed amount, Discount); 9% GST.
  await page.getByRole('button', { name: 'Add charge' }).click();
  await page.getByLabel('Charge 1', { exact: true }).fill('Service');
  await page.getByLabel('Charge 1 Percent').fill('10');
  await page.getByRole('button', { name: 'Add charge' }).click();
  await page.getByLabel('Charge 2', { exact: true }).fill('Voucher');
  await page.getByRole('combobox', { name: 'Charge 2 kind' }).selectOption({ label: 'Amount' });
  await page.getByLabel('Charge 2 Amount').fill('10');
  await page.getByRole('checkbox', { name: 'Charge 2 is a discount' }).check();
  await page.getByRole('button', { name: 'Add charge' }).click();
  await page.getByLabel('Charge 3', { exact: true }).fill('GST');
  await page.getByLabel('Charge 3 Percent').fill('9');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue((bill1.total / 100).toFixed(2));
  const expectedShares1 = everyone.map((p) => `${you(p)}${sgd(shares1.get(p.id)!)}`);
  await expect(page.getByTestId('share')).toHaveText(expectedShares1);

  // Paid by two: ann keeps the amount as typed, then 100.00 of it; ben the rest.
  await page.getByRole('button', { name: 'Add another payer' }).click();
  await expect(page.getByRole('combobox', { name: 'Payer 1' })).toHaveValue(String(ann.id));
  await page.getByRole('combobox', { name: 'Payer 2' }).selectOption(String(ben.id));
  await expect(page.getByLabel(`Amount paid by ${you(ann)}`)).toHaveValue((bill1.total / 100).toFixed(2));
  await page.getByLabel(`Amount paid by ${you(ann)}`).fill((paid1.get(ann.id)! / 100).toFixed(2));
  await expect(page.getByTestId('payers-left')).toHaveText(`${sgd(paid1.get(ben.id)!)} left`);
  await page.getByLabel(`Amount paid by ${ben.username}`).fill((paid1.get(ben.id)! / 100).toFixed(2));
  await expect(page.getByTestId('payers-left')).toHaveText('Adds up to the amount');
  await shot(page, 'real-bill-receipt-editor');
  await expectNoAxeViolations(page);

  // The review: each line, the Subtotal, each charge as rounded, the Total, each payer and each share.
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review the bill' })).toBeFocused();
  await expect(page.getByTestId('review-item')).toHaveText([
    `Chilli crabeveryone${sgd(8895)}`,
    `Prawns${you(ann)}, ${ben.username}${sgd(3300)}`,
    `3 × Beer${ben.username}, ${cy.username}${sgd(2850)}`,
  ]);
  await expect(page.getByTestId('review-subtotal')).toHaveText(`Subtotal${sgd(bill1.subtotal)}`);
  await expect(page.getByTestId('charge')).toHaveText([
    `Service (10%)${sgd(bill1.chargeCents[0]!)}`,
    `Voucher${sgd(bill1.chargeCents[1]!)}`,
    `GST (9%)${sgd(bill1.chargeCents[2]!)}`,
  ]);
  expect(bill1.chargeCents).toEqual([1505, -1000, 1400]);
  await expect(page.getByTestId('review-receipt-total')).toHaveText(`Total${sgd(bill1.total)}`);
  await expect(page.getByTestId('review-share')).toHaveText(expectedShares1);
  // Waits for the review's payers (create-bill-review.tsx: one row per payer, testid review-payer).
  await expect(page.getByTestId('review-payer')).toHaveText([
    `${you(ann)}${sgd(paid1.get(ann.id)!)}`,
    `${ben.username}${sgd(paid1.get(ben.id)!)}`,
  ]);
  await expect(page.getByText(/doesn’t split exactly/)).toHaveCount(0);
  await shot(page, 'real-bill-review');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add bill' }).click();
  await expect(page.getByText('Bill created successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/room/${room.id}$`));

  // What the server stored: the amounts worked out above.
  const [seafood] = await storedBills(request, di, room.id);
  expect(seafood).toMatchObject({
    name: 'Seafood dinner',
    amount: bill1.total / 100,
    subtotal: bill1.subtotal / 100,
    currency: 'SGD',
    rate: null,
    ownerId: ann.id,
    split: {
      mode: 'items',
      items: [
        { name: 'Chilli crab', amount: 88.95, userIds: everyone.map((p) => p.id) },
        { name: 'Prawns', amount: 33, userIds: [ann.id, ben.id] },
        { name: 'Beer', amount: 28.5, quantity: 3, userIds: [ben.id, cy.id] },
      ],
      charges: [
        { name: 'Service', percent: 10, amount: 15.05 },
        { name: 'Voucher', amount: -10 },
        { name: 'GST', percent: 9, amount: 14 },
      ],
    },
  });
  expect(byUser(seafood!.shares)).toEqual(bill1.shares(seafood!.id));
  expect(byUser(seafood!.paidBy)).toEqual(paid1);

  // Balances: net = paid − share, as the server sums them…
  const expected1 = new Map(
    everyone.map((p) => {
      const paid = paid1.get(p.id) ?? 0;
      const owes = shares1.get(p.id)!;
      return [p.id, { paid, owes, net: paid - owes }];
    }),
  );
  expect([...expected1.values()].reduce((s, b) => s + b.net, 0)).toBe(0);
  expect(await balancesOf(request, cy, room.id)).toEqual(expected1);

  // …and as the room lists the bill and each member reads their own money in its Money section.
  const bills = moneySection(page)
    .getByRole('list', { name: 'Bills of this room' })
    .getByTestId('money-bill');
  await expect(bills).toHaveText([
    `Seafood dinner${sgd(bill1.total)}Paid by you, ${ben.username} · By items, with service, voucher and GST`,
  ]);
  await expectMine(page, expected1.get(ann.id)!.paid, expected1.get(ann.id)!.owes);
  await moneySection(page)
    .getByRole('button', { name: /^Seafood dinner/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Seafood dinner' });
  await expect(dialog.getByTestId('bill-payers').getByRole('listitem')).toHaveText([
    `You${sgd(paid1.get(ann.id)!)}`,
    `${ben.username}${sgd(paid1.get(ben.id)!)}`,
  ]);
  await expect(dialog.getByTestId('share')).toHaveText(
    everyone.map((p) => `${p.id === ann.id ? 'You' : p.username}${sgd(shares1.get(p.id)!)}`),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const others = new Map<number, Page>();
  for (const p of [ben, cy, di]) {
    const theirs = await personPage(browser, p, `/room/${room.id}`);
    others.set(p.id, theirs);
    await expect(theirs.getByLabel('Your money in this room')).toBeVisible({ timeout: 30_000 });
    await expectMine(theirs, expected1.get(p.id)!.paid, expected1.get(p.id)!.owes);
  }

  // ---- 2. Ramen in yen: ¥12,345 at 0.0091, paid by di, equally among ann, ben and cy. ---------------------------
  // 12,345 × 0.0091 = 112.3395 → 11,234 cents (half up). ¥4,115 each exactly; in SGD 11,234 / 3 = 3,744.67 each:
  // the 2 cents left go by the tie rule from position (bill id mod 3).
  const ramenYen = 12_345;
  const converted = halfUp(ramenYen * 91 * 100, 10_000);
  expect(converted).toBe(11_234);
  const eaters = [ann, ben, cy];
  const ramenShares = (billId: number) => {
    const yenShares = largestRemainder(
      eaters.map((p) => ({ userId: p.id, numerator: ramenYen })),
      eaters.length,
      billId,
    );
    const sgdShares = largestRemainder(
      [...yenShares].map(([userId, y]) => ({ userId, numerator: y * converted })),
      ramenYen,
      billId,
    );
    return { yenShares, sgdShares };
  };
  // Before it is saved the bill has no id: the form and the review round as bill 0 and say a cent may move.
  const preview = ramenShares(0);

  await page.goto(`/room/${room.id}/bill/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add bill' })).toBeVisible();
  await page.getByLabel('Bill name').fill('Ramen');
  await page.getByRole('button', { name: 'Currency: SGD. Change' }).click();
  const sheet = page.getByRole('region', { name: 'The bill’s currency' });
  await sheet.getByRole('button', { name: 'Change' }).click();
  await sheet.getByLabel('Search currencies').fill('JPY');
  await expect(sheet.getByRole('radio')).toHaveCount(1);
  await sheet.getByText('Japanese Yen').click();
  await expect(sheet.getByRole('radio', { name: /JPY/ })).toBeChecked();
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Currency: JPY. Change' })).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill(String(ramenYen));
  await sheet.getByLabel('1 JPY = ? SGD').fill('0.0091');
  await expect(page.getByTestId('converted-amount')).toHaveText(`≈ ${sgd(converted)}`);
  await page.getByLabel('Paid by').selectOption(String(di.id));
  await chooseMode(page, 'Equally');
  await page
    .getByRole('group', { name: 'Split between' })
    .getByRole('checkbox', { name: new RegExp(`^${literal(di.username)}`) })
    .uncheck();
  // Each share live, in SGD, with its yen beneath.
  await expect(page.getByTestId('share')).toHaveText(
    eaters.map((p) => `${you(p)}${sgd(preview.sgdShares.get(p.id)!)}${yen(preview.yenShares.get(p.id)!)}`),
  );
  await page.getByLabel('Amount', { exact: true }).blur();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('12,345');
  await shot(page, 'real-bill-foreign');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review the bill' })).toBeFocused();
  // Waits for the review's conversion and room-currency shares (create-bill-review.tsx, testid review-conversion).
  await expect(page.getByTestId('review-conversion')).toHaveText(
    `${yen(ramenYen)} at 0.0091 = ${sgd(converted)}`,
  );
  await expect(page.getByTestId('review-share')).toHaveText(
    eaters.map(
      (p) =>
        new RegExp(
          `^${literal(`${you(p)}${sgd(preview.sgdShares.get(p.id)!)}`)}(${literal(yen(preview.yenShares.get(p.id)!))})?$`,
        ),
    ),
  );
  await expect(page.getByText(/doesn’t split exactly: who pays the extra SGD.0\.01/)).toBeVisible();
  await shot(page, 'real-bill-foreign-review');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add bill' }).click();
  await expect(page.getByText('Bill created successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/room/${room.id}$`));

  const [ramen] = await storedBills(request, ben, room.id);
  expect(ramen).toMatchObject({
    name: 'Ramen',
    amount: converted / 100,
    originalAmount: ramenYen,
    subtotal: ramenYen,
    currency: 'JPY',
    rate: '0.0091',
    roomCurrency: 'SGD',
    ownerId: di.id,
    paidBy: [{ userId: di.id, amount: converted / 100 }],
    originalPaidBy: [{ userId: di.id, amount: ramenYen }],
    split: { mode: 'equal', userIds: eaters.map((p) => p.id) },
  });
  const saved = ramenShares(ramen!.id);
  expect(byUser(ramen!.shares)).toEqual(saved.sgdShares);
  expect([...saved.sgdShares.values()].reduce((s, c) => s + c, 0)).toBe(converted);

  const expected2 = new Map(
    everyone.map((p) => {
      const paid = (paid1.get(p.id) ?? 0) + (p.id === di.id ? converted : 0);
      const owes = shares1.get(p.id)! + (saved.sgdShares.get(p.id) ?? 0);
      return [p.id, { paid, owes, net: paid - owes }];
    }),
  );
  expect([...expected2.values()].reduce((s, b) => s + b.net, 0)).toBe(0);
  expect(await balancesOf(request, ann, room.id)).toEqual(expected2);

  await expect(bills).toHaveText([
    `Ramen${sgd(converted)}${yen(ramenYen)} · rate 0.0091Paid by ${di.username} · Split equally among 3Added by you`,
    `Seafood dinner${sgd(bill1.total)}Paid by you, ${ben.username} · By items, with service, voucher and GST`,
  ]);
  await expectMine(page, expected2.get(ann.id)!.paid, expected2.get(ann.id)!.owes);
  await moneySection(page)
    .getByRole('button', { name: /^Ramen/ })
    .click();
  const ramenDialog = page.getByRole('dialog', { name: 'Ramen' });
  await expect(ramenDialog.getByTestId('share')).toHaveText(
    eaters.map((p) => `${p.id === ann.id ? 'You' : p.username}${sgd(saved.sgdShares.get(p.id)!)}`),
  );
  await ramenDialog.getByRole('button', { name: 'Close' }).click();
  await expect(ramenDialog).toBeHidden();
  await expect(page.getByText('Bill created successfully!')).toBeHidden({ timeout: 15_000 });
  await page.evaluate(() => document.getElementById('money')?.scrollIntoView({ block: 'start' }));
  await shot(page, 'real-bill-list', false);
  for (const p of [ben, cy, di]) {
    const theirs = others.get(p.id)!;
    await theirs.reload();
    await expect(theirs.getByLabel('Your money in this room')).toBeVisible({ timeout: 30_000 });
    await expectMine(theirs, expected2.get(p.id)!.paid, expected2.get(p.id)!.owes);
  }

  // ---- 3. The room's Spending: both bills, in SGD. ---------------------------------------------------------
  const spent = bill1.total + converted;
  const statsRes = await request.get(`/v1/rooms/${room.id}/stats`, { headers: auth(cy) });
  expect(statsRes.ok()).toBe(true);
  const stats = (
    (await statsRes.json()) as {
      data: { currency: string; total: number; byMember: { userId: number; paid: number; owes: number }[] };
    }
  ).data;
  expect(stats.currency).toBe('SGD');
  expect(cents(stats.total)).toBe(spent);
  expect(
    new Map(stats.byMember.map((m) => [m.userId, { paid: cents(m.paid), owes: cents(m.owes) }])),
  ).toEqual(new Map([...expected2].map(([id, b]) => [id, { paid: b.paid, owes: b.owes }])));
  await moneySection(page).getByRole('link', { name: 'Spending' }).click();
  await expect(page).toHaveURL(new RegExp(`/room/${room.id}/spending$`));
  const total = page.getByRole('region', { name: 'Total spent' });
  await expect(total.getByText(sgd(spent), { exact: true })).toBeVisible();
  await expect(total).toContainText('· 4 people');
  await shot(page, 'spending', false);
  await expectNoAxeViolations(page);
  await page.evaluate(() => localStorage.setItem('outing.theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(total.getByText(sgd(spent), { exact: true })).toBeVisible();
  await shot(page, 'spending-dark', false);
  await expectNoAxeViolations(page);
});
