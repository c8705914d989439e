import type { Bill, Room, User } from '@outing/contract';
import { dateTimeFormat, numberFormat, timeOptions } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/i18n';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { listWords } from '@/lib/i18n/list-format';
import { personName } from '@/lib/person-name';

// Words of the Money section (features/bills/components/money-*.tsx) that are made from data, kept apart from the
// markup so that tests and the screens say the same thing. The words themselves are in the `bills` catalogue.

/** "Split equally among 3", "By items", "By shares (2:1:1)"… from the bill's split as the server answers it. */
export function splitLabel(bill: Pick<Bill, 'split'>): string {
  const split = bill.split;
  switch (split.mode) {
    case 'equal':
      return t('bills.splitLabel.equal', { count: split.userIds.length });
    case 'exact':
      return t('bills.splitLabel.exact');
    case 'shares': {
      const weights = split.shares.filter((s) => s.shares > 0).map((s) => s.shares);
      return weights.length > 1 && weights.length <= 5
        ? t('bills.splitLabel.sharesRatio', { ratio: weights.join(':') })
        : t('bills.splitLabel.shares');
    }
    case 'percent':
      return t('bills.splitLabel.percent');
    case 'items':
      return split.charges.length > 0
        ? t('bills.splitLabel.itemsWith', {
            charges: listWords(split.charges.map((c) => inSentence(c.name))),
          })
        : t('bills.splitLabel.items');
  }
}

/**
 * A charge's name as it reads mid-sentence: its words in lower case ("Service" → "service"), but a word written in
 * capitals keeps them ("GST", "VAT").
 */
export function inSentence(name: string): string {
  return name.replace(/\p{L}+/gu, (word) =>
    word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase(),
  );
}

/** Who may edit or delete a bill (docs/api/README.md#bills): its creator, its payer or the host, in an open round. */
export function canChangeBill(bill: Bill, room: Pick<Room, 'hostId' | 'isClosed'>, meId: number): boolean {
  // A bill stays editable after a Settle up (one live ledger): only a closed room freezes it.
  if (room.isClosed) return false;
  return bill.createdBy === meId || bill.ownerId === meId || room.hostId === meId;
}

/** "ben_k pays chloe.m", "You pay ben_k", "ben_k pays you": a transfer from the signed-in user's side. */
export function transferLine(
  payerId: number,
  payeeId: number,
  meId: number,
  nameOf: (id: number) => string,
): string {
  return t('bills.transferLine', {
    payerIsMe: payerId === meId ? 'yes' : 'no',
    payeeIsMe: payeeId === meId ? 'yes' : 'no',
    payer: nameOf(payerId),
    payee: nameOf(payeeId),
  });
}

/** Names of everyone the section mentions: members first, then bill owners and round people; never blank. */
export function namer(meId: number, people: Iterable<User>) {
  const names = new Map<number, string>();
  const guests = new Set<number>();
  for (const p of people) {
    if (!names.has(p.id)) names.set(p.id, personName(p));
    if (p.isGuest) guests.add(p.id);
  }
  const nameOf = (id: number) => names.get(id) ?? t('bills.member', { id });
  /** "You" for the signed-in user. */
  const label = (id: number) => (id === meId ? t('bills.you') : nameOf(id));
  /** A transfer as a sentence ("ben_k pays you"). */
  const transfer = (payerId: number, payeeId: number) => transferLine(payerId, payeeId, meId, nameOf);
  /** Whether `label(id)` takes the guest mark after it: a guest's name (not "You", docs/guests.md). */
  const guestMark = (id: number) => id !== meId && guests.has(id);
  return { nameOf, label, transfer, guestMark };
}

/** A delete that failed: a closed room says so, another 409 that the bill cannot change; 403/404 why; else generic. */
export function deleteBillErrorMessage(error: unknown): string {
  if (!isApiError(error)) return genericErrorMessage();
  if (error.status === 409)
    return error.reason === 'ROOM_CLOSED' ? refusalText(error) : t('bills.billChangeClosed');
  if (error.status === 403 || error.status === 404) return refusalText(error);
  if (error.status === 0) return genericErrorMessage();
  return t('bills.deleteBillFailed');
}

/**
 * A consolidation that failed: why, for 403 and 409 (from the reason), else the fixed text
 * (docs/product.md#failed-calls).
 */
export function consolidateErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 403 || error.status === 409)) return refusalText(error);
  if (isApiError(error) && error.status === 0) return genericErrorMessage();
  return t('bills.consolidateFailed');
}

/** A percentage as the locale writes it: 12.5 → "12.5" ("12,5" where the comma is the decimal separator). */
export const percentNumber = (percent: number): string =>
  numberFormat({ maximumFractionDigits: 2 }).format(percent);

/** "25 Nov 2026, 19:30" in the interface's locale. */
export function formatWhen(iso: string): string {
  return dateTimeFormat({
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...timeOptions(),
  }).format(new Date(iso));
}

/** A day, short: "25 Nov" this year, "25 Nov 2025" before ("11月25日", "2025年11月25日"). */
export function formatDay(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const year = at.getFullYear() !== now.getFullYear();
  return dateTimeFormat({ day: 'numeric', month: 'short', ...(year && { year: 'numeric' }) }).format(at);
}
