import { currencyExponent, formatMinor } from '@outing/ledger';
import { requireMemberOf, type BillsContext, type Me } from './access.js';
import {
  selectExportBills,
  selectExportPayments,
  selectExportRoom,
  selectExportRounds,
} from './queries-export.js';

/** An amount the export formats itself (`formatMinor`): written as a number, a minus sign and all. */
export type CsvNumber = { number: string };
export type CsvValue = string | CsvNumber;

/**
 * What a spreadsheet runs as a formula (OWASP CSV injection): a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return, also after white space (spreadsheets skip it), and the full-width and small forms of those
 * signs (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫), which spreadsheets in East Asian locales read as the ASCII ones (issue 32).
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b])/;
/**
 * What makes a cell quoted: RFC 4180's comma, quote, CR and LF, and the semicolon and tab, which Excel takes as
 * the separator in many locales (`x;=1+1` unquoted is two cells there, the second a formula).
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A cell of RFC 4180 CSV. Text a spreadsheet would run as a formula is neutralised with a leading apostrophe
 * (OWASP's advice); a cell with a separator, quote, tab or line break is quoted, its quotes doubled. An amount the
 * export formats itself is written as it is, so that a spreadsheet reads `-12.50` as a number: user text never is.
 */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') {
    if (/^-?\d+(\.\d+)?$/.test(value.number)) return value.number;
    return csvCell(value.number);
  }
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRows(rows: CsvValue[][]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const CSV_HEADER = [
  'Record',
  'Settle-up',
  'Date',
  'Bill',
  'Person',
  'Paid by / to',
  'Amount',
  'Currency',
  'Status',
];

/**
 * `GET /rooms/{id}/export.csv` (members): every bill of the room with each person's share (and, for a bill with several
 * payers, what each paid), and every payment its
 * rounds made, in the room's currency with its own number of decimals (no grouping, so spreadsheets read numbers).
 */
export async function exportRoomCsv(
  ctx: BillsContext,
  me: Me,
  roomId: string,
): Promise<{ filename: string; body: string }> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const room = await selectExportRoom(ctx.db, roomId);
  const exponent = currencyExponent(room.currency);
  const money = (minor: number): CsvNumber => ({ number: formatMinor(minor, exponent) });
  const rounds = await selectExportRounds(ctx.db, roomId);
  const roundName = new Map(rounds.map((r, i) => [r.id, `Settle-up ${i + 1}`]));
  // Bills no Settle up named, and the live debts and payments of the room's ledger, are "Open".
  const label = (id: number | null) => (id === null ? 'Open' : (roundName.get(id) ?? 'Open'));

  const bills = await selectExportBills(ctx.db, roomId);
  const payments = await selectExportPayments(ctx.db, roomId);

  const rows: CsvValue[][] = [CSV_HEADER];
  for (const b of bills) {
    const round = label(b.consolidation_id);
    rows.push(['Bill', round, b.created_at, b.name, b.payer, '', money(b.amount_minor), room.currency, '']);
    // A bill with several payers (issue 36): what each paid, after the bill's row (whose payer is its owner).
    for (const [person, minor] of b.paid_by)
      rows.push(['Paid', round, b.created_at, b.name, person, '', money(minor), room.currency, '']);
    for (const [person, minor] of b.shares)
      rows.push(['Share', round, b.created_at, b.name, person, b.payer, money(minor), room.currency, '']);
  }
  for (const p of payments)
    rows.push([
      'Payment',
      label(p.consolidation_id),
      p.created_at,
      '',
      p.payer,
      p.payee,
      money(p.amount_minor),
      room.currency,
      p.paid_on ? `Paid ${p.paid_on}` : 'Unpaid',
    ]);
  const slug =
    room.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'room';
  return { filename: `outing-${slug}.csv`, body: csvRows(rows) };
}
