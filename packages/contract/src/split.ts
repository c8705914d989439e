import { z } from 'zod';
import { userIdInput } from './primitives.js';
import { oneLineText } from './text.js';

/**
 * How a bill splits (docs/api/README.md#splitting). Amounts travel in major units of the room's currency and percents with at
 * most 2 decimals; the server turns both into integers exactly (packages/ledger) and checks that the people are
 * members. Limits: 50 participants, 100 items, 10 charges.
 */
export const MAX_PARTICIPANTS = 50;
export const MAX_ITEMS = 100;
export const MAX_CHARGES = 10;

const people = (what: string) =>
  z
    .array(userIdInput)
    .min(1, `Choose at least one person to ${what}`)
    .max(MAX_PARTICIPANTS, `At most ${MAX_PARTICIPANTS} people can share a bill`);

/** A percent from 0 to 100 with at most 2 decimals. */
export const percentInput = z
  .number({ error: 'Percent must be a number' })
  .min(0, 'Percent must be between 0 and 100')
  .max(100, 'Percent must be between 0 and 100')
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), 'Percent can have at most 2 decimals');

const splitAmount = z.number({ error: 'Amount must be a number' });

/** A charge's percent: from -100 (a discount) to 100, with at most 2 decimals. */
export const chargePercentInput = z
  .number({ error: 'Percent must be a number' })
  .min(-100, 'Percent must be between -100 and 100')
  .max(100, 'Percent must be between -100 and 100')
  .refine((v) => /^-?\d+(\.\d{1,2})?$/.test(String(v)), 'Percent can have at most 2 decimals');

/** The largest quantity a receipt line may show (packages/ledger `MAX_QUANTITY`). */
export const MAX_QUANTITY = 10_000;

/**
 * An item's people: user ids (as in every mode, with the same messages), or `"all"`, every member of the room
 * when the bill is saved (docs/api/README.md#splitting).
 */
const itemPeople = z.union([z.literal('all'), people('share this item')], {
  // Neither "all" nor a list of user ids (one schema, parsed in the same pass, so the server's wording applies).
  error: 'Choose the people who share this item (user ids), or "all"',
});

/**
 * A charge as printed: `{name, percent}` (of the running total) or `{name, amount}` (fixed, in the bill's
 * currency), either negative for a discount or a voucher. A charge with a percent is a percent charge: an
 * `amount` beside it (the rounded amount a bill answers) is dropped, as it always was.
 */
const chargeInput = z
  .object({
    name: oneLineText('Charge name', { params: { error: 'Charge name is required' } })
      .min(1, 'Charge name is required')
      .max(40, 'Charge name must be at most 40 characters'),
    percent: chargePercentInput.optional(),
    amount: splitAmount.optional(),
  })
  .superRefine((charge, ctx) => {
    if (charge.percent === undefined && charge.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Give each charge a percent or an amount' });
  })
  .transform((charge): { name: string; percent: number } | { name: string; amount: number } =>
    charge.percent !== undefined
      ? { name: charge.name, percent: charge.percent }
      : { name: charge.name, amount: charge.amount! },
  );

export const equalSplit = z.object({ mode: z.literal('equal'), userIds: people('split with') });
export const exactSplit = z.object({
  mode: z.literal('exact'),
  amounts: z
    .array(z.object({ userId: userIdInput, amount: splitAmount }))
    .min(1, 'Give at least one person an amount')
    .max(MAX_PARTICIPANTS, `At most ${MAX_PARTICIPANTS} people can share a bill`),
});
export const sharesSplit = z.object({
  mode: z.literal('shares'),
  shares: z
    .array(
      z.object({
        userId: userIdInput,
        shares: z
          .number({ error: 'Shares must be a whole number' })
          .int('Shares must be a whole number')
          .min(0, 'Shares cannot be negative')
          .max(1_000_000, 'Shares must be at most 1,000,000'),
      }),
    )
    .min(1, 'Give at least one person a share')
    .max(MAX_PARTICIPANTS, `At most ${MAX_PARTICIPANTS} people can share a bill`),
});
export const percentSplit = z.object({
  mode: z.literal('percent'),
  percents: z
    .array(z.object({ userId: userIdInput, percent: percentInput }))
    .min(1, 'Give at least one person a percentage')
    .max(MAX_PARTICIPANTS, `At most ${MAX_PARTICIPANTS} people can share a bill`),
});
export const itemsSplit = z.object({
  mode: z.literal('items'),
  items: z
    .array(
      z.object({
        name: oneLineText('Item name', { params: { error: 'Item name is required' } })
          .min(1, 'Item name is required')
          .max(60, 'Item name must be at most 60 characters'),
        amount: splitAmount,
        userIds: itemPeople,
        quantity: z
          .number({ error: 'Quantity must be a whole number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`)
          .optional(),
      }),
    )
    .min(1, 'Add at least one item')
    .max(MAX_ITEMS, `A bill can have at most ${MAX_ITEMS} items`),
  charges: z
    .array(chargeInput)
    .max(MAX_CHARGES, `A bill can have at most ${MAX_CHARGES} charges`)
    .default([]),
});

export const splitInput = z.discriminatedUnion(
  'mode',
  [equalSplit, exactSplit, sharesSplit, percentSplit, itemsSplit],
  { error: 'Split mode must be equal, exact, shares, percent or items' },
);
export type SplitInput = z.infer<typeof splitInput>;

/** The split as a bill answers it: as sent, with user ids as numbers and amounts in major units. */
export const splitSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('equal'), userIds: z.array(z.number()) }),
  z.object({
    mode: z.literal('exact'),
    amounts: z.array(z.object({ userId: z.number(), amount: z.number() })),
  }),
  z.object({
    mode: z.literal('shares'),
    shares: z.array(z.object({ userId: z.number(), shares: z.number() })),
  }),
  z.object({
    mode: z.literal('percent'),
    percents: z.array(z.object({ userId: z.number(), percent: z.number() })),
  }),
  z.object({
    mode: z.literal('items'),
    items: z.array(
      z.object({
        name: z.string(),
        amount: z.number(),
        userIds: z.array(z.number()),
        quantity: z.number().optional(),
      }),
    ),
    // A fixed charge (issue 36) answers its `amount` and no `percent`.
    charges: z.array(
      z.object({ name: z.string(), percent: z.number().optional(), amount: z.number().optional() }),
    ),
  }),
]);
export type Split = z.infer<typeof splitSchema>;

/** One person's part of a bill, in major units. */
export const shareSchema = z.object({ userId: z.number(), amount: z.number() });
export type Share = z.infer<typeof shareSchema>;
