import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Bill, Room, User } from '@outing/contract';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { ListMore } from '../../../components/load-more';
import { useLoadPagesUntil } from '../../../hooks/use-load-pages-until';
import { useT } from '../../../i18n/use-t';
import { flattenPages } from '../../../lib/cursor-pages';
import { useBalances } from '../api/get-balances';
import { useBillPages } from '../api/get-bills';
import { useRoundPages } from '../api/get-rounds';
import { AddBillLink, ExportCsvButton, SettleUpButton } from './money-actions';
import { MoneyBillDialog } from './money-bill-dialog';
import { MoneyBillList, newestFirst, NoBills } from './money-bill-list';
import { namer } from './money-labels';
import { MoneyRounds } from './money-rounds';
import { MoneyMine, MoneyTransfers, type Transfer } from './money-summary';
import { MoneyTransferDialog } from './money-transfer-dialog';

interface MoneySectionProps {
  room: Room;
  meId: number;
  attendees: User[];
}

/** The search parameter of the open bill breakdown: `/room/{id}?bill=42` survives a reload and Back closes it. */
export const BILL_PARAM = 'bill';

/**
 * The room's money for every member (issue #18): the open round's bills, my paid / share / net, who would pay whom
 * if we settled now, the settled rounds, Export CSV, and the host's Settle up. A bill opens its breakdown, a
 * transfer the bills behind it.
 *
 * The bills come a page at a time (docs/pagination.md), newest first: the open round's, then each settled round's.
 * The open round's list ends with "Load more" while it may go on; a settled round shows it in its own list while
 * some of its bills are not loaded yet. Counts come from the balances, never from the loaded pages.
 */
export function MoneySection({ room, meId, attendees }: MoneySectionProps) {
  const t = useT();
  const bills = useBillPages(room.id);
  const loaded = useMemo(() => flattenPages(bills.data), [bills.data]);
  const loadedIds = useMemo(() => new Set(loaded.map((b) => b.id)), [loaded]);
  const balances = useBalances(room.id);
  // The settled rounds a page at a time, newest first (each with its payments): a room settled every week for years
  // never answers them all at once.
  const roundPages = useRoundPages(room.id);
  const rounds = useMemo(() => flattenPages(roundPages.data), [roundPages.data]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [transfer, setTransfer] = useState<Transfer | null>(null);

  const people = useMemo(
    () => [
      ...attendees,
      ...loaded.map((b) => b.owner),
      ...rounds.flatMap((r) => r.transactions.flatMap((x) => [x.payer, x.payee])),
    ],
    [attendees, loaded, rounds],
  );
  const { label, transfer: transferText } = useMemo(() => namer(meId, people), [meId, people]);

  const openBillId = Number(searchParams.get(BILL_PARAM));
  const openBill = loaded.find((b) => b.id === openBillId);
  // A linked bill (`?bill=` after a reload) or the bills behind an open transfer may be on a later page.
  useLoadPagesUntil(
    bills,
    (openBillId > 0 && !openBill) || (transfer?.bills.some((part) => !loadedIds.has(part.billId)) ?? false),
  );
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
  if (bills.isPending || balances.isPending || roundPages.isPending) {
    body = <LoadingState label={t('bills.money.loading')} />;
  } else if ((bills.isError && !bills.data) || balances.isError || (roundPages.isError && !roundPages.data)) {
    body = (
      <ErrorState
        message={t('bills.money.loadFailed')}
        onRetry={() => {
          if (bills.isError && !bills.data) void bills.refetch();
          if (balances.isError) void balances.refetch();
          if (roundPages.isError) void roundPages.refetch();
        }}
      />
    );
  } else {
    const open = newestFirst(loaded.filter((b) => b.consolidationId === null));
    // The open round is all loaded once a settled bill follows it, or the list has ended.
    const openRoundLoaded = !bills.hasNextPage || loaded.some((b) => b.consolidationId !== null);
    const openCount = balances.data.bills.length;
    const currency = balances.data.currency;
    const isHost = room.hostId === meId;
    body = (
      <div className="flex flex-col gap-4">
        <MoneyMine balances={balances.data} meId={meId} />
        {openCount > 0 && (
          <MoneyTransfers
            balances={balances.data}
            meId={meId}
            label={label}
            transfer={transferText}
            onOpen={setTransfer}
          />
        )}
        {isHost && !room.isClosed && openCount > 0 && (
          <SettleUpButton
            roomId={room.id}
            billCount={openCount}
            transferCount={balances.data.transfers.length}
          />
        )}
        <section aria-labelledby="money-bills-heading">
          <h3 id="money-bills-heading" className="mb-1.5 px-1 text-sm font-semibold text-slate-700">
            {rounds.length > 0 ? t('bills.money.billsOfRound') : t('bills.money.bills')}
          </h3>
          {open.length === 0 && openRoundLoaded ? (
            <NoBills canAdd={!room.isClosed} />
          ) : (
            <>
              <MoneyBillList
                bills={open}
                meId={meId}
                label={label}
                onOpen={showBill}
                name={t('bills.money.openRoundBills')}
              />
              <ListMore
                list={{ ...bills, hasNextPage: !openRoundLoaded }}
                loadedCount={open.length}
                failedText={t('bills.money.loadMoreFailed')}
              />
            </>
          )}
        </section>
        <MoneyRounds
          rounds={rounds}
          roundPages={roundPages}
          bills={loaded}
          more={bills}
          currency={currency}
          meId={meId}
          label={label}
          transfer={transferText}
          onOpenBill={showBill}
        />
        {transfer && (
          <MoneyTransferDialog
            transfer={transfer}
            currency={currency}
            bills={loaded}
            title={transferText(transfer.payerId, transfer.payeeId)}
            onClose={() => setTransfer(null)}
          />
        )}
        {openBill && (
          <MoneyBillDialog bill={openBill} room={room} meId={meId} label={label} onClose={closeBill} />
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="money-heading" id="money" className="scroll-mt-4">
      <div className="mb-2 flex items-center gap-2 px-1">
        <h2 id="money-heading" className="flex-1 text-base font-semibold text-slate-900">
          {t('bills.money.heading')}
          <span className="ml-1.5 text-sm font-normal text-slate-500">{room.currency}</span>
        </h2>
        {!room.isClosed && <AddBillLink room={room} meId={meId} attendees={attendees} />}
      </div>
      {body}
      <div className="mt-3 flex justify-end">
        <ExportCsvButton roomId={room.id} />
      </div>
    </section>
  );
}
