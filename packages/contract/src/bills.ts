import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { cursorFields, cursorQuery, nextCursorField } from './pages.js';
import { id, idParam, isoDateTime, maxId, roomId, userIdInput } from './primitives.js';
import { billSchema, transactionSchema, userSchema } from './shapes.js';
import { shareSchema, splitInput } from './split.js';

/** An amount as JSON carries it: a number; its cents are checked exactly by the ledger. */
export const amountInput = z.number({ error: 'amount is required' });

const billName = z
  .string({ error: 'Bill Name is required' })
  .trim()
  .min(1, 'Bill Name is required')
  .max(60, 'Bill Name must be at most 60 characters');

/**
 * A bill (api-contract §7, §10.2). Without `split` it splits equally among `payers` (plus the owner with
 * `includeOwner`), as the original client sends it; with `split`, `payers` and `includeOwner` are ignored and
 * `amount` may be left out for an itemised bill. `paidBy` (default the caller) is who paid: the bill's owner.
 */
export const createBillBody = z.object({
  name: billName,
  amount: amountInput.optional(),
  includeOwner: z.boolean().default(true),
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
  payers: z.array(userIdInput).max(200, 'At most 200 payers').optional(),
  paidBy: userIdInput.optional(),
  split: splitInput.optional(),
});
export type CreateBillBody = z.infer<typeof createBillBody>;

/** `PATCH /bills/{id}`: any of the fields; what is left out stays (a new amount re-splits the bill's split). */
export const editBillBody = z
  .object({
    name: billName.optional(),
    amount: amountInput.optional(),
    paidBy: userIdInput.optional(),
    split: splitInput.optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Change at least one of name, amount, paidBy or split',
  );
export type EditBillBody = z.infer<typeof editBillBody>;

export const billIdParams = z.object({ id: idParam });
export const billsQuery = z.object({
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
});
export const consolidateBody = billsQuery;
/**
 * `GET /bills?roomId=`: with `limit`/`cursor`, keyset pages (docs/pagination.md); with `ownerId`, only the bills that
 * member paid (an addition: one owner's group of the split page, a page at a time).
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

/** `GET /rooms/{id}/balances` (api-contract §10.3): the open round, as if it were settled now. */
export const balancesSchema = z.object({
  currency: z.string(),
  members: z.array(z.object({ userId: id, paid: money, owes: money, net: money })),
  transfers: z.array(
    z.object({
      payerId: id,
      payeeId: id,
      amount: money,
      /** Which bills make up the transfer (extra to the contract): parts that add up to `amount`. */
      bills: z.array(z.object({ billId: id, amount: money })),
    }),
  ),
  bills: z.array(z.object({ billId: id, shares: z.array(shareSchema) })),
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
 * `GET /rooms/{id}/bills/summary` (members; an addition, docs/pagination.md): what the split page shows of every bill
 * of the room without reading them: how many and their total, and the same per member who paid (`ownerId`), the
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
  })
  .extend(cursorFields);
export const transactionIdParams = billIdParams;

/** `GET /balances` (api-contract §10.5): what the caller owes and is owed, per currency and per person. */
export const overallBalancesSchema = z.object({
  totals: z.array(z.object({ currency: z.string(), owe: money, owed: money })),
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
