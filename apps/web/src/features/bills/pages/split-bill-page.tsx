import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { InformationCircleIcon, ReceiptPercentIcon } from '@heroicons/react/24/outline';
import type { Bill, BillsSummary, Round, User } from '@outing/contract';
import { primaryButtonClass } from '../../../components/form/submit-button';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../hooks/use-auth';
import { useToast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../i18n/use-t';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { flattenPages } from '../../../lib/cursor-pages';
import { formatAmount } from '../../../lib/money';
import { useConsolidateBills } from '../api/consolidate-bills';
import { useDeleteBill } from '../api/delete-bill';
import { useBillsSummary } from '../api/get-bills-summary';
import { useConsolidationStatus } from '../api/get-consolidation-status';
import { useBillAttendees, useBillRoom } from '../api/get-room';
import { useRoundPages } from '../api/get-rounds';
import { BillGroup } from '../components/bill-group';
import { InRoom } from './create-bill-page-shell';
import { RoomPayments, roundPayments } from '../components/room-payments';
import { readBillNavigationState } from '../lib/navigation-state';

/** The first groups read their first page at once (they open without waiting); the others when opened. */
const EAGER_GROUPS = 5;

/** Everyone a bill or a payment can name: the members, the bills' payers, the payments' people. */
function useNameOf(
  summary: BillsSummary | undefined,
  attendees: User[] | undefined,
  rounds: Round[] | undefined,
) {
  const t = useT();
  return useMemo(() => {
    const names = new Map<number, string>();
    for (const x of (rounds ?? []).flatMap((r) => r.transactions)) {
      names.set(x.payerId, x.payer.username);
      names.set(x.payeeId, x.payee.username);
    }
    for (const o of summary?.owners ?? []) names.set(o.ownerId, o.owner.username);
    for (const user of attendees ?? []) names.set(user.id, user.username);
    return (id: number) => names.get(id) ?? t('bills.member', { id });
  }, [summary, attendees, rounds, t]);
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
  const summary = useBillsSummary(roomId);
  const status = useConsolidationStatus(roomId);
  const attendees = useBillAttendees(roomId, state.attendees);
  const isConsolidated = status.data === true;
  const rounds = useRoundPages(roomId, isConsolidated);
  const consolidate = useConsolidateBills(roomId);
  const remove = useDeleteBill(roomId);
  const [confirmingConsolidate, setConfirmingConsolidate] = useState(false);
  const [deleting, setDeleting] = useState<Bill | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const loadedRounds = useMemo(() => (rounds.data ? flattenPages(rounds.data) : undefined), [rounds.data]);
  const nameOf = useNameOf(summary.data, attendees.data, loadedRounds);
  const roomName = room.data?.name ?? state.roomName;
  const isHost = room.data !== undefined && room.data.hostId === user.id;
  // Every amount in the room's currency (api-contract §10.1); the summary carries it too while the room loads.
  const currency = room.data?.currency ?? summary.data?.currency ?? 'USD';

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
  if (summary.isError || status.isError) {
    body = (
      <ErrorState
        message={t('bills.fetchBillFailed')}
        onRetry={() => {
          if (summary.isError) void summary.refetch();
          if (status.isError) void status.refetch();
        }}
      />
    );
  } else if (summary.isPending || status.isPending) {
    body = <LoadingState label={t('bills.split.loading')} />;
  } else if (summary.data.count === 0) {
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
    const { owners } = summary.data;
    // Only a bill of the open round can go (a settled round's stays, whatever the status says meanwhile).
    const canDelete = (bill: Bill) =>
      !isConsolidated &&
      bill.consolidationId === null &&
      (bill.ownerId === user.id || (room.data?.hostId ?? -1) === user.id);
    body = (
      <>
        <section
          aria-label={t('bills.split.roomTotal')}
          className="flex items-center justify-between gap-3 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-4 text-white shadow-sm"
        >
          <div>
            <p className="text-sm text-white/80">{t('bills.split.roomTotal')}</p>
            <p className="text-2xl font-semibold tabular-nums" data-testid="room-total">
              {formatAmount(summary.data.total, currency)}
            </p>
          </div>
          <p className="text-right text-sm text-white/90">
            {t('bills.billCount', { count: summary.data.count })}
            <br />
            {t('bills.split.payerCount', { count: owners.length })}
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
            {owners.map((group, index) => (
              <BillGroup
                key={group.ownerId}
                roomId={roomId}
                group={group}
                currency={currency}
                eager={index < EAGER_GROUPS}
                nameOf={nameOf}
                canDelete={canDelete}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </section>

        {isConsolidated ? (
          <RoomPayments
            payments={loadedRounds && roundPayments(loadedRounds, user.id)}
            meId={user.id}
            nameOf={nameOf}
            currency={currency}
            list={rounds}
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
