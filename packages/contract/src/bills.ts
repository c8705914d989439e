import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { cursorFields, cursorQuery, nextCursorField } from './pages.js';
import { id, idParam, isoDateTime, maxId, roomId, userIdInput } from './primitives.js';
import { billCategory, billSchema, transactionSchema, userSchema } from './shapes.js';
import { shareSchema, splitInput } from './split.js';
import { multiLineText, oneLineText } from './text.js';

export { billCategories, billCategory, type BillCategory } from './shapes.js';

/** An amount as JSON carries it: a number; its minor units are checked exactly by the ledger. */
export const amountInput = z.number({ error: 'amount is required' });

const billName = oneLineText('Bill Name', { params: { error: 'Bill Name is required' } })
  .min(1, 'Bill Name is required')
  .max(60, 'Bill Name must be at most 60 characters');

/** A bill's note: several lines, at most 500 characters; "" (or only spaces) is no note, stored as null. */
export const BILL_NOTE_MAX = 500;
const billNote = multiLineText('Note')
  .max(BILL_NOTE_MAX, `A note must be at most ${BILL_NOTE_MAX} characters`)
  .transform((s) => (s === '' ? null : s));
/** A picture the caller uploaded (`POST /pictures`, docs/api/README.md#pictures), as a receipt. */
const receiptPictureId = z
  .uuid({ error: 'receiptPictureId must be the id of a picture you uploaded' })
  .transform((s) => s.toLowerCase());

// Issue 36 (docs/api/README.md#bills): a bill's category, note and receipt picture, all optional; null is none (on
// `PATCH /bills/{id}`, null clears them). Listed field by field in each body: a spread object in a schema's arguments
// would keep zod in the web's production bundle (apps/web/build/bundle.test.ts).
const categoryInput = billCategory.nullable().optional();
const noteInput = billNote.nullable().optional();
const receiptInput = receiptPictureId.nullable().optional();

/**
 * Issue 36, real bills (docs/api/README.md#bills, "Several payers"): who paid, one member's id (the whole bill, as
 * before) or each payer with what they put down, in the bill's currency, adding up exactly to the bill's amount.
 */
export const paidByInput = z.union([
  userIdInput,
  z
    .array(z.object({ userId: userIdInput, amount: amountInput }), {
      error: 'paidBy must be a user id or a list of payers',
    })
    .min(1, 'Say who paid')
    .max(50, 'At most 50 people can pay one bill'),
]);
export type PaidByInput = z.infer<typeof paidByInput>;

/**
 * Issue 36, real bills (docs/api/README.md#bills, "Foreign currency"): the bill's currency when it is not the
 * room's, with the rate (room-currency units per 1 unit of it, a decimal string) or what it came to in the room's
 * currency (`convertedAmount`). The ledger checks the code, the rate's digits and the amounts exactly. Fields listed
 * one by one in each body, never spread: a spread in a schema's arguments keeps zod in the web's production bundle.
 */
const currencyInput = z
  .string()
  .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code, like JPY')
  .optional();
const rateInput = z
  .string({ error: 'rate must be a decimal number in a string, like "0.0091"' })
  .max(40)
  .nullable()
  .optional();
const convertedAmountInput = amountInput.nullable().optional();

/**
 * A bill (docs/api/README.md#bills, #splitting). Without `split` it splits equally among `payers` (plus the owner with
 * `includeOwner`), as the original client sends it; with `split`, `payers` and `includeOwner` are ignored and
 * `amount` may be left out for an itemised bill. `paidBy` (default the caller) is who paid: the bill's owner.
 */
export const createBillBody = z.object({
  name: billName,
  amount: amountInput.optional(),
  includeOwner: z.boolean().default(true),
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
  payers: z.array(userIdInput).max(200, 'At most 200 payers').optional(),
  paidBy: paidByInput.optional(),
  split: splitInput.optional(),
  category: categoryInput,
  note: noteInput,
  receiptPictureId: receiptInput,
  currency: currencyInput,
  rate: rateInput,
  convertedAmount: convertedAmountInput,
});
export type CreateBillBody = z.infer<typeof createBillBody>;

/** `PATCH /bills/{id}`: any of the fields; what is left out stays (a new amount re-splits the bill's split). */
export const editBillBody = z
  .object({
    name: billName.optional(),
    amount: amountInput.optional(),
    paidBy: paidByInput.optional(),
    split: splitInput.optional(),
    category: categoryInput,
    note: noteInput,
    receiptPictureId: receiptInput,
    currency: currencyInput,
    rate: rateInput,
    convertedAmount: convertedAmountInput,
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Change at least one of name, amount, paidBy, split, currency, rate, convertedAmount, category, note or receiptPictureId',
  );
export type EditBillBody = z.infer<typeof editBillBody>;

export const billIdParams = z.object({ id: idParam });
export const billsQuery = z.object({
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
});
export const consolidateBody = billsQuery;
/**
 * `GET /bills?roomId=`: with `limit`/`cursor`, keyset pages (docs/pagination.md); with `ownerId`, only the bills that
 * member paid (an addition kept for clients that group bills by payer; the web app no longer reads it).
 */
export const billsListQuery = billsQuery
  .extend({
    ownerId: z
      .string()
      .regex(/^\d{1,10}$/, 'ownerId must be a user id')
      .transform(Number)
      .pipe(z.number().int().positive('ownerId must be a user id').max(maxId, 'ownerId must be a user id'))
      .optional(),
  })
  .extend(cursorFields);
export const consolidationParams = z.object({
  roomId: z.uuid({ version: 'v4' }).transform((s) => s.toLowerCase()),
});

export const billResponse = successEnvelope(billSchema);
export const billsResponse = successEnvelope(z.array(billSchema)).extend(nextCursorField);
export const transactionsResponse = successEnvelope(z.array(transactionSchema)).extend(nextCursorField);
export const transactionResponse = successEnvelope(transactionSchema);
export const consolidationStatusResponse = successEnvelope(z.object({ isConsolidated: z.boolean() }));

const money = z.number();

/**
 * `GET /rooms/{id}/balances` (docs/money.md): the whole ledger, every bill and every payment. Each
 * member's `paid` (bills) and `owes` (shares), `sent` and `received` (payments) and `net = paid − owes + sent −
 * received` (they add up to zero); `transfers`, the fewest that settle the nets now, are the room's unpaid
 * transactions.
 */
export const balancesSchema = z.object({
  currency: z.string(),
  members: z.array(
    z.object({
      userId: id,
      paid: money,
      owes: money,
      net: money,
      sent: money.optional(),
      received: money.optional(),
    }),
  ),
  transfers: z.array(
    z.object({
      payerId: id,
      payeeId: id,
      amount: money,
      /** The unpaid transaction that carries this transfer (an addition). */
      transactionId: id.optional(),
      /** Which bills make up the transfer: no longer answered (a transfer settles the whole ledger). */
      bills: z.array(z.object({ billId: id, amount: money })).optional(),
    }),
  ),
  /** The bills not in any Settle up yet with their shares (kept for clients of the rounds model). */
  bills: z.array(z.object({ billId: id, shares: z.array(shareSchema) })).optional(),
});
export type Balances = z.infer<typeof balancesSchema>;
export const balancesResponse = successEnvelope(balancesSchema);

/** `GET /rooms/{id}/rounds`: every consolidated round of the room, newest first, with the bills it closed and the
 * transfers it made (paid or not). */
export const roundSchema = z.object({
  id,
  roomId,
  /** 1 for the room's first round, counting up (an addition: a page of rounds names its rounds without the rest). */
  number: z.number().int().positive(),
  createdAt: isoDateTime,
  createdBy: id,
  total: money,
  billIds: z.array(id),
  transactions: z.array(transactionSchema),
});
export type Round = z.infer<typeof roundSchema>;
/** `GET /rooms/{id}/rounds`: with `limit`/`cursor`, keyset pages of rounds, newest first (docs/pagination.md). */
export const roundsQuery = cursorQuery;
export const roundsResponse = successEnvelope(z.array(roundSchema)).extend(nextCursorField);

const count = z.number().int().nonnegative();

/**
 * `GET /rooms/{id}/bills/summary` (members; an addition, docs/pagination.md, kept for clients that read it): every bill
 * of the room summed without reading them: how many and their total, and the same per bill owner (`ownerId`: who paid, or paid most), the
 * owner of the newest bill first. Amounts in major units of the room's currency.
 */
export const billsSummarySchema = z.object({
  currency: z.string(),
  count,
  total: money,
  owners: z.array(z.object({ ownerId: id, owner: userSchema, count, total: money })),
});
export type BillsSummary = z.infer<typeof billsSummarySchema>;
export const billsSummaryResponse = successEnvelope(billsSummarySchema);

/**
 * `GET /rooms/{id}/stats` (members; issue 36, docs/api/README.md#statistics): the room's live bills (not deleted ones,
 * settled ones included) summed, in major units of the room's currency as balances write money. `byCategory`, largest
 * first, counts a bill without a category as `other`; `byMember` has every member now and anyone else a bill names,
 * with `paid` (the bills they paid: the payer's, `ownerId`'s, amount) and `owes` (their shares); `byDay` the days that
 * have bills, oldest first, a bill's day being its `date` in the room's time zone (`YYYY-MM-DD`). Each list adds up
 * to `total`.
 */
export const roomStatsSchema = z.object({
  currency: z.string(),
  total: money,
  byCategory: z.array(z.object({ category: billCategory, amount: money })),
  byMember: z.array(z.object({ userId: id, paid: money, owes: money })),
  byDay: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), amount: money })),
});
export type RoomStats = z.infer<typeof roomStatsSchema>;
export const roomStatsResponse = successEnvelope(roomStatsSchema);

export const transactionsQuery = z
  .object({
    isPaid: z
      .enum(['true', 'false'], { error: 'isPaid must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    /** Only the transactions of this status (an addition: `isPaid=true&status=paid` is what awaits confirmation). */
    status: z
      .enum(['unpaid', 'paid', 'confirmed'], { error: 'status must be unpaid, paid or confirmed' })
      .optional(),
    /** Only those where the caller is the payer (Home's To pay) or the payee (To receive); both when left out. */
    role: z.enum(['payer', 'payee'], { error: 'role must be payer or payee' }).optional(),
  })
  .extend(cursorFields);
export const transactionIdParams = billIdParams;

/** `GET /balances` (docs/api/README.md#settling): what the caller owes and is owed, per currency and per person. */
export const overallBalancesSchema = z.object({
  /**
   * Per currency: `owe`/`owed` sum the people's nets; `toPay`/`toReceive` (additions) sum the unpaid transactions
   * themselves, room by room (Home's To pay and To receive totals, whichever page of them is shown).
   */
  totals: z.array(
    z.object({ currency: z.string(), owe: money, owed: money, toPay: money, toReceive: money }),
  ),
  people: z.array(
    z.object({
      userId: id,
      user: userSchema,
      currency: z.string(),
      /** > 0: they owe the caller; < 0: the caller owes them. */
      net: money,
      rooms: z.array(z.object({ roomId, roomName: z.string(), net: money })),
    }),
  ),
});
export type OverallBalances = z.infer<typeof overallBalancesSchema>;
export const overallBalancesResponse = successEnvelope(overallBalancesSchema);

const note = oneLineText('note').max(500, 'A note must be at most 500 characters').optional();

/**
 * `POST /transactions` (docs/money.md): a payment between two members of the room, recorded by the
 * payer (status `paid`, awaiting the payee) or by the payee ("I received it": `confirmed` at once).
 */
export const createTransactionBody = z.object({
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
  payerId: userIdInput,
  payeeId: userIdInput,
  amount: amountInput,
  note,
});
export type CreateTransactionBody = z.infer<typeof createTransactionBody>;

/** `POST /users/{id}/settle` (self): pay `userId` up to `amount` across the rooms of `currency`, oldest room first. */
export const settleWithBody = z.object({
  userId: userIdInput,
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code'),
  amount: amountInput,
  note,
});
export type SettleWithBody = z.infer<typeof settleWithBody>;

export const activityKinds = [
  'bill_created',
  'bill_edited',
  'bill_deleted',
  'bill_restored',
  'payment_recorded',
  'payment_received',
  'payment_confirmed',
  'payment_disputed',
  'payment_undone',
  'member_joined',
  'member_left',
  'room_moved',
] as const;

/** One line of a room's or a bill's activity, newest first (`GET /rooms/{id}/activity`, `GET /bills/{id}/activity`). */
export const activitySchema = z.object({
  id,
  at: isoDateTime,
  actor: userSchema,
  kind: z.enum(activityKinds),
  billId: id.optional(),
  /** The bill's name now (or when it was deleted). */
  billName: z.string().optional(),
  transactionId: id.optional(),
  /** A payment's sides and amount, in the room's currency (payment kinds). */
  payerId: id.optional(),
  payeeId: id.optional(),
  amount: money.optional(),
  currency: z.string(),
  /** What an edit changed (`bill_edited`), a move (`room_moved`): amounts in major units, names as text. */
  changes: z
    .array(
      z.object({
        field: z.string(),
        before: z.union([z.string(), z.number()]).nullable(),
        after: z.union([z.string(), z.number()]).nullable(),
      }),
    )
    .optional(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityQuery = cursorQuery;
export const activityResponse = successEnvelope(z.array(activitySchema)).extend(nextCursorField);
