import { HttpResponse } from 'msw';
import { billEndpoints } from '@outing/contract';
import { signedIn } from '../../../mocks/request';
import { mockOk, mockRoute } from '../../../mocks/route';
import { memberRoom, type BillsStore } from './mocks-store';

/** RFC 4180 cell with spreadsheet formulas neutralised, as the server's export does. */
const cell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * GET /v1/rooms/{id}/balances (the seed's fixed answer, nothing computed) and /export.csv (docs/money.md, issue
 * #18). The app reads neither /rounds nor /bills/summary any more: they have no mock.
 */
export function moneyHandlers(store: BillsStore) {
  const { rooms, state } = store;

  return [
    mockRoute(
      billEndpoints.roomBalances,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        return mockOk(billEndpoints.roomBalances, store.balancesOf(room));
      }),
    ),

    mockRoute(
      billEndpoints.exportCsv,
      signedIn(({ params, claims }) => {
        const room = memberRoom(rooms, params.id, claims.user_id);
        if (room instanceof Response) return room;
        const currency = store.currencyOf(room.id);
        const rows = [
          ['Record', 'Round', 'Date', 'Bill', 'Person', 'Paid by / to', 'Amount', 'Currency', 'Status'],
        ];
        for (const b of state.bills.filter((x) => x.roomId === room.id).map(store.toBill)) {
          const round = 'Open';
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
