import type { Transaction } from '@outing/contract';
import { CheckBadgeIcon } from '@heroicons/react/24/outline';
import { Avatar } from '@/components/avatar';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { ListMore } from '@/components/load-more';
import { flattenPages } from '@/lib/cursor-pages';
import { useAwaitingConfirmation } from '../api/get-transactions';
import { TransactionActions } from '@/features/payments/components/transaction-actions';
import { TransactionDetailButton } from '@/features/payments/components/transaction-detail';
import { personName } from '@/lib/person-name';

function AwaitingRow({ transaction, userId }: { transaction: Transaction; userId: number }) {
  const t = useT();
  const amount = formatAmount(transaction.amount, transaction.currency);
  const iPaid = transaction.payerId === userId;
  const other = iPaid ? transaction.payee : transaction.payer;
  const line = iPaid
    ? t('payments.awaiting.waitingFor', { name: personName(other) })
    : t('payments.awaiting.saysPaid', { name: personName(other) });
  return (
    <li className="flex flex-col gap-2 py-2">
      <div className="flex items-center gap-3">
        <TransactionDetailButton transaction={transaction}>
          <Avatar
            username={other.username}
            displayName={other.displayName}
            pictureUrl={other.pictureUrl}
            size="sm"
          />
          <span className="min-w-0 flex-1">
            {/* Read first, then the visible lines: the button's name holds all it shows (WCAG 2.5.3). */}
            <span className="sr-only">
              {t(iPaid ? 'payments.awaiting.detailsTo' : 'payments.awaiting.detailsFrom', {
                amount,
                name: personName(other),
              })}{' '}
            </span>
            {/* The whole sentence, wrapped (issue 37): cut, "Waiting for alice_tan to …" said nothing. */}
            <span data-testid="awaiting-line" className="block font-medium break-words text-slate-900">
              {line}
            </span>
            <span className="block truncate text-sm text-slate-600">{transaction.roomName}</span>
          </span>
        </TransactionDetailButton>
        <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{amount}</span>
      </div>
      <TransactionActions transaction={transaction} className="justify-end" />
    </li>
  );
}

/**
 * Payments marked paid and not yet confirmed (issue #19): the payee confirms or says "not received"; the payer
 * can undo for 10 minutes. Nothing is shown when there are none; a page at a time when there are many.
 */
export function AwaitingConfirmation() {
  const t = useT();
  const { user } = useAuth();
  const paid = useAwaitingConfirmation();
  const waiting = flattenPages(paid.data).filter(
    (t) => t.status === 'paid' && (t.payerId === user.id || t.payeeId === user.id),
  );
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-heading" className="px-4 py-3">
      <h3 id="awaiting-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <span className="flex size-6 items-center justify-center rounded-full bg-sky-50 dark:bg-sky-950/40 text-sky-700 dark:text-sky-300">
          <CheckBadgeIcon aria-hidden="true" className="size-3.5" />
        </span>
        {t('payments.awaiting.heading')}
      </h3>
      <ul aria-labelledby="awaiting-heading" className="mt-1 divide-y divide-slate-100">
        {waiting.map((t) => (
          <AwaitingRow key={t.id} transaction={t} userId={user.id} />
        ))}
      </ul>
      <ListMore list={paid} loadedCount={waiting.length} className="mt-1" />
    </section>
  );
}
