/**
 * Exact shares of one bill: participant `userIds[i]` (ascending) is owed exactly `numerators[i] / denominator`
 * minor units. Everything a split mode computes stays in this form, in BigInt, until `roundShares`.
 */
export type ExactShares = {
  userIds: number[];
  numerators: bigint[];
  denominator: bigint;
};

/**
 * The one rounding of a split (docs/api/README.md#splitting): every exact share is floored, then the units left over go
 * one each to the largest remainders. Equal remainders go in ascending user-id order starting at position
 * `billId mod n` and wrapping (n = participants listed), the tie rule of docs/api/README.md#splitting, so an equal split rounds exactly as
 * `splitBill`. Each share is its exact value rounded down or up, never a whole unit or more away from it, and the
 * shares add up to the exact total, which must be a whole number of units.
 */
export function roundShares(exact: ExactShares, billId: number): Map<number, number> {
  const { userIds, numerators, denominator } = exact;
  const n = userIds.length;
  if (n === 0 || numerators.length !== n) throw new RangeError('a split needs one numerator per participant');
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  if (!Number.isSafeInteger(billId) || billId < 0) throw new RangeError(`not a bill id: ${billId}`);
  let sum = 0n;
  for (const v of numerators) {
    if (v < 0n) throw new RangeError('a share cannot be negative');
    sum += v;
  }
  if (sum % denominator !== 0n) throw new RangeError('the shares do not add up to whole units');

  const floors = numerators.map((v) => v / denominator);
  let leftover = Number(sum / denominator - floors.reduce((a, f) => a + f, 0n));
  const start = billId % n;
  const order = userIds.map((_, i) => i);
  const offset = (i: number) => (i - start + n) % n;
  const rest = numerators.map((v) => v % denominator);
  order.sort((a, b) => {
    const ra = rest[a]!;
    const rb = rest[b]!;
    return ra > rb ? -1 : ra < rb ? 1 : offset(a) - offset(b);
  });
  for (const i of order) {
    if (leftover === 0) break;
    floors[i] = floors[i]! + 1n;
    leftover--;
  }
  return new Map(userIds.map((id, i) => [id, Number(floors[i])]));
}
