import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ChartPieIcon } from '@heroicons/react/24/outline';
import type { Bill, Room, User } from '@outing/contract';
import { ErrorState, LoadingState } from '@/components/list-states';
import { ListMore } from '@/components/load-more';
import { useLoadPagesUntil } from '@/hooks/use-load-pages-until';
import { useT } from '@/lib/i18n/use-t';
import { RoomHistory } from '@/features/activity/components/activity-list';
import { flattenPages } from '@/lib/cursor-pages';
import { useBalances } from '../api/get-balances';
import { useBillPages } from '../api/get-bills';
import { ExportCsvButton, SettleUpButton } from './money-actions';
import { MoneyAsOf } from './money-as-of';
import { MoneyBillDialog } from './money-bill-dialog';
import { MoneyBillList, newestFirst, NoBills } from './money-bill-list';
import { namer } from './money-labels';
import { MoneyMine, MoneyTransfers } from './money-summary';

interface MoneySectionProps {
  room: Room;
  meId: number;
  attendees: User[];
}

/** The search parameter of the open bill breakdown: `/room/{id}?bill=42` survives a reload and Back closes it. */
export const BILL_PARAM = 'bill';

/** The section's id: `/room/{id}#money` links to it (where the old split page's links land, app/router.tsx). */
const MONEY_ID = 'money';

/**
 * The room's money for every member (issue #18, one live ledger since issue 33, docs/money.md): my paid / share /
 * net over every bill and payment, who pays whom now (the room's unpaid transactions) with Pay, another amount or a
 * payment received next to each of my debts, every bill of the room, and the host's Settle up (which tells everyone
 * what they owe now). A bill opens its breakdown; `?bill=` survives a reload.
 *
 * The bills come a page at a time (docs/pagination.md), newest first, with "Load more" while the list goes on.
 */
export function MoneySection({ room, meId, attendees }: MoneySectionProps) {
  const t = useT();
  const bills = useBillPages(room.id);
  const loaded = useMemo(() => flattenPages(bills.data), [bills.data]);
  const balances = useBalances(room.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  // The browser looks for the fragment when the page loads, before the room (and so this section) is there.
  useEffect(() => {
    if (hash === `#${MONEY_ID}`) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const people = useMemo(() => [...attendees, ...loaded.map((b) => b.owner)], [attendees, loaded]);
  const { label, guestMark } = useMemo(() => namer(meId, people), [meId, people]);

  const openBillId = Number(searchParams.get(BILL_PARAM));
  const openBill = loaded.find((b) => b.id === openBillId);
  // A linked bill (`?bill=` after a reload) may be on a later page.
  useLoadPagesUntil(bills, openBillId > 0 && !openBill);
  const showBill = (bill: Bill) =>
    setSearchParams((p) => {
      const next = new URLSearchParams(p);
      next.set(BILL_PARAM, String(bill.id));
      return next;
    });
  const closeBill = () =>
    setSearchParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(BILL_PARAM);
        return next;
      },
      { replace: true },
    );

  let body;
  if (bills.isPending || balances.isPending) {
    body = <LoadingState label={t('bills.money.loading')} />;
  } else if ((bills.isError && !bills.data) || balances.isError) {
    body = (
      <ErrorState
        message={t('bills.money.loadFailed')}
        onRetry={() => {
          if (bills.isError && !bills.data) void bills.refetch();
          if (balances.isError) void balances.refetch();
        }}
      />
    );
  } else {
    const all = newestFirst(loaded);
    const hasMoney = balances.data.transfers.length > 0 || loaded.length > 0;
    const isHost = room.hostId === meId;
    body = (
      <div className="flex flex-col gap-4">
        <MoneyAsOf updatedAt={balances.dataUpdatedAt} />
        <MoneyMine balances={balances.data} meId={meId} />
        {hasMoney && (
          <MoneyTransfers
            roomId={room.id}
            balances={balances.data}
            meId={meId}
            label={label}
            guestMark={guestMark}
          />
        )}
        {isHost && !room.isClosed && loaded.length > 0 && (
          <SettleUpButton roomId={room.id} transferCount={balances.data.transfers.length} />
        )}
        <section aria-labelledby="money-bills-heading">
          <h3 id="money-bills-heading" className="mb-1.5 px-1 text-sm font-semibold text-slate-700">
            {t('bills.money.bills')}
          </h3>
          {all.length === 0 && !bills.hasNextPage ? (
            <NoBills canAdd={!room.isClosed} />
          ) : (
            <>
              <MoneyBillList
                bills={all}
                meId={meId}
                label={label}
                onOpen={showBill}
                name={t('bills.money.openRoundBills')}
              />
              <ListMore list={bills} loadedCount={all.length} failedText={t('bills.money.loadMoreFailed')} />
            </>
          )}
        </section>
        <RoomHistory roomId={room.id} meId={meId} attendees={attendees} />
        {openBill && (
          <MoneyBillDialog
            bill={openBill}
            room={room}
            meId={meId}
            label={label}
            guestMark={guestMark}
            onClose={closeBill}
          />
        )}
      </div>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby="money-heading" id={MONEY_ID} className="scroll-mt-4">
      <div className="mb-2 flex items-center gap-2 px-1">
        <h2 id="money-heading" className="flex-1 text-base font-semibold text-slate-900">
          {t('bills.money.heading')}
          <span className="ml-1.5 text-sm font-normal text-slate-500">{room.currency}</span>
        </h2>
        <Link
          to={`/room/${encodeURIComponent(room.id)}/spending`}
          state={{ from: `/room/${room.id}` }}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:hover:bg-brand-950/40 dark:focus-visible:outline-brand-400"
        >
          <ChartPieIcon aria-hidden="true" className="size-5" />
          {t('spending.link')}
        </Link>
      </div>
      {body}
      <div className="mt-3 flex justify-end">
        <ExportCsvButton roomId={room.id} />
      </div>
    </section>
  );
}
