import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAccount, type Account } from './accounts.js';
import { personPage } from './bills.js';
import { CURS, major, minor, type Cur, type Ledger } from './ledger-model.js';

// The three-friends ledger spec's friends and what their screens say: each friend signed in on Home and on both
// rooms, the readers of Home's Balances, To pay / To receive and the rooms' Money sections, the check that they all
// show the ledger's number, and the payment steps the spec takes more than once.

/** `docs/screenshots/<name>.png`. */
export const shot = (name: string) =>
  fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s');

/** A name or text holding an amount, whatever space Intl puts after the currency code ("SGD\u00a08.50"). */
export const named = (text: string) => new RegExp(`^${escape(text)}$`);

/** The same, anywhere in a longer text. */
export const loose = (text: string) => new RegExp(escape(text));

/** Screens are shot at rest: no toast over them. */
export const noToasts = (page: Page) =>
  expect(page.locator('[data-variant][data-state]')).toHaveCount(0, { timeout: 12_000 });

/** A room page's Money section. */
export const money = (page: Page) => page.getByRole('region', { name: /^Money/ });

/** One friend's pages: Home, and the room of each currency. */
export interface Friend {
  account: Account;
  home: Page;
  rooms: Record<Cur, Page>;
}

/** alice, ben and chloe, signed up (and verified) in that order, so their ids ascend. */
export async function signUpThreeFriends(request: APIRequestContext) {
  const alice = await createAccount(request, 'alice');
  const ben = await createAccount(request, 'ben');
  const chloe = await createAccount(request, 'chloe');
  return { alice, ben, chloe };
}

/** `account` signed in, in a browser context of their own: Home, and each room on a page of its own. */
export async function openFriend(
  browser: Browser,
  account: Account,
  rooms: Record<Cur, { id: string }>,
): Promise<Friend> {
  const home = await personPage(browser, account, '/');
  const sgd = await home.context().newPage();
  await sgd.goto(`/room/${rooms.SGD.id}`);
  const jpy = await home.context().newPage();
  await jpy.goto(`/room/${rooms.JPY.id}`);
  return { account, home, rooms: { SGD: sgd, JPY: jpy } };
}

/** An amount as a screen writes it ("SGD 14.75", "JP¥42,000") in minor units, with its currency. */
function readAmount(text: string): { cur: Cur; units: number } {
  const m = /(SGD|JP¥|¥)\s*([\d,]+(?:\.\d+)?)/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  const cur: Cur = m[1] === 'SGD' ? 'SGD' : 'JPY';
  return { cur, units: minor(Number(m[2]!.replace(/,/g, '')), cur) };
}

/**
 * Everything one friend's screens say about each pair they are in, signed from their side (> 0: the other owes
 * them), by `${otherName} ${cur}`: Home's Balances row, Home's To pay / To receive row, the room's who pays whom;
 * and their net in each room.
 */
async function readScreens(friend: Friend, names: string[]) {
  const home = new Map<string, number>();
  const lists = new Map<string, number>();
  const rooms = new Map<string, number>();
  const nets = new Map<Cur, number>();
  const other = (text: string) => {
    const name = names.find((n) => n !== friend.account.username && text.includes(n));
    if (!name) throw new Error(`no name in "${text}"`);
    return name;
  };
  const put = (map: Map<string, number>, key: string, value: number, where: string) => {
    if (map.has(key)) throw new Error(`${key} twice in ${where}`);
    map.set(key, value);
  };

  const card = friend.home.getByRole('region', { name: 'Balances' });
  for (const row of await card
    .getByRole('list', { name: 'Balances by person' })
    .locator('button[aria-expanded]')
    .allTextContents()) {
    const { cur, units } = readAmount(row);
    put(home, `${other(row)} ${cur}`, row.includes('owes you') ? units : -units, 'Balances');
  }
  for (const [region, sign] of [
    ['To pay', -1],
    ['To receive', 1],
  ] as const) {
    for (const row of await friend.home
      .getByRole('region', { name: region })
      .getByRole('listitem')
      .locator('.sr-only')
      .allTextContents()) {
      const { cur, units } = readAmount(row);
      put(lists, `${other(row)} ${cur}`, sign * units, region);
    }
  }
  for (const cur of CURS) {
    const section = money(friend.rooms[cur]);
    // Each line: payer → payee ("You" for me) and the amount.
    const lines = await section.getByTestId('transfer').evaluateAll((rows) =>
      rows.map((row) => ({
        names: [...row.querySelectorAll('.truncate')].map((n) => n.textContent ?? ''),
        text: row.textContent ?? '',
      })),
    );
    for (const {
      names: [payer, payee],
      text,
    } of lines) {
      const { units } = readAmount(text);
      if (payer === 'You') put(rooms, `${other(payee ?? '')} ${cur}`, -units, `${cur} room`);
      else if (payee === 'You') put(rooms, `${other(payer ?? '')} ${cur}`, units, `${cur} room`);
    }
    const mine = await section.getByLabel('Your money in this room').textContent();
    if (mine !== null) {
      const netText = (await section.getByTestId('my-net').textContent()) ?? '';
      const { units } = readAmount(netText);
      nets.set(cur, mine.includes('You are owed') ? units : mine.includes('You owe') ? -units : 0);
    }
  }
  return { home, lists, rooms, nets };
}

/**
 * After every step: for each friend and each other friend in each currency, Home's Balances, Home's To pay / To
 * receive and the room's who pays whom show the same number, the one the ledger gives; each friend's net in each room
 * too. Polled while the screens follow the change live; on a timeout the message names the pair and the numbers.
 */
export async function expectOneNumberEverywhere(friends: Friend[], ledger: Ledger, step: string) {
  const names = friends.map((f) => f.account.username);
  const nameOf = (id: number) => friends.find((f) => f.account.id === id)!.account.username;
  const expected = new Map<string, Map<string, number>>();
  const expectedNets = new Map<string, Map<Cur, number>>();
  for (const f of friends) {
    expected.set(f.account.username, new Map());
    expectedNets.set(f.account.username, new Map());
  }
  for (const cur of CURS) {
    for (const [id, net] of ledger.nets(cur)) expectedNets.get(nameOf(id))!.set(cur, net);
    for (const t of ledger.transfers(cur)) {
      expected.get(nameOf(t.from))!.set(`${nameOf(t.to)} ${cur}`, -t.units);
      expected.get(nameOf(t.to))!.set(`${nameOf(t.from)} ${cur}`, t.units);
    }
  }
  const fmt = (v: number | undefined, key: string) => {
    if (v === undefined) return 'none';
    const cur = key.endsWith('JPY') ? 'JPY' : 'SGD';
    return `${v < 0 ? '-' : '+'}${major(Math.abs(v), cur)}`;
  };
  const mismatches = async () => {
    const out: string[] = [];
    for (const f of friends) {
      const me = f.account.username;
      let seen;
      try {
        seen = await readScreens(f, names);
      } catch (e) {
        return [`${me}: ${(e as Error).message}`];
      }
      const want = expected.get(me)!;
      const keys = new Set([...want.keys(), ...seen.home.keys(), ...seen.lists.keys(), ...seen.rooms.keys()]);
      for (const key of keys) {
        const e = want.get(key);
        const [h, l, r] = [seen.home.get(key), seen.lists.get(key), seen.rooms.get(key)];
        if (h !== e || l !== e || r !== e)
          out.push(
            `${me} with ${key} (+: owes ${me}): Home Balances ${fmt(h, key)}, To pay/To receive ${fmt(l, key)}, ` +
              `room ${fmt(r, key)}; expected ${fmt(e, key)}`,
          );
      }
      for (const cur of CURS) {
        const e = expectedNets.get(me)!.get(cur);
        if (seen.nets.get(cur) !== e)
          out.push(
            `${me}'s net in the ${cur} room: ${fmt(seen.nets.get(cur), cur)}; expected ${fmt(e, cur)}`,
          );
      }
    }
    return out;
  };
  await expect.poll(mismatches, { message: `after: ${step}`, timeout: 20_000 }).toEqual([]);
}

/** `f` pays `to` `amount` in the room of `cur` with "Other amount": marked as paid, waiting for `to` to confirm. */
export async function payOtherAmount(f: Friend, cur: Cur, to: Account, amount: string) {
  const page = f.rooms[cur];
  await money(page)
    .getByRole('button', { name: `Pay ${to.username} another amount` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Pay ${to.username}` });
  await dialog.getByLabel(`Amount (${cur})`).fill(amount);
  await dialog.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByText(`Marked as paid — waiting for ${to.username} to confirm`).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Home's "Waiting for confirmation" of `f`: the payments others say they made to them. */
export const waitingOn = (f: Friend) => f.home.getByRole('region', { name: 'Waiting for confirmation' });

/** On Home, `f` confirms they received `amount` (as the screen writes it: "SGD 5.00") from `from`. */
export async function confirmReceived(f: Friend, amount: string, from: Account) {
  await waitingOn(f)
    .getByRole('button', { name: named(`Confirm received ${amount} from ${from.username}`) })
    .click();
  await f.home
    .getByRole('alertdialog', { name: 'Confirm received?' })
    .getByRole('button', { name: 'Confirm received' })
    .click();
}
