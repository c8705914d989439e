import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { idParam, userIdInput } from './primitives.js';
import { billSchema, transactionSchema } from './shapes.js';

/** An amount as JSON carries it: a number; its cents are checked exactly by the ledger. */
export const amountInput = z.number({ error: 'amount is required' });

export const createBillBody = z.object({
  name: z.string().trim().min(1, 'Bill Name is required').max(60, 'Bill Name must be at most 60 characters'),
  amount: amountInput,
  includeOwner: z.boolean().default(true),
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
  payers: z.array(userIdInput).min(1, 'Choose at least one payer').max(200),
});
export type CreateBillBody = z.infer<typeof createBillBody>;

export const billIdParams = z.object({ id: idParam });
export const billsQuery = z.object({
  roomId: z.uuid({ version: 'v4', error: 'roomId must be a room id' }).transform((s) => s.toLowerCase()),
});
export const consolidateBody = billsQuery;
export const consolidationParams = z.object({
  roomId: z.uuid({ version: 'v4' }).transform((s) => s.toLowerCase()),
});

export const billResponse = successEnvelope(billSchema);
export const billsResponse = successEnvelope(z.array(billSchema));
export const transactionsResponse = successEnvelope(z.array(transactionSchema));
export const transactionResponse = successEnvelope(transactionSchema);
export const consolidationStatusResponse = successEnvelope(z.object({ isConsolidated: z.boolean() }));

export const transactionsQuery = z.object({
  isPaid: z
    .enum(['true', 'false'], { error: 'isPaid must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export const transactionIdParams = billIdParams;
