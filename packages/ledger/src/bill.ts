import { formatMinor, maxMinor } from './amount.js';
import { currencyExponent, isCurrency } from './currency.js';
import { exactSplitOf } from './modes.js';
import { roundShares } from './round.js';
import { MAX_PARTICIPANTS, SplitError, checkPeople, checkTotal, type BillSplitSpec } from './split-input.js';

/** One person's part of a bill, or what one payer put down, in minor units. */
export type PersonMinor = { userId: number; minor: number };

/**
 * A bill as docs/api/README.md#bills describes it with its real-bills additions (several payers, receipts as
 * printed, a foreign currency). Amounts are minor units: `total`, the items, fixed charges and `paidBy` in the
 * bill's `currency`; `convertedAmount` in the room's.
 */
export type BillComputeInput = {
  billId: number;
  /** The room's currency: every share and payer amount of the answer is in it. */
  roomCurrency: string;
  /** The bill's currency (default the room's). */
  currency?: string;
  /** The bill's amount in its currency: required for every mode but items (as `computeSplit`). */
  total?: number;
  split: BillSplitSpec;
  /** The room's members when the bill is saved: who an item for `'all'` is shared by. */
  members?: readonly number[];
  /** Who paid: one member (the whole bill), or each payer with what they paid, adding up to the bill. */
  paidBy: number | readonly PersonMinor[];
  /** Room-currency units per 1 unit of the bill's currency, as a decimal string (`"0.0091"`). */
  rate?: string;
  /** What the bill came to in the room's currency (a card statement), in its minor units; wins over `rate`. */
  convertedAmount?: number;
};

export type ComputedBill = {
  /** The bill's amount in minor units of the room's currency. */
  amount: number;
  /** The items' total in the bill's currency (for a bill without items: its amount). */
  subtotal: number;
  /** The bill's amount in its own currency: items plus charges for items mode. */
  originalAmount: number;
  /** The bill's currency and its exponent. */
  currency: string;
  exponent: number;
  /** The rate as given, normalised (`"0.00910"` → `"0.0091"`); null for a bill in the room's currency or given by `convertedAmount`. */
  rate: string | null;
  /** Every participant's share in the room's currency, ascending user id; they add up to `amount`. */
  shares: PersonMinor[];
  /** Every payer's credit in the room's currency, ascending user id; they add up to `amount`. */
  payers: PersonMinor[];
  /** The payer who paid most (ties: the lowest id), the bill's `ownerId`. */
  ownerId: number;
  /** The shares and payers in the bill's own currency, before the conversion (the same as above without one). */
  originalShares: PersonMinor[];
  originalPayers: PersonMinor[];
  /** Items mode: each charge as the receipt prints it, in the bill's currency, in order. */
  charges?: { name: string; minor: number }[];
};

/**
 * The one entry point for a bill (docs/money.md, "Real bills"): the split in the bill's currency exactly as
 * `computeSplit` does it (plus quantities, "everyone", fixed and negative charges), the payers checked against
 * the bill's amount, the amount converted once into the room's currency, then the shares and the payers scaled to
 * it by largest remainder with the tie rule of docs/api/README.md#splitting. Bad input is a SplitError naming the
 * field (`split.charges.1.amount`, `paidBy.0.amount`, `rate`, `convertedAmount`, `currency`).
 */
export function computeBill(input: BillComputeInput): ComputedBill {
  const { billId } = input;
  const roomExponent = currencyExponent(input.roomCurrency);
  const currency = input.currency ?? input.roomCurrency;
  if (!isCurrency(currency)) throw new SplitError('currency', 'Currency must be an ISO 4217 code, like SGD');
  const exponent = currencyExponent(currency);

  const split = exactSplitOf(
    { billId, total: input.total, exponent, split: input.split },
    { real: true, members: input.members },
  );
  const originalAmount = split.total;
  const originalShares = asList(roundShares(split.exact, billId));
  const originalPayers = checkPayers(input.paidBy, originalAmount, exponent);
  const ownerId = ownerOf(originalPayers);

  let amount = originalAmount;
  let rate: string | null = null;
  if (currency === input.roomCurrency) {
    if (input.rate !== undefined && input.rate !== null)
      throw new SplitError('rate', 'A rate is only for a bill in another currency than the room’s');
    if (input.convertedAmount !== undefined && input.convertedAmount !== null)
      throw new SplitError('convertedAmount', 'A converted amount is only for a bill in another currency');
  } else if (input.convertedAmount !== undefined && input.convertedAmount !== null) {
    amount = checkTotal(input.convertedAmount, roomExponent, 'convertedAmount');
  } else if (input.rate !== undefined && input.rate !== null) {
    const parsed = parseRate(input.rate);
    rate = parsed.text;
    const converted = convertExact(originalAmount, exponent, parsed, roomExponent);
    if (converted <= 0n)
      throw new SplitError(
        'rate',
        `At this rate the bill comes to ${formatMinor(0, roomExponent)} ${input.roomCurrency}`,
      );
    if (converted > BigInt(maxMinor(roomExponent)))
      throw new SplitError(
        'rate',
        `At this rate the bill comes to more than the 1,000,000 ${input.roomCurrency} a bill can carry`,
      );
    amount = Number(converted);
  } else {
    throw new SplitError(
      'rate',
      `Give the rate to ${input.roomCurrency}, or what the bill came to in ${input.roomCurrency}`,
    );
  }

  const result: ComputedBill = {
    amount,
    subtotal: split.subtotal,
    originalAmount,
    currency,
    exponent,
    rate,
    shares: scaleToAmount(originalShares, originalAmount, amount, billId),
    payers: scaleToAmount(originalPayers, originalAmount, amount, billId),
    ownerId,
    originalShares,
    originalPayers,
  };
  if (split.charges) result.charges = split.charges;
  return result;
}

/**
 * The payers of a bill, checked (docs/api/README.md#bills): one id (who paid it all), or a list of 1 to 50
 * different people with amounts above 0 adding up to the bill's `total` exactly. Ascending user id.
 */
export function checkPayers(
  paidBy: number | readonly PersonMinor[],
  total: number,
  exponent: number,
): PersonMinor[] {
  if (typeof paidBy === 'number') {
    if (!Number.isSafeInteger(paidBy) || paidBy <= 0)
      throw new SplitError('paidBy', 'Each person must be given by their user id');
    return [{ userId: paidBy, minor: total }];
  }
  if (!Array.isArray(paidBy) || paidBy.length === 0) throw new SplitError('paidBy', 'Say who paid');
  if (paidBy.length > MAX_PARTICIPANTS)
    throw new SplitError('paidBy', `At most ${MAX_PARTICIPANTS} people can pay one bill`);
  const list = paidBy as readonly PersonMinor[];
  const order = checkPeople(
    list.map((p) => p?.userId),
    'paidBy',
    (i) => `paidBy.${i}.userId`,
    'Say who paid',
    ' among the payers',
  );
  const minors = list.map((p, i) => checkTotal(p.minor, exponent, `paidBy.${i}.amount`));
  const sum = minors.reduce((a, m) => a + m, 0);
  if (sum !== total)
    throw new SplitError(
      'paidBy',
      `The payers’ amounts add up to ${formatMinor(sum, exponent)}, not ${formatMinor(total, exponent)}`,
    );
  return order.map((i) => ({ userId: list[i]!.userId, minor: minors[i]! }));
}

/** The payer who paid most; between equal amounts, the lowest user id (docs/api/README.md#bills). */
export function ownerOf(payers: readonly PersonMinor[]): number {
  if (payers.length === 0) throw new RangeError('a bill needs a payer');
  let best = payers[0]!;
  for (const p of payers)
    if (p.minor > best.minor || (p.minor === best.minor && p.userId < best.userId)) best = p;
  return best.userId;
}

/**
 * Each payer's credit in the room's currency: what they put down, checked against the bill, scaled to the room
 * amount like the shares. The same numbers as `computeBill(...).payers`.
 */
export function payerCredits(input: BillComputeInput): Map<number, number> {
  return new Map(computeBill(input).payers.map((p) => [p.userId, p.minor]));
}

/** A rate as an exact fraction: `"0.0091"` → 91 / 10000, with its text normalised. */
export type Rate = { numerator: bigint; denominator: bigint; text: string };

export const MAX_RATE_DIGITS = 12;
const RATE = /^(\d+)(?:\.(\d+))?$/;

/**
 * A rate as the group typed it: a plain decimal (no sign, exponent or grouping), above 0, with at most 12
 * significant digits (from the first non-zero digit to the last: `0.0091` has 2, `1500` has 2), read digit by
 * digit into a fraction of bigints. No floating point.
 */
export function parseRate(text: unknown): Rate {
  if (typeof text !== 'string')
    throw new SplitError('rate', 'The rate must be a decimal number, like 0.0091');
  const trimmed = text.trim();
  if (trimmed.length > 40) throw new SplitError('rate', 'The rate is too long');
  const m = RATE.exec(trimmed);
  if (!m) throw new SplitError('rate', 'The rate must be a decimal number, like 0.0091');
  const whole = m[1]!.replace(/^0+/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  const significant = (whole + fraction).replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length === 0) throw new SplitError('rate', 'The rate must be above 0');
  if (significant.length > MAX_RATE_DIGITS)
    throw new SplitError('rate', `The rate can have at most ${MAX_RATE_DIGITS} significant digits`);
  return {
    numerator: BigInt(whole + fraction),
    denominator: 10n ** BigInt(fraction.length),
    text: `${whole || '0'}${fraction ? `.${fraction}` : ''}`,
  };
}

/**
 * `minor` units of a currency with exponent `from` times `rate`, in units of exponent `to`, rounded half up (the
 * value is never negative, so up is away from 0): 12,345 JPY × 0.0091 = 112.3395 SGD → 11234 cents.
 */
export function convertAmount(minor: number, from: number, rate: Rate, to: number): number {
  const converted = convertExact(minor, from, rate, to);
  if (converted > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('the converted amount is too large');
  return Number(converted);
}

function convertExact(minor: number, from: number, rate: Rate, to: number): bigint {
  const num = BigInt(minor) * rate.numerator * 10n ** BigInt(to);
  const den = rate.denominator * 10n ** BigInt(from);
  return (2n * num + den) / (2n * den);
}

/**
 * Parts adding up to `from` scaled to add up to `to`: part × to / from exactly, rounded once by largest remainder
 * (ties from position billId mod n, ascending user id: `roundShares`), so none is a unit or more from its exact
 * value. The parts must be in ascending user id.
 */
export function scaleToAmount(
  parts: readonly PersonMinor[],
  from: number,
  to: number,
  billId: number,
): PersonMinor[] {
  if (from === to) return parts.map((p) => ({ ...p }));
  const rounded = roundShares(
    {
      userIds: parts.map((p) => p.userId),
      numerators: parts.map((p) => BigInt(p.minor) * BigInt(to)),
      denominator: BigInt(from),
    },
    billId,
  );
  return asList(rounded);
}

function asList(shares: Map<number, number>): PersonMinor[] {
  return [...shares].map(([userId, minor]) => ({ userId, minor }));
}
