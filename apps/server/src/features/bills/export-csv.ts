import { sql } from 'drizzle-orm';
import { currencyExponent, formatMinor } from '@outing/ledger';
import { requireMemberOf, type BillsContext, type Me } from './access.js';

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
 * `GET /rooms/{id}/export.csv` (members): every bill of the room with each person's share, and every payment its
 * rounds made, in the room's currency with its own number of decimals (no grouping, so spreadsheets read numbers).
 */
export async function exportRoomCsv(
  ctx: BillsContext,
  me: Me,
  roomId: string,
): Promise<{ filename: string; body: string }> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const { rows: roomRows } = await ctx.db.execute<{ name: string; currency: string }>(
    sql`SELECT name, currency FROM rooms WHERE id = ${roomId}`,
  );
  const room = roomRows[0]!;
  const exponent = currencyExponent(room.currency);
  const money = (minor: number): CsvNumber => ({ number: formatMinor(minor, exponent) });
  const { rows: rounds } = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM consolidations WHERE room_id = ${roomId} AND kind = 'round' ORDER BY id`,
  );
  const roundName = new Map(rounds.map((r, i) => [r.id, `Settle-up ${i + 1}`]));
  // Bills no Settle up named, and the live debts and payments of the room's ledger, are "Open".
  const label = (id: number | null) => (id === null ? 'Open' : (roundName.get(id) ?? 'Open'));

  const { rows: bills } = await ctx.db.execute<{
    id: number;
    name: string;
    amount_cents: number;
    consolidation_id: number | null;
    created_at: string;
    payer: string;
    shares: [string, number][];
  }>(sql`
    SELECT b.id, b.name, b.amount_cents, b.consolidation_id,
      to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, u.username AS payer,
      COALESCE((SELECT json_agg(json_build_array(su.username, s.amount_minor) ORDER BY su.username)
        FROM bill_shares s JOIN users su ON su.id = s.user_id WHERE s.bill_id = b.id), '[]') AS shares
    FROM bills b JOIN users u ON u.id = b.owner_id
    WHERE b.room_id = ${roomId} AND b.deleted_at IS NULL ORDER BY b.consolidation_id NULLS LAST, b.id`);
  const { rows: payments } = await ctx.db.execute<{
    consolidation_id: number;
    created_at: string;
    payer: string;
    payee: string;
    amount_cents: number;
    paid_on: string | null;
  }>(sql`
    SELECT t.consolidation_id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
      a.username AS payer, e.username AS payee, t.amount_cents,
      to_char(t.paid_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_on
    FROM transactions t JOIN users a ON a.id = t.payer_id JOIN users e ON e.id = t.payee_id
    WHERE t.room_id = ${roomId} ORDER BY t.consolidation_id, t.id`);

  const rows: CsvValue[][] = [CSV_HEADER];
  for (const b of bills) {
    const round = label(b.consolidation_id);
    rows.push(['Bill', round, b.created_at, b.name, b.payer, '', money(b.amount_cents), room.currency, '']);
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
      money(p.amount_cents),
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
