import { expect, test } from '@playwright/test';
import { api, billEntry, Ledger } from '../support/ledger-model.js';
import {
  confirmReceived,
  expectOneNumberEverywhere,
  loose,
  money,
  named,
  noToasts,
  openFriend,
  payOtherAmount,
  shot,
  signUpThreeFriends,
  waitingOn,
} from '../support/ledger-screens.js';
import { createRoomIn } from '../support/money.js';

// Issue 33's "Done when": three friends, two rooms (SGD and JPY), six bills, payments by either side of any amount,
// an edit after payments, a delete and its undo, Settle up from Home per currency, a dispute and confirmations. After
// every step each friend's Home (Balances card and To pay / To receive) and both rooms' "Who pays whom" must show
// the same number for the same pair, and that number must be the one this test computes from the bills and the
// payments on its own (fewest transfers, to the minor unit). The nets come from the shares written out below, never
// from a screen; only the fewest-transfers rule is the ledger package's (`settle`, support/ledger-model.ts).

test('three friends, two rooms: one number per pair on every screen after every step', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000); // three people on nine pages, ~14 steps each checked on every page
  const { alice, ben, chloe } = await signUpThreeFriends(request);
  const [a, b, c] = [alice.id, ben.id, chloe.id];
  await api(request, alice, 'PUT', `/users/${a}/payment-methods`, [{ kind: 'paynow', value: '+6591234567' }]);

  const dinner = await createRoomIn(request, alice, [ben, chloe], 'SGD', 'Dinner at Lau Pa Sat');
  const trip = await createRoomIn(request, chloe, [alice, ben], 'JPY', 'Kyoto trip');
  const ledger = new Ledger([a, b, c]);
  const bill = billEntry(request, ledger);
  // Dinner room (SGD): Dinner $60.00 by alice for all three; Taxi $23.50 by ben for alice and chloe; Dessert $18.00
  // by chloe, shares ben 2 : chloe 1. Nets: alice +28.25, ben −8.50, chloe −19.75.
  await bill(alice, dinner, 'SGD', 'Dinner', 60, { mode: 'equal', userIds: [a, b, c] }, [
    [a, 2000],
    [b, 2000],
    [c, 2000],
  ]);
  await bill(ben, dinner, 'SGD', 'Taxi', 23.5, { mode: 'equal', userIds: [a, c] }, [
    [a, 1175],
    [c, 1175],
  ]);
  await bill(
    chloe,
    dinner,
    'SGD',
    'Dessert',
    18,
    {
      mode: 'shares',
      shares: [
        { userId: b, shares: 2 },
        { userId: c, shares: 1 },
      ],
    },
    [
      [b, 1200],
      [c, 600],
    ],
  );
  // Kyoto trip (JPY): Hotel ¥42,000 by chloe for all three; Train ¥9,000 by alice, exact 2,000 / 4,000 / 3,000;
  // Ramen ¥3,600 by ben by items. Nets: alice −8,600, ben −16,000, chloe +24,600.
  await bill(chloe, trip, 'JPY', 'Hotel', 42000, { mode: 'equal', userIds: [a, b, c] }, [
    [a, 14000],
    [b, 14000],
    [c, 14000],
  ]);
  await bill(
    alice,
    trip,
    'JPY',
    'Train',
    9000,
    {
      mode: 'exact',
      amounts: [
        { userId: a, amount: 2000 },
        { userId: b, amount: 4000 },
        { userId: c, amount: 3000 },
      ],
    },
    [
      [a, 2000],
      [b, 4000],
      [c, 3000],
    ],
  );
  await bill(
    ben,
    trip,
    'JPY',
    'Ramen',
    3600,
    {
      mode: 'items',
      items: [
        { name: 'Shoyu ramen', amount: 1200, userIds: [a] },
        { name: 'Miso ramen', amount: 1200, userIds: [b] },
        { name: 'Gyoza', amount: 1200, userIds: [a, b, c] },
      ],
      charges: [],
    },
    [
      [a, 1600],
      [b, 1600],
      [c, 400],
    ],
  );

  const rooms = { SGD: dinner, JPY: trip };
  const A = await openFriend(browser, alice, rooms);
  const B = await openFriend(browser, ben, rooms);
  const C = await openFriend(browser, chloe, rooms);
  const friends = [A, B, C];
  const check = (step: string) => expectOneNumberEverywhere(friends, ledger, step);
  await check('six bills');

  // 1. chloe pays alice part of her dinner debt with "Other amount": $5.00 of $19.75, awaiting alice.
  await payOtherAmount(C, 'SGD', alice, '5.00');
  ledger.pay('SGD', c, a, 500);
  await check('chloe paid alice SGD 5.00 (Other amount)');

  // 2. alice's notification of it opens Home, where she confirms it.
  await A.home
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await A.home
    .getByRole('link')
    .filter({ hasText: 'Payment to confirm' })
    .filter({ hasText: chloe.username })
    .first()
    .click();
  await expect(A.home).toHaveURL(/\/$/);
  const waitingA = waitingOn(A);
  await expect(waitingA).toContainText(`${chloe.username} says they paid`);
  await confirmReceived(A, 'SGD 5.00', chloe);
  await expect(A.home.getByText('Payment confirmed')).toBeVisible();
  await check('alice confirmed chloe’s SGD 5.00 from her notification');

  // 3. ben pays alice all he owes with Pay: the pay sheet shows alice's PayNow QR with Save and Share (Linux Chromium
  // has no Web Share: a stand-in, so that Share shows).
  await B.rooms.SGD.evaluate(() =>
    Object.assign(navigator, {
      canShare: (data: ShareData) => (data.files ?? []).every((f) => f.type === 'image/png'),
      share: () => Promise.resolve(),
    }),
  );
  const payB = money(B.rooms.SGD).getByRole('button', { name: named(`Pay SGD 8.50 to ${alice.username}`) });
  await payB.click();
  const sheet = B.rooms.SGD.getByRole('dialog', { name: `Pay ${alice.username}` });
  await expect(sheet.getByTestId('qr-paynow')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Save QR code' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Share' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Save QR code' }).scrollIntoViewIfNeeded();
  await B.rooms.SGD.mouse.move(0, 0);
  await B.rooms.SGD.screenshot({ path: shot('ledger-pay-sheet-save-share') });
  await sheet.getByRole('button', { name: 'I’ve paid' }).click();
  await B.rooms.SGD.getByRole('button', { name: 'Yes, I’ve paid' }).click();
  await expect(
    B.rooms.SGD.getByText(`Marked as paid — waiting for ${alice.username} to confirm`).last(),
  ).toBeVisible();
  ledger.pay('SGD', b, a, 850);
  await check('ben paid alice SGD 8.50 (Pay, pay sheet)');

  // 4. alice never got it: Not received puts ben's debt back.
  await waitingA.getByRole('button', { name: named(`Not received SGD 8.50 from ${ben.username}`) }).click();
  await A.home
    .getByRole('alertdialog', { name: 'Not received?' })
    .getByRole('button', { name: 'Not received' })
    .click();
  await expect(A.home.getByText('Marked as not received')).toBeVisible();
  ledger.unpay('SGD', b, a, 850);
  await check('alice: not received');

  // 5. ben edits the Taxi, after those payments, from $23.50 to $26.00 (alice and chloe $13.00 each).
  await money(B.rooms.SGD).getByRole('button', { name: /^Taxi/ }).click();
  await B.rooms.SGD.getByRole('dialog', { name: 'Taxi' }).getByRole('link', { name: 'Edit' }).click();
  await expect(B.rooms.SGD.getByRole('heading', { level: 1, name: 'Edit bill' })).toBeVisible();
  await expect(B.rooms.SGD.getByLabel('Amount', { exact: true })).toHaveValue('23.50');
  await B.rooms.SGD.getByLabel('Amount', { exact: true }).fill('26.00');
  await B.rooms.SGD.getByRole('button', { name: 'Review' }).click();
  await B.rooms.SGD.getByRole('button', { name: 'Save changes' }).click();
  await expect(B.rooms.SGD.getByText('Bill updated')).toBeVisible();
  // Back where the edit began: the Taxi's breakdown, now $13.00 each.
  const taxi = B.rooms.SGD.getByRole('dialog', { name: 'Taxi' });
  await expect(taxi.getByTestId('share')).toHaveText([/SGD\s13\.00$/, /SGD\s13\.00$/]);
  await taxi.getByRole('button', { name: 'Close' }).click();
  await expect(taxi).toBeHidden();
  ledger.bill('Taxi', 'SGD', b, [
    [a, 1300],
    [c, 1300],
  ]);
  await check('ben edited the Taxi to SGD 26.00');

  // 6. alice records $7.00 chloe handed her (Record payment: received at once).
  await money(A.rooms.SGD)
    .getByRole('button', { name: `Record a payment from ${chloe.username}` })
    .click();
  const received = A.rooms.SGD.getByRole('dialog', { name: `Payment from ${chloe.username}` });
  await received.getByLabel('Amount (SGD)').fill('7.00');
  await received.getByRole('button', { name: 'Mark received' }).click();
  await expect(
    A.rooms.SGD.getByText(named(`Recorded: ${chloe.username} paid you SGD 7.00`)).last(),
  ).toBeVisible();
  ledger.pay('SGD', c, a, 700);
  await check('alice recorded SGD 7.00 from chloe');
  // ben's side of the room: his debt with Pay and Other amount, and chloe's to alice.
  await noToasts(B.rooms.SGD);
  await B.rooms.SGD.evaluate(() => document.getElementById('money')?.scrollIntoView({ block: 'start' }));
  await B.rooms.SGD.mouse.move(0, 0);
  await B.rooms.SGD.screenshot({ path: shot('ledger-room-money') });

  // 7. chloe deletes the Hotel (the trip's debts turn around: she owes alice ¥3,400) and undoes it from the toast,
  // within its 8 s: only her own trip page is checked in between.
  await money(C.rooms.JPY)
    .getByRole('button', { name: /^Hotel/ })
    .click();
  await C.rooms.JPY.getByRole('dialog', { name: 'Hotel' }).getByRole('button', { name: 'Delete' }).click();
  await C.rooms.JPY.getByRole('alertdialog', { name: 'Delete Hotel?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const deleted = C.rooms.JPY.locator('[data-variant]').filter({ hasText: 'Bill deleted' });
  await expect(deleted).toBeVisible();
  await expect(money(C.rooms.JPY).getByRole('button', { name: /^Hotel/ })).toHaveCount(0);
  await expect(
    money(C.rooms.JPY)
      .getByTestId('transfer')
      .filter({ hasText: new RegExp(`^You${alice.username}JP¥3,400$`) }),
  ).toHaveCount(1);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(C.rooms.JPY.getByText('Bill restored')).toBeVisible();
  await expect(money(C.rooms.JPY).getByRole('button', { name: /^Hotel/ })).toBeVisible();
  await check('chloe deleted the Hotel and pressed Undo');

  // 8. ben settles up with alice from Home: SGD only (Settle up is per person and currency; his yen go to chloe).
  const benOwesAlice = B.home
    .getByRole('region', { name: 'Balances' })
    .getByRole('list', { name: 'Balances by person' })
    .getByRole('listitem')
    .filter({ hasText: alice.username });
  await expect(benOwesAlice.filter({ hasText: 'SGD' })).toHaveCount(1);
  await noToasts(B.home);
  await B.home.mouse.move(0, 0);
  await B.home.screenshot({ path: shot('ledger-home') });
  await benOwesAlice
    .filter({ hasText: 'SGD' })
    .getByRole('button', { name: `Settle up with ${alice.username}` })
    .click();
  const settle = B.home.getByRole('dialog', { name: `Pay ${alice.username}` });
  await expect(settle.getByLabel('Amount (SGD)')).toHaveValue('6.00');
  await settle.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(
    B.home.getByText(`Marked as paid — waiting for ${alice.username} to confirm`).last(),
  ).toBeVisible();
  ledger.pay('SGD', b, a, 600);
  await check('ben settled up with alice in SGD from Home');

  // 9. alice confirms it on Home.
  await confirmReceived(A, 'SGD 6.00', ben);
  await expect(waitingA).toHaveCount(0);
  await check('alice confirmed ben’s SGD 6.00');

  // 10. alice pays chloe all of her yen with Pay (chloe has no handles: the sheet says so, "I've paid" still works).
  await money(A.rooms.JPY)
    .getByRole('button', { name: named(`Pay JP¥8,600 to ${chloe.username}`) })
    .click();
  const sheetA = A.rooms.JPY.getByRole('dialog', { name: `Pay ${chloe.username}` });
  await expect(sheetA.getByText('No payment handles')).toBeVisible();
  await sheetA.getByRole('button', { name: 'I’ve paid' }).click();
  await A.rooms.JPY.getByRole('button', { name: 'Yes, I’ve paid' }).click();
  await expect(
    A.rooms.JPY.getByText(`Marked as paid — waiting for ${chloe.username} to confirm`).last(),
  ).toBeVisible();
  ledger.pay('JPY', a, c, 8600);
  await check('alice paid chloe JPY 8,600 (Pay)');

  // 11. ben pays chloe ¥10,000 of ¥16,000 with Other amount.
  await payOtherAmount(B, 'JPY', chloe, '10000');
  ledger.pay('JPY', b, c, 10000);
  await check('ben paid chloe JPY 10,000 (Other amount)');

  // 12. chloe confirms both on Home.
  const waitingC = waitingOn(C);
  for (const [who, amount] of [
    [alice, 'JP¥8,600'],
    [ben, 'JP¥10,000'],
  ] as const) {
    await confirmReceived(C, amount, who);
    await expect(
      waitingC.getByRole('button', { name: named(`Confirm received ${amount} from ${who.username}`) }),
    ).toHaveCount(0);
  }
  await check('chloe confirmed both yen payments');

  // The trip's History says who did what, the delete and its undo included.
  await noToasts(C.rooms.JPY);
  const history = C.rooms.JPY.getByRole('button', { name: /^History/ });
  await history.click();
  const lines = C.rooms.JPY.getByRole('list', { name: 'History of the room' });
  await expect(lines).toContainText(loose(`You deleted “Hotel” (JP¥42,000)`));
  await expect(lines).toContainText(loose(`You restored “Hotel” (JP¥42,000)`));
  await history.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await C.rooms.JPY.mouse.move(0, 0);
  await C.rooms.JPY.screenshot({ path: shot('ledger-activity') });

  // What is left: chloe owes alice $9.00, ben owes chloe ¥6,000.
  expect(ledger.transfers('SGD')).toEqual([{ from: c, to: a, units: 900 }]);
  expect(ledger.transfers('JPY')).toEqual([{ from: b, to: c, units: 6000 }]);
});
