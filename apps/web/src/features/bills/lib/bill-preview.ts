import { splitBill } from '@outing/ledger';

export interface PreviewShare {
  userId: number;
  cents: number;
}

export interface BillPreview {
  shares: PreviewShare[];
  /** False when the cents do not divide evenly: who pays the odd cent depends on the bill id (api-contract §7.1). */
  even: boolean;
  /** Cents left over after an even split (each goes to one participant). */
  leftover: number;
  participants: number;
}

/**
 * Each participant's share of `totalCents`, exact to the cent, by the ledger's own split. The server hands the odd
 * cents out starting at `billId mod n`, and the id is only known once the bill exists, so an uneven split is shown
 * as an estimate: the amounts are right, who pays the extra cent may differ.
 */
export function previewBill(input: {
  totalCents: number;
  ownerId: number;
  payerIds: readonly number[];
  includeOwner: boolean;
}): BillPreview | null {
  // A bill needs at least one other payer (api-contract §7): nothing to preview before one is chosen.
  if (input.payerIds.length === 0 || input.totalCents <= 0) return null;
  const ids = new Set(input.payerIds);
  if (input.includeOwner) ids.add(input.ownerId);
  const shares = splitBill({ billId: 0, ...input });
  const n = ids.size;
  const leftover = input.totalCents % n;
  return {
    shares: [...shares].map(([userId, cents]) => ({ userId, cents })),
    even: leftover === 0,
    leftover,
    participants: n,
  };
}
