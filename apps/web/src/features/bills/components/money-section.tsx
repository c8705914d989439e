import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Bill, Room, User } from '@outing/contract';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { useT } from '../../../i18n/use-t';
import { useBalances } from '../api/get-balances';
import { useBills } from '../api/get-bills';
import { useRounds } from '../api/get-rounds';
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
 */
export function MoneySection({ room, meId, attendees }: MoneySectionProps) {
  const t = useT();
  const bills = useBills(room.id);
  const balances = useBalances(room.id);
  const rounds = useRounds(room.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const [transfer, setTransfer] = useState<Transfer | null>(null);

  const people = useMemo(
    () => [
      ...attendees,
      ...(bills.data ?? []).map((b) => b.owner),
      ...(rounds.data ?? []).flatMap((r) => r.transactions.flatMap((x) => [x.payer, x.payee])),
    ],
    [attendees, bills.data, rounds.data],
  );
  const { label, transfer: transferText } = useMemo(() => namer(meId, people), [meId, people]);

  const openBillId = Number(searchParams.get(BILL_PARAM));
  const openBill = bills.data?.find((b) => b.id === openBillId);
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
  if (bills.isPending || balances.isPending || rounds.isPending) {
    body = <LoadingState label={t('bills.money.loading')} />;
  } else if (bills.isError || balances.isError || rounds.isError) {
    body = (
      <ErrorState
        message={t('bills.money.loadFailed')}
        onRetry={() => {
          if (bills.isError) void bills.refetch();
          if (balances.isError) void balances.refetch();
          if (rounds.isError) void rounds.refetch();
        }}
      />
    );
  } else {
    const open = newestFirst(bills.data.filter((b) => b.consolidationId === null));
    const currency = balances.data.currency;
    const isHost = room.hostId === meId;
    body = (
      <div className="flex flex-col gap-4">
        <MoneyMine balances={balances.data} meId={meId} />
        {open.length > 0 && (
          <MoneyTransfers
            balances={balances.data}
            meId={meId}
            label={label}
            transfer={transferText}
            onOpen={setTransfer}
          />
        )}
        {isHost && !room.isClosed && open.length > 0 && (
          <SettleUpButton
            roomId={room.id}
            billCount={open.length}
            transferCount={balances.data.transfers.length}
          />
        )}
        <section aria-labelledby="money-bills-heading">
          <h3 id="money-bills-heading" className="mb-1.5 px-1 text-sm font-semibold text-slate-700">
            {rounds.data.length > 0 ? t('bills.money.billsOfRound') : t('bills.money.bills')}
          </h3>
          {open.length === 0 ? (
            <NoBills canAdd={!room.isClosed} />
          ) : (
            <MoneyBillList
              bills={open}
              meId={meId}
              label={label}
              onOpen={showBill}
              name={t('bills.money.openRoundBills')}
            />
          )}
        </section>
        <MoneyRounds
          rounds={rounds.data}
          bills={bills.data}
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
            bills={bills.data}
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
