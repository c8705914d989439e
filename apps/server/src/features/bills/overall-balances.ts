import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { OverallBalances } from '@outing/contract';
import type { BillsContext, Me } from './access.js';
import { selectBalancePeople, selectUnpaidNets } from './queries-balances.js';
import { guestMark } from '../users/guest-mark.js';

type Line = { userId: number; currency: string; roomId: string; roomName: string; minor: number };

/**
 * `GET /balances` (docs/money.md): per person and currency, what the caller is owed (> 0) or owes
 * (< 0) across every room: the sum of the unpaid transactions between the two, which the server keeps equal to each
 * room's fewest transfers (bills/ledger.ts), so that Home, To pay and the room say the same number. One query on
 * the caller's unpaid transactions (their indexes), whatever the number of rooms or their history.
 *
 * Summed in SQL, not computed with packages/ledger's `roomBalances` and `settle` room by room: that would read every
 * bill share of every room the caller is in, and this read must answer in 20 ms for a user in 300 rooms at a million
 * users (docs/performance.md, "money" and "scale"). `overall-balances.test.ts` proves the answer equal to the
 * ledger's, to the unit for every member, on generated rooms (every split mode, edits, deletes, payments confirmed,
 * disputed or undone, currencies of exponent 0, 2 and 3): change this SQL (queries-balances.ts) and that test says
 * whether it still is.
 */
export async function overallBalances(ctx: BillsContext, me: Me): Promise<OverallBalances> {
  const lines: Line[] = [];
  const unpaid = await selectUnpaidNets(ctx.db, me.id);
  for (const u of unpaid)
    lines.push({
      userId: u.other,
      currency: u.currency,
      roomId: u.room_id,
      roomName: u.room_name,
      minor: Number(u.minor),
    });

  // Per person and currency, with the rooms behind it; totals per currency.
  const people = new Map<
    string,
    { userId: number; currency: string; net: number; rooms: Map<string, { name: string; net: number }> }
  >();
  for (const l of lines) {
    const key = `${l.userId}|${l.currency}`;
    let p = people.get(key);
    if (!p) people.set(key, (p = { userId: l.userId, currency: l.currency, net: 0, rooms: new Map() }));
    p.net += l.minor;
    const r = p.rooms.get(l.roomId) ?? { name: l.roomName, net: 0 };
    r.net += l.minor;
    p.rooms.set(l.roomId, r);
  }
  const ids = [...new Set([...people.values()].map((p) => p.userId))];
  const users = await selectBalancePeople(ctx.db, me.id, ids);
  const userOf = new Map(
    users.map((u) => [
      u.id,
      {
        id: u.id,
        username: u.username,
        displayName: u.display_name,
        email: u.email,
        pictureUrl: u.picture_url,
        ...guestMark(u.is_guest),
      },
    ]),
  );
  const totals = new Map<string, { owe: number; owed: number; toPay: number; toReceive: number }>();
  const totalOf = (currency: string) => {
    let t = totals.get(currency);
    if (!t) totals.set(currency, (t = { owe: 0, owed: 0, toPay: 0, toReceive: 0 }));
    return t;
  };
  const list = [...people.values()].filter(
    (p) => p.net !== 0 || [...p.rooms.values()].some((r) => r.net !== 0),
  );
  for (const p of list) {
    const t = totalOf(p.currency);
    if (p.net < 0) t.owe -= p.net;
    else t.owed += p.net;
    // A pair has at most one unpaid transaction a room (the fewest transfers), so a room's net is that transaction.
    for (const r of p.rooms.values()) {
      if (r.net < 0) t.toPay -= r.net;
      else t.toReceive += r.net;
    }
  }
  const amount = (minor: number, currency: string) => minorToAmount(minor, currencyExponent(currency));
  return {
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({
        currency,
        owe: amount(t.owe, currency),
        owed: amount(t.owed, currency),
        toPay: amount(t.toPay, currency),
        toReceive: amount(t.toReceive, currency),
      })),
    people: list
      .sort(
        (a, b) =>
          Math.abs(b.net) - Math.abs(a.net) || a.userId - b.userId || a.currency.localeCompare(b.currency),
      )
      .map((p) => ({
        userId: p.userId,
        user: userOf.get(p.userId) ?? {
          id: p.userId,
          username: '',
          displayName: '',
          email: '',
          pictureUrl: '',
        },
        currency: p.currency,
        net: amount(p.net, p.currency),
        // The largest first, then by room id: one order whatever order the rows came in.
        rooms: [...p.rooms]
          .filter(([, r]) => r.net !== 0)
          .sort(([aId, a], [bId, b]) => Math.abs(b.net) - Math.abs(a.net) || (aId < bId ? -1 : 1))
          .map(([roomId, r]) => ({ roomId, roomName: r.name, net: amount(r.net, p.currency) })),
      })),
  };
}
