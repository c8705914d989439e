import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { User } from '@outing/contract';
import { listNames } from '@/lib/i18n/list-format';
import { useT } from '@/lib/i18n/use-t';
import { displayName } from './split-people';

/**
 * Who is in the room but neither shares this bill nor paid for it (issue 37): said on the review, so "Desserts"
 * saved among 3 of 4 is a choice, not a slip. A warning only: the bill can still be saved as it is.
 */
export function ReviewLeftOut({
  members,
  meId,
  sharing,
  paying,
}: {
  members: readonly User[];
  meId: number;
  /** Who has a share above zero. */
  sharing: readonly number[];
  paying: readonly number[];
}) {
  const t = useT();
  const inBill = new Set([...sharing, ...paying]);
  const left = members.filter((m) => !inBill.has(m.id));
  if (left.length === 0) return null;
  return (
    <div
      data-testid="review-left-out"
      className="flex gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-800"
    >
      <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <span className="block font-semibold">
          {t('bills.review.notInBill', { names: listNames(left.map((m) => displayName(m, meId))) })}
        </span>
        <span className="block">{t('bills.review.notInBillHint')}</span>
      </p>
    </div>
  );
}
