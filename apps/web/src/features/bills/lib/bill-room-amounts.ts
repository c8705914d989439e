import { scaleToAmount, type PersonMinor, type SplitResult } from '@outing/ledger';

// A bill in another currency (issue 36, docs/money.md "Real bills"): the server converts its amount once into the
// room's currency, then scales every share and every payer's amount to it by largest remainder. The review shows
// those room-currency figures, computed here with the ledger's own `scaleToAmount`, so they are what the server
// will store (for a new bill, up to the unit the tie rule gives by the id it will get).

export interface RoomAmounts {
  /** The bill's amount in the room's currency (minor units). */
  amount: number;
  /** Each share in the room's currency, with the share in the bill's currency beside it; ascending user id. */
  shares: { userId: number; minor: number; original: number }[];
  /** Each payer's amount in the room's currency, with the amount in the bill's currency; ascending user id. */
  payers: { userId: number; minor: number; original: number }[];
  /** A new bill whose scaled amounts could move by a unit depending on the id it gets. */
  about: boolean;
}

const byId = (a: PersonMinor, b: PersonMinor) => a.userId - b.userId;

/**
 * `result`: the split in the bill's currency; `payers`: who paid what in it (one payer: the whole total);
 * `converted`: the bill's amount in the room's currency; `billId`: the edited bill's id, or undefined for a new one.
 */
export function roomAmounts(
  result: SplitResult,
  payers: readonly PersonMinor[],
  converted: number,
  billId: number | undefined,
): RoomAmounts {
  const originalShares = [...result.shares].map(([userId, minor]) => ({ userId, minor })).sort(byId);
  const originalPayers = [...payers].sort(byId);
  const scale = (id: number) => ({
    shares: scaleToAmount(originalShares, result.total, converted, id),
    payers: scaleToAmount(originalPayers, result.total, converted, id),
  });
  const scaled = scale(billId ?? 0);
  const withOriginal = (list: PersonMinor[], originals: PersonMinor[]) =>
    list.map((p, i) => ({ userId: p.userId, minor: p.minor, original: originals[i]!.minor }));
  let about = false;
  if (billId === undefined) {
    const n = Math.max(originalShares.length, originalPayers.length);
    for (let id = 1; id < n && !about; id++) {
      const other = scale(id);
      about =
        other.shares.some((s, i) => s.minor !== scaled.shares[i]!.minor) ||
        other.payers.some((p, i) => p.minor !== scaled.payers[i]!.minor);
    }
  }
  return {
    amount: converted,
    shares: withOriginal(scaled.shares, originalShares),
    payers: withOriginal(scaled.payers, originalPayers),
    about,
  };
}
