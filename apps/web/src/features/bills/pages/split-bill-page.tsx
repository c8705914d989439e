import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { InformationCircleIcon, ReceiptPercentIcon } from '@heroicons/react/24/outline';
import type { Bill, User } from '@outing/contract';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../hooks/use-auth';
import { useToast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-error';
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
import { RoomPayments, combinePayments } from '../components/room-payments';
import { groupBillsByOwner, roomTotalCents } from '../lib/bill-groups';
import { readBillNavigationState } from '../lib/navigation-state';
import { roomPayments } from '../lib/room-payments';
import {
  BILL_CONSOLIDATED,
  BILL_DELETED,
  CONSOLIDATE_FAILED,
  DELETE_BILL_FAILED,
  FETCH_BILL_FAILED,
} from '../messages';

/** Everyone a bill or a payment can name: the members, the bills' owners, the transactions' people. */
function useNameOf(bills: Bill[] | undefined, attendees: User[] | undefined, others: User[]) {
  return useMemo(() => {
    const names = new Map<number, string>();
    for (const user of [...others, ...(attendees ?? [])]) names.set(user.id, user.username);
    for (const bill of bills ?? []) names.set(bill.ownerId, bill.owner.username);
    return (id: number) => names.get(id) ?? `Member ${id}`;
  }, [bills, attendees, others]);
}

/** /room/{roomId}/bill/split: the room's bills by owner; the host consolidates them into the fewest payments. */
export default function SplitBillPage() {
  const { roomId } = useParams();
  if (!roomId) throw new Error('Missing route parameter: roomId');
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
        toast.success(BILL_CONSOLIDATED);
        void goBack();
      },
      onError: () => {
        setConfirmingConsolidate(false);
        toast.error(CONSOLIDATE_FAILED);
      },
    });

  const onDelete = (bill: Bill) =>
    remove.mutate(bill, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(BILL_DELETED);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(isApiError(error) ? `${DELETE_BILL_FAILED}: ${error.message}` : DELETE_BILL_FAILED);
      },
    });

  let body;
  if (bills.isError || status.isError) {
    body = (
      <ErrorState
        message={FETCH_BILL_FAILED}
        onRetry={() => {
          if (bills.isError) void bills.refetch();
          if (status.isError) void status.refetch();
        }}
      />
    );
  } else if (bills.isPending || status.isPending) {
    body = <LoadingState label="Loading bills" />;
  } else if (bills.data.length === 0) {
    body = (
      <EmptyState icon={ReceiptPercentIcon} title="No bills yet">
        <p>Bills added to this room show up here, grouped by who paid.</p>
        {!isConsolidated && !room.data?.isClosed && (
          <Link
            to={`${roomPath}/bill/create`}
            state={{ from: location.pathname, roomName, attendees: attendees.data, userId: user.id }}
            className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            Create Bill
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
          aria-label="Room total"
          className="flex items-center justify-between gap-3 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-4 text-white shadow-sm"
        >
          <div>
            <p className="text-sm text-white/80">Room total</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="room-total">
              {formatMoney(roomTotalCents(bills.data), currency)}
            </p>
          </div>
          <p className="text-right text-sm text-white/90">
            {bills.data.length} {bills.data.length === 1 ? 'bill' : 'bills'}
            <br />
            {groups.length} {groups.length === 1 ? 'person paid' : 'people paid'}
          </p>
        </section>

        <section aria-labelledby="bills-by-owner-heading">
          <h2
            id="bills-by-owner-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-2 px-1 text-base font-semibold text-slate-900 outline-none"
          >
            Bills by who paid
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
            Consolidate
          </button>
        ) : (
          room.data && (
            <p className="flex items-start gap-2 rounded-2xl bg-surface px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
              <InformationCircleIcon
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700 dark:text-brand-300"
              />
              The host, {room.data.host.username}, turns these bills into payments once everyone has added
              theirs.
            </p>
          )
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Split Bill" back />
      <div className="flex flex-col gap-5 px-4 py-5">
        {roomName && (
          <p className="-mb-2 text-sm text-slate-600">
            In <span className="font-semibold text-slate-900">{roomName}</span>
          </p>
        )}
        {body}
      </div>
      {confirmingConsolidate && (
        <ConfirmDialog
          title="Consolidate the bills?"
          description="Every bill of this room becomes the fewest payments between you. Bills can no longer be added or deleted."
          confirmLabel="Consolidate"
          busy={consolidate.isPending}
          onConfirm={onConsolidate}
          onCancel={() => setConfirmingConsolidate(false)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          description={`${formatAmount(deleting.amount, deleting.currency)} paid by ${deleting.owner.username}. This cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => onDelete(deleting)}
          onCancel={() => setDeleting(null)}
          fallbackFocusRef={headingRef}
        />
      )}
    </>
  );
}
