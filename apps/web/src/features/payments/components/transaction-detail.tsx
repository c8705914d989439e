import { Fragment, useState, type ReactNode } from 'react';
import type { Transaction } from '@outing/contract';
import { Dialog, DialogCloseButton } from '@/components/dialog';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { GuestMark } from '@/entities/room/member-name';
import { formatAmount } from '@/lib/money';
import { useTransactionDetail } from '../api/get-transaction';
import { STATUS_TEXT, historyLine } from '../lib/history';
import { TransactionActions } from './transaction-actions';
import { personName } from '@/lib/person-name';

const STATUS_TONE: Record<Transaction['status'], string> = {
  unpaid:
    'bg-amber-50 dark:bg-amber-950/40 text-amber-800 dark:text-amber-300 ring-amber-200 dark:ring-amber-800',
  paid: 'bg-sky-50 dark:bg-sky-950/40 text-sky-800 dark:text-sky-300 ring-sky-200 dark:ring-sky-800',
  confirmed:
    'bg-emerald-50 dark:bg-emerald-950/40 text-emerald-800 dark:text-emerald-300 ring-emerald-200 dark:ring-emerald-800',
};

export function StatusBadge({ status }: { status: Transaction['status'] }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONE[status]}`}
    >
      {t(STATUS_TEXT[status])}
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Where a guest's name goes in the parties line, so that the guest mark can follow it: private-use characters. */
const SLOT = { payer: '\uE000', payee: '\uE001' } as const;

/**
 * "You → mei · Board Game Night", with the "guest" mark after a guest's name (docs/guests.md), wherever the language
 * puts it: the line is written with a placeholder for each guest, then split around them.
 */
function Parties({ transaction, meId }: { transaction: Transaction; meId: number }) {
  const t = useT();
  const payerIsMe = transaction.payerId === meId;
  const payeeIsMe = transaction.payeeId === meId;
  const payerMark = !payerIsMe && transaction.payer.isGuest === true;
  const payeeMark = !payeeIsMe && transaction.payee.isGuest === true;
  const line = t('payments.detail.parties', {
    payerIsMe: payerIsMe ? 'yes' : 'no',
    payer: payerMark ? SLOT.payer : personName(transaction.payer),
    payeeIsMe: payeeIsMe ? 'yes' : 'no',
    payee: payeeMark ? SLOT.payee : personName(transaction.payee),
    room: transaction.roomName,
  });
  return line.split(/([\uE000\uE001])/).map((part, i) =>
    part === SLOT.payer || part === SLOT.payee ? (
      <Fragment key={i}>
        {part === SLOT.payer ? personName(transaction.payer) : personName(transaction.payee)}
        <GuestMark />
      </Fragment>
    ) : (
      part
    ),
  );
}

function Body({ transaction, onAsking }: { transaction: Transaction; onAsking: (asking: boolean) => void }) {
  const t = useT();
  const { user } = useAuth();
  const money = (amount: number) => formatAmount(amount, transaction.currency);
  const history = transaction.history ?? [];
  const bills = transaction.bills ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 rounded-2xl bg-slate-50 px-4 py-3">
        <p className="text-sm text-slate-600">
          <Parties transaction={transaction} meId={user.id} />
        </p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums">{money(transaction.amount)}</p>
        <div aria-live="polite">
          <StatusBadge status={transaction.status} />
        </div>
      </div>
      <TransactionActions transaction={transaction} onAsking={onAsking} />
      <Section title={t('payments.detail.history')}>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">{t('payments.detail.nothingYet')}</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm text-slate-800">
            {history.map((event, i) => (
              <li key={i}>{historyLine(event, transaction, user.id)}</li>
            ))}
          </ol>
        )}
      </Section>
      {bills.length > 0 && (
        <Section title={t('payments.detail.fromBills')}>
          <ul className="divide-y divide-slate-100 text-sm">
            {bills.map((bill) => (
              <li key={bill.billId} className="flex gap-3 py-1.5">
                <span className="min-w-0 flex-1 truncate text-slate-800">{bill.name}</span>
                <span className="text-slate-900 tabular-nums">{money(bill.amount)}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

/** A transaction's status, its actions, who did what when, and the bills it comes from (GET /transactions/{id}). */
export function TransactionDetail({
  transactionId,
  onClose,
}: {
  transactionId: number;
  onClose: () => void;
}) {
  const t = useT();
  const detail = useTransactionDetail(transactionId);
  // While an action asks for confirmation, Esc and the backdrop belong to that question.
  const [asking, setAsking] = useState(false);
  let body: ReactNode;
  if (detail.isPending) body = <LoadingState label={t('payments.detail.loading')} />;
  else if (detail.isError && detail.data === undefined)
    body = <ErrorState message={t('payments.detail.loadFailed')} onRetry={() => void detail.refetch()} />;
  else body = <Body transaction={detail.data} onAsking={setAsking} />;
  return (
    <Dialog
      title={t('payments.detail.title')}
      onClose={onClose}
      dismissible={!asking}
      headerAction={<DialogCloseButton onClose={onClose} />}
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-2 pb-5">{body}</div>
    </Dialog>
  );
}

/**
 * Wraps a row's person and room: pressing it opens the transaction's detail. Named by its content, which says
 * "Details of $18.40 to dev_patel" (visually hidden where the row shows less): no aria-label, whose words would
 * differ from the visible ones (WCAG 2.5.3).
 */
export function TransactionDetailButton({
  transaction,
  children,
}: {
  transaction: Transaction;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="-my-1 flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl py-1 text-left focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {children}
      </button>
      {open && <TransactionDetail transactionId={transaction.id} onClose={() => setOpen(false)} />}
    </>
  );
}
