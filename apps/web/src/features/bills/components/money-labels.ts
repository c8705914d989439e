import type { Bill, Room, User } from '@outing/contract';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-error';

// Words of the Money section (features/bills/components/money-*.tsx), kept apart from the markup so that tests
// and the screens say the same thing.

export const MONEY_LOAD_FAILED = 'Could not load the money of this room.';
export const NO_BILLS_YET = 'No bills yet';
export const EVERYONE_SQUARE = 'Everyone is square: no payments needed.';
export const BILL_CHANGE_CLOSED =
  'This bill was settled in a round, so it can no longer be changed. Add a new bill instead.';
export const NOTHING_TO_SETTLE = 'There is nothing to settle: the open round has no bills.';
export const EXPORT_FAILED = 'Could not export the bills. Please try again.';

/** "Split equally among 3", "By items", "By shares (2:1:1)"… from the bill's split as the server answers it. */
export function splitLabel(bill: Pick<Bill, 'split'>): string {
  const split = bill.split;
  switch (split.mode) {
    case 'equal':
      return split.userIds.length === 1 ? 'For 1 person' : `Split equally among ${split.userIds.length}`;
    case 'exact':
      return 'By exact amounts';
    case 'shares': {
      const weights = split.shares.filter((s) => s.shares > 0).map((s) => s.shares);
      return weights.length > 1 && weights.length <= 5 ? `By shares (${weights.join(':')})` : 'By shares';
    }
    case 'percent':
      return 'By percentages';
    case 'items':
      return split.charges.length > 0
        ? `By items, with ${split.charges.map((c) => c.name.toLowerCase()).join(' and ')}`
        : 'By items';
  }
}

/** Who may edit or delete a bill (api-contract §10.2): its creator, its payer or the host, in an open round. */
export function canChangeBill(bill: Bill, room: Pick<Room, 'hostId' | 'isClosed'>, meId: number): boolean {
  if (bill.consolidationId !== null || room.isClosed) return false;
  return bill.createdBy === meId || bill.ownerId === meId || room.hostId === meId;
}

/** Names of everyone the section mentions: members first, then bill owners and round people; never blank. */
export function namer(meId: number, people: Iterable<User>) {
  const names = new Map<number, string>();
  for (const p of people) if (!names.has(p.id)) names.set(p.id, p.username);
  const nameOf = (id: number) => names.get(id) ?? `Member ${id}`;
  /** "You" for the signed-in user. */
  const label = (id: number) => (id === meId ? 'You' : nameOf(id));
  return { nameOf, label };
}

/** A delete that failed: the 409 of a settled round says why; 403/404 the server's words; the rest generic. */
export function deleteBillErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 409) return error.message.includes('closed') ? error.message : BILL_CHANGE_CLOSED;
  if (error.status === 403 || error.status === 404) return error.message;
  if (error.status === 0) return GENERIC_ERROR_MESSAGE;
  return 'Failed to delete bill';
}

/** A consolidation that failed: the server's words for 403 and 409, else product-spec's. */
export function consolidateErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 403 || error.status === 409)) return error.message;
  if (isApiError(error) && error.status === 0) return GENERIC_ERROR_MESSAGE;
  return 'Failed to consolidate bill';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** "25 Nov 2026, 19:30" in the user's locale. */
export function formatWhen(iso: string, locale?: string, withTime = true): string {
  const key = `${locale ?? ''}|${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    dateFormats.set(key, f);
  }
  return f.format(new Date(iso));
}
