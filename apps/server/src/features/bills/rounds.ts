import { currencyExponent, minorToAmount } from '@outing/ledger';
import type { Balances, CursorQuery, Round, Transaction } from '@outing/contract';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, keysetPage, pageLimit, wantsPage } from '../../lib/cursor.js';
import { formatMoney } from '../../lib/money.js';
import { deliver, storeNotifications } from '../notifications/service.js';
import { lockRoom } from '../rooms/queries.js';
import { roomCurrency } from './queries.js';
import {
  insertRound,
  nameBillsInRound,
  roomHasBills,
  roomSettled,
  roundsUpTo,
  selectRoundTransactions,
  selectRounds,
  selectUnpaidByIds,
  selectUnpaidPairs,
  usernamesOf,
} from './queries-ledger.js';
import { requireMemberOf, roomMembers, type BillsContext, type Me } from './access.js';
import { ledgerChanged, ledgerSums, reconcile, transfersOf } from './ledger.js';

/**
 * `POST /bills/consolidate` (host), kept for clients of the rounds model: it freezes nothing (the server keeps the
 * room's unpaid transactions equal to its fewest transfers after every change, docs/money.md). It records a Settle
 * up (the rounds list) naming the live bills no earlier one named, tells each payer what they owe now, and answers
 * the room's unpaid transactions. 409 only when the room has no bills.
 */
export async function consolidate(ctx: BillsContext, me: Me, roomId: string): Promise<Transaction[]> {
  const { pending, ledger } = await ctx.db.transaction(async (tx) => {
    const room = await lockRoom(tx, roomId);
    if (!room) throw notFound('Room not found.', 'ROOM_NOT_FOUND');
    if (room.host_id !== me.id)
      throw forbidden('Only the host can consolidate the bills.', 'NOT_HOST', 'NOT_HOST');
    if (!(await roomHasBills(tx, roomId)))
      throw conflict('There are no bills to consolidate.', 'NO_BILLS_TO_CONSOLIDATE');
    const consolidationId = await insertRound(tx, roomId, me.id);
    await nameBillsInRound(tx, roomId, consolidationId);
    const ledger = await reconcile(tx, roomId, me.id);
    const people = [...new Set(ledger.unpaid.map((t) => t.payeeId))];
    const names = await usernamesOf(tx, people);
    const nameOf = new Map(names.map((n) => [n.id, n.username]));
    const pending = await storeNotifications(
      tx,
      ledger.unpaid.map((t) => ({
        userId: t.payerId,
        kind: 'bills_consolidated' as const,
        title: 'What you owe now',
        content: `You owe ${formatMoney(t.minor, room.currency)} to ${nameOf.get(t.payeeId)} for ${room.name}.`,
        url: `/room/${roomId}`,
        roomId,
        transactionIds: [t.id],
        actorId: t.payeeId,
        params: {
          username: nameOf.get(t.payeeId),
          roomName: room.name,
          amount: minorToAmount(t.minor, currencyExponent(room.currency)),
          currency: room.currency,
        },
      })),
    );
    return { pending, ledger };
  });
  deliver(ctx.events, pending);
  await ledgerChanged(ctx, roomId, ledger, { type: 'BILLS_CONSOLIDATED', data: { roomId } });
  const ids = ledger.unpaid.map((t) => t.id);
  if (ids.length === 0) return [];
  return selectUnpaidByIds(ctx.db, me.id, ids);
}

/**
 * True when the room has bills and none was added, changed or deleted since the last Settle up (docs/money.md).
 */
export async function consolidationStatus(ctx: BillsContext, me: Me, roomId: string): Promise<boolean> {
  await requireMemberOf(ctx.db, roomId, me.id);
  return roomSettled(ctx.db, roomId);
}

/**
 * `GET /rooms/{id}/balances` (members; a closed room too): the whole ledger, every live bill and every payment:
 * each member's sums and net (every member listed, with zeros when they have no money here), and the fewest
 * transfers, which are the room's unpaid transactions (their ids with them). Its size follows the members, never
 * the room's history: the bills' shares are in the bills' own answers.
 */
export async function roomBalances(ctx: BillsContext, me: Me, roomId: string): Promise<Balances> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const [sums, members, currency, unpaid] = await Promise.all([
    ledgerSums(ctx.db, roomId),
    roomMembers(ctx.db, roomId),
    roomCurrency(ctx.db, roomId),
    selectUnpaidPairs(ctx.db, roomId),
  ]);
  const exponent = currencyExponent(currency);
  const amount = (minor: number) => minorToAmount(minor, exponent);
  const transfers = transfersOf(sums);
  const idOf = new Map(unpaid.map((u) => [`${u.payer_id}>${u.payee_id}`, u.id]));
  const ids = [...new Set([...members, ...sums.keys()])].sort((a, b) => a - b);
  return {
    currency,
    members: ids.map((userId) => {
      const s = sums.get(userId) ?? { paid: 0, owes: 0, sent: 0, received: 0, net: 0 };
      return {
        userId,
        paid: amount(s.paid),
        owes: amount(s.owes),
        sent: amount(s.sent),
        received: amount(s.received),
        net: amount(s.net),
      };
    }),
    transfers: transfers.map((t) => {
      const transactionId = idOf.get(`${t.from}>${t.to}`);
      return {
        payerId: t.from,
        payeeId: t.to,
        amount: amount(t.minor),
        ...(transactionId === undefined ? {} : { transactionId }),
      };
    }),
  };
}

/**
 * `GET /rooms/{id}/rounds`: every consolidated round, newest first, with its bills and the transfers it made. With
 * `limit`/`cursor` (docs/pagination.md), a keyset page of rounds on their id (consolidations_room_idx) and its
 * `nextCursor`, the transfers read for that page's rounds only; without, every round as before.
 */
export async function roomRounds(
  ctx: BillsContext,
  me: Me,
  roomId: string,
  q: CursorQuery = {},
): Promise<{ rounds: Round[]; nextCursor?: string | null }> {
  await requireMemberOf(ctx.db, roomId, me.id);
  const currency = await roomCurrency(ctx.db, roomId);
  const paged = wantsPage(q);
  const before = q.cursor ? decodeCursor(q.cursor, ['int'], 'rounds')[0] : undefined;
  const limit = pageLimit(q);
  const read = await selectRounds(ctx.db, roomId, before, paged ? limit + 1 : undefined);
  const { page: rows, nextCursor } = paged
    ? keysetPage(read, limit, (r) => [r.id])
    : { page: read, nextCursor: undefined };
  if (rows.length === 0) return { rounds: [], nextCursor };
  // Rounds are numbered in the order they were made: the page's newest is the count up to it, the others follow
  // down (a page is a run of consecutive rounds), one index count per page.
  const newest = await roundsUpTo(ctx.db, roomId, rows[0]!.id);
  const transactions = await selectRoundTransactions(
    ctx.db,
    me.id,
    roomId,
    paged ? rows.map((r) => r.id) : undefined,
  );
  const exponent = currencyExponent(currency);
  const rounds = rows.map((r, i) => ({
    id: r.id,
    roomId,
    number: newest - i,
    createdAt: r.created_at,
    createdBy: r.created_by,
    total: minorToAmount(r.total, exponent),
    billIds: r.bill_ids.map(Number),
    transactions: transactions.filter((t) => t.consolidationId === r.id),
  }));
  return { rounds, nextCursor };
}
