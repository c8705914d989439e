import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { InformationCircleIcon, ReceiptPercentIcon } from '@heroicons/react/24/outline';
import type { Bill, User } from '@outing/contract';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../hooks/use-auth';
import { useToast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../i18n/use-t';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { useTransactions } from '../../transactions/api/get-transactions';
import { formatAmount, formatMoney } from '../../../lib/money';
import { useConsolidateBills } from '../api/consolidate-bills';
import { useDeleteBill } from '../api/delete-bill';
import { useBills } from '../api/get-bills';
import { useConsolidationStatus } from '../api/get-consolidation-status';
import { useBillAttendees, useBillRoom } from '../api/get-room';
import { BillGroup } from '../components/bill-group';
import { InRoom } from './create-bill-page-shell';
import { RoomPayments, combinePayments } from '../components/room-payments';
import { groupBillsByOwner, roomTotalCents } from '../lib/bill-groups';
import { readBillNavigationState } from '../lib/navigation-state';
import { roomPayments } from '../lib/room-payments';

/** Everyone a bill or a payment can name: the members, the bills' owners, the transactions' people. */
function useNameOf(bills: Bill[] | undefined, attendees: User[] | undefined, others: User[]) {
  const t = useT();
  return useMemo(() => {
    const names = new Map<number, string>();
    for (const user of [...others, ...(attendees ?? [])]) names.set(user.id, user.username);
    for (const bill of bills ?? []) names.set(bill.ownerId, bill.owner.username);
    return (id: number) => names.get(id) ?? t('bills.member', { id });
  }, [bills, attendees, others, t]);
}

/** /room/{roomId}/bill/split: the room's bills by owner; the host consolidates them into the fewest payments. */
export default function SplitBillPage() {
  const { roomId } = useParams();
  if (!roomId) throw new Error('Missing route parameter: roomId');
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const state = readBillNavigationState(location.state);
  const roomPath = `/room/${roomId}`;

  const room = useBillRoom(roomId);
  const bills = useBills(roomId);
  const status = useConsolidationStatus(roomId);
  const attendees = useBillAttendees(roomId, state.attendees);
  const isConsolidated = status.data === true;
  const unpaid = useTransactions(false, { enabled: isConsolidated });
  const paid = useTransactions(true, { enabled: isConsolidated });
  const consolidate = useConsolidateBills(roomId);
  const remove = useDeleteBill(roomId);
  const [confirmingConsolidate, setConfirmingConsolidate] = useState(false);
  const [deleting, setDeleting] = useState<Bill | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const mine = useMemo(
    () =>
      unpaid.data && paid.data
        ? [...unpaid.data, ...paid.data].filter((t) => t.roomId === roomId)
        : undefined,
    [unpaid.data, paid.data, roomId],
  );
  const transactionPeople = useMemo(() => (mine ?? []).flatMap((t) => [t.payer, t.payee]), [mine]);
  const nameOf = useNameOf(bills.data, attendees.data, transactionPeople);
  const roomName = room.data?.name ?? state.roomName;
  const isHost = room.data !== undefined && room.data.hostId === user.id;
  // Every amount in the room's currency (api-contract §10.1); its bills carry it too while the room loads.
  const currency = room.data?.currency ?? bills.data?.[0]?.currency ?? 'USD';

  const goBack = async () => {
    if (state.from === roomPath) await navigate(-1);
    else await navigate(roomPath, { replace: true });
  };

  const onConsolidate = () =>
    consolidate.mutate(undefined, {
      onSuccess: () => {
        setConfirmingConsolidate(false);
        toast.success(t('bills.billConsolidated'));
        void goBack();
      },
      onError: () => {
        setConfirmingConsolidate(false);
        toast.error(t('bills.consolidateFailed'));
      },
    });

  const onDelete = (bill: Bill) =>
    remove.mutate(bill, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('bills.billDeleted'));
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(
          isApiError(error)
            ? t('bills.deleteBillFailedWith', { reason: error.message })
            : t('bills.deleteBillFailed'),
        );
      },
    });

  let body;
  if (bills.isError || status.isError) {
    body = (
      <ErrorState
        message={t('bills.fetchBillFailed')}
        onRetry={() => {
          if (bills.isError) void bills.refetch();
          if (status.isError) void status.refetch();
        }}
      />
    );
  } else if (bills.isPending || status.isPending) {
    body = <LoadingState label={t('bills.split.loading')} />;
  } else if (bills.data.length === 0) {
    body = (
      <EmptyState icon={ReceiptPercentIcon} title={t('bills.noBills.title')}>
        <p>{t('bills.split.emptyBody')}</p>
        {!isConsolidated && !room.data?.isClosed && (
          <Link
            to={`${roomPath}/bill/create`}
            state={{ from: location.pathname, roomName, attendees: attendees.data, userId: user.id }}
            className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            {t('bills.createBill')}
          </Link>
        )}
      </EmptyState>
    );
  } else {
    const groups = groupBillsByOwner(bills.data);
    const canDelete = (bill: Bill) =>
      !isConsolidated && (bill.ownerId === user.id || (room.data?.hostId ?? -1) === user.id);
    body = (
      <>
        <section
          aria-label={t('bills.split.roomTotal')}
          className="flex items-center justify-between gap-3 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-4 text-white shadow-sm"
        >
          <div>
            <p className="text-sm text-white/80">{t('bills.split.roomTotal')}</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="room-total">
              {formatMoney(roomTotalCents(bills.data), currency)}
            </p>
          </div>
          <p className="text-right text-sm text-white/90">
            {t('bills.billCount', { count: bills.data.length })}
            <br />
            {t('bills.split.payerCount', { count: groups.length })}
          </p>
        </section>

        <section aria-labelledby="bills-by-owner-heading">
          <h2
            id="bills-by-owner-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-2 px-1 text-base font-semibold text-slate-900 outline-none"
          >
            {t('bills.split.byOwner')}
          </h2>
          <ul className="flex flex-col gap-3">
            {groups.map((group) => (
              <BillGroup
                key={group.owner.id}
                group={group}
                nameOf={nameOf}
                canDelete={canDelete}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </section>

        {isConsolidated ? (
          <RoomPayments
            payments={combinePayments(roomPayments(bills.data), mine)}
            meId={user.id}
            nameOf={nameOf}
            currency={currency}
          />
        ) : isHost ? (
          <button
            type="button"
            onClick={() => setConfirmingConsolidate(true)}
            className={primaryButtonClass}
            aria-haspopup="dialog"
          >
            {t('bills.split.consolidate')}
          </button>
        ) : (
          room.data && (
            <p className="flex items-start gap-2 rounded-2xl bg-surface px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
              <InformationCircleIcon
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700 dark:text-brand-300"
              />
              {t('bills.split.hostExplains', { host: room.data.host.username })}
            </p>
          )
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('bills.split.title')} back />
      <div className="flex flex-col gap-5 px-4 py-5">
        {roomName && <InRoom name={roomName} className="-mb-2 text-sm text-slate-600" />}
        {body}
      </div>
      {confirmingConsolidate && (
        <ConfirmDialog
          title={t('bills.split.consolidateTitle')}
          description={t('bills.split.consolidateBody')}
          confirmLabel={t('bills.split.consolidate')}
          busy={consolidate.isPending}
          onConfirm={onConsolidate}
          onCancel={() => setConfirmingConsolidate(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('bills.billDialog.deleteTitle', { name: deleting.name })}
          description={t('bills.split.deleteBody', {
            amount: formatAmount(deleting.amount, deleting.currency),
            owner: deleting.owner.username,
          })}
          confirmLabel={t('bills.billDialog.delete')}
          busy={remove.isPending}
          onConfirm={() => onDelete(deleting)}
          onCancel={() => setDeleting(null)}
          fallbackFocusRef={headingRef}
        />
      )}
    </>
  );
}
