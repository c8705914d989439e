import { http, HttpResponse } from 'msw';
import { minorToAmount, parseMinor } from '@outing/ledger';
import type { Round } from '@outing/contract';
import { API_BASE } from '../../../lib/api-client';
import { toAmount } from '../../../lib/money';
import { groupBillsByOwner, roomTotalCents } from '../lib/bill-groups';
import { okPage } from '../../../mocks/cursor-page';
import { ok } from '../../../mocks/envelope';
import { signedIn } from '../../../mocks/request';
import type { TransactionsMockStore } from '../../transactions/api/mocks';
import { memberRoom, type BillsStore } from './mocks-store';

/** RFC 4180 cell with spreadsheet formulas neutralised, as the server's export does. */
const cell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** GET /v1/rooms/{id}/balances, /rounds (paged with `limit`), /bills/summary and /export.csv (api-contract §10.3, issue #18). */
export function moneyHandlers(store: BillsStore, transactions: TransactionsMockStore) {
  const { rooms, state } = store;

  const roundsOf = (roomId: string): Round[] => {
    const mine = state.rounds.filter((r) => r.roomId === roomId);
    const known = new Set(state.rounds.map((r) => r.id));
    const exponentOf = () => store.openRound(roomId).exponent;
    // Newest first (a new round goes to the front): the first made is number 1.
    return mine.map((r, i) => {
      const bills = state.bills.filter((b) => r.billIds.includes(b.id)).map(store.toBill);
      const total = bills.reduce((sum, b) => sum + parseMinor(b.amount, exponentOf()), 0);
      return {
        id: r.id,
        roomId,
        number: mine.length - i,
        createdAt: r.createdAt,
        createdBy: r.createdBy,
        total: minorToAmount(total, exponentOf()),
        billIds: r.billIds,
        transactions: transactions.transactions
          .filter(
            (t) =>
              t.roomId === roomId &&
              (t.consolidationId === r.id || (r.seeded && !known.has(t.consolidationId))),
          )
          .map(({ createdAt: _createdAt, ...t }) => t),
      };
    });
  };

  return [
    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id/balances`,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        const { currency, exponent, roundBills, members, transfers, why } = store.openRound(room.id);
        const amount = (minor: number) => minorToAmount(minor, exponent);
        const ids = [...new Set([...room.members, ...members.keys()])].sort((a, b) => a - b);
        return ok({
          currency,
          members: ids.map((userId) => {
            const m = members.get(userId) ?? { paid: 0, owes: 0, net: 0 };
            return { userId, paid: amount(m.paid), owes: amount(m.owes), net: amount(m.net) };
          }),
          transfers: transfers.map((t) => ({
            payerId: t.from,
            payeeId: t.to,
            amount: amount(t.cents),
            bills: (why.get(`${t.from}>${t.to}`) ?? []).map((p) => ({
              billId: p.billId,
              amount: amount(p.minor),
            })),
          })),
          bills: roundBills.map((b) => ({ billId: b.billId, shares: b.bill.shares })),
        });
      }),
    ),

    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id/rounds`,
      signedIn(({ request, params, claims }) => {
        const room = memberRoom(rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        return okPage(roundsOf(room.id), request);
      }),
    ),

    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id/bills/summary`,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        const currency = store.currencyOf(room.id);
        const bills = state.bills
          .filter((b) => b.roomId === room.id)
          .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
          .map(store.toBill);
        return ok({
          currency,
          count: bills.length,
          total: toAmount(roomTotalCents(bills), currency),
          owners: groupBillsByOwner(bills).map((g) => ({
            ownerId: g.owner.id,
            owner: g.owner,
            count: g.bills.length,
            total: toAmount(g.totalCents, currency),
          })),
        });
      }),
    ),

    http.get<{ id: string }>(
      `${API_BASE}/rooms/:id/export.csv`,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        const currency = store.currencyOf(room.id);
        const roundName = new Map(
          [...state.rounds.filter((r) => r.roomId === room.id)]
            .reverse()
            .map((r, i) => [r.id, `Round ${i + 1}`]),
        );
        const rows = [
          ['Record', 'Round', 'Date', 'Bill', 'Person', 'Paid by / to', 'Amount', 'Currency', 'Status'],
        ];
        for (const b of state.bills.filter((x) => x.roomId === room.id).map(store.toBill)) {
          const round = b.consolidationId === null ? 'Open' : (roundName.get(b.consolidationId) ?? '');
          const who = store.personOf(b.ownerId).username;
          rows.push(['Bill', round, b.date, b.name, '', who, String(b.amount), currency, '']);
          for (const s of b.shares)
            rows.push([
              'Share',
              round,
              b.date,
              b.name,
              store.personOf(s.userId).username,
              who,
              String(s.amount),
              currency,
              '',
            ]);
        }
        const body = rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
        const filename = `${
          room.name
            .replace(/[^A-Za-z0-9]+/g, '-')
            .replace(/^-|-$/g, '')
            .toLowerCase() || 'room'
        }-bills.csv`;
        return new HttpResponse(body, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${filename}"`,
          },
        });
      }),
    ),
  ];
}
