import { ArrowLongRightIcon } from '@heroicons/react/24/outline';
import type { Balances } from '@outing/contract';
import { MoneyText } from '@/components/money-text';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount, formatMoney, toMinor } from '@/lib/money';
import { DebtActions } from '@/features/transactions/components/debt-actions';
import { PersonName } from './person-name';

export type Transfer = Balances['transfers'][number];

const card = 'rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200';

/** What I paid, what my share is, and my net for the open round; zeros when I have no part in it. */
export function MoneyMine({ balances, meId }: { balances: Balances; meId: number }) {
  const t = useT();
  const { currency } = balances;
  const mine = balances.members.find((m) => m.userId === meId) ?? { paid: 0, owes: 0, net: 0 };
  const net = toMinor(mine.net, currency);
  const netText = net > 0 ? t('bills.mine.owed') : net < 0 ? t('bills.mine.owe') : t('bills.mine.square');
  const tone =
    net > 0
      ? 'text-emerald-700 dark:text-emerald-300'
      : net < 0
        ? 'text-red-700 dark:text-red-300'
        : 'text-slate-900';
  // Amounts a size smaller, with less padding, below 360 px: three with a currency prefix ("US$796.49") fit side by
  // side.
  return (
    <dl aria-label={t('bills.mine.label')} className={`grid grid-cols-3 divide-x divide-slate-100 ${card}`}>
      <div className="px-2 py-3 min-[360px]:px-3">
        <dt className="text-xs font-medium text-slate-600">{t('bills.mine.paid')}</dt>
        <dd className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums min-[360px]:text-base">
          <MoneyText>{formatAmount(mine.paid, currency)}</MoneyText>
        </dd>
      </div>
      <div className="px-2 py-3 min-[360px]:px-3">
        <dt className="text-xs font-medium text-slate-600">{t('bills.mine.share')}</dt>
        <dd className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums min-[360px]:text-base">
          <MoneyText>{formatAmount(mine.owes, currency)}</MoneyText>
        </dd>
      </div>
      <div className="px-2 py-3 min-[360px]:px-3">
        <dt className="text-xs font-medium text-slate-600">{netText}</dt>
        <dd
          data-testid="my-net"
          className={`mt-0.5 text-sm font-semibold tabular-nums min-[360px]:text-base ${tone}`}
        >
          <MoneyText>{formatMoney(Math.abs(net), currency)}</MoneyText>
        </dd>
      </div>
    </dl>
  );
}

interface TransfersProps {
  roomId: string;
  balances: Balances;
  meId: number;
  label: (id: number) => string;
  /** Whether a name takes the guest mark (money-labels.ts `namer`). */
  guestMark?: (id: number) => boolean;
}

/**
 * Who pays whom now: the room's unpaid transactions, which are its fewest transfers over every bill and payment
 * (docs/money.md). My own lines are highlighted and carry what I can do: Pay or another amount, or record a payment
 * I received.
 */
export function MoneyTransfers({ roomId, balances, meId, label, guestMark = () => false }: TransfersProps) {
  const t = useT();
  return (
    <section aria-labelledby="money-transfers-heading">
      <h3 id="money-transfers-heading" className="mb-1.5 px-1 text-sm font-semibold text-slate-700">
        {t('bills.transfers.heading')}
      </h3>
      {balances.transfers.length === 0 ? (
        <p className={`${card} px-4 py-4 text-center text-sm text-slate-600`}>
          {t('bills.money.everyoneSquare')}
        </p>
      ) : (
        <ul
          aria-labelledby="money-transfers-heading"
          className={`divide-y divide-slate-100 overflow-hidden ${card}`}
        >
          {balances.transfers.map((x) => {
            const mine = x.payerId === meId || x.payeeId === meId;
            const amount = formatAmount(x.amount, balances.currency);
            const other = x.payerId === meId ? x.payeeId : x.payerId;
            return (
              <li
                key={`${x.payerId}-${x.payeeId}`}
                className={mine ? 'bg-brand-50/70 dark:bg-brand-950/40' : undefined}
              >
                <div
                  data-testid="transfer"
                  data-mine={mine || undefined}
                  className="flex min-h-14 w-full items-center gap-2 px-4 py-2.5"
                >
                  <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1.5 text-slate-900">
                    <PersonName
                      name={label(x.payerId)}
                      isGuest={guestMark(x.payerId)}
                      className={x.payerId === meId ? 'font-semibold' : 'font-medium'}
                    />
                    <ArrowLongRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                    <PersonName
                      name={label(x.payeeId)}
                      isGuest={guestMark(x.payeeId)}
                      className={x.payeeId === meId ? 'font-semibold' : 'font-medium'}
                    />
                  </span>
                  <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{amount}</span>
                </div>
                {mine && (
                  <DebtActions
                    roomId={roomId}
                    meId={meId}
                    payerId={x.payerId}
                    payeeId={x.payeeId}
                    transactionId={x.transactionId}
                    amount={x.amount}
                    currency={balances.currency}
                    name={label(other)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
