import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowRightStartOnRectangleIcon, EnvelopeIcon, PlusCircleIcon } from '@heroicons/react/24/outline';
import { LoadingState } from '@/components/list-states';
import { Logo } from '@/components/logo';
import { QuickActionButton } from '@/components/quick-action-button';
import { Spinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { useSteps } from '@/hooks/use-steps';
import { personName } from '@/lib/person-name';
import { useT } from '@/lib/i18n/use-t';
import { useInviteCount } from '@/features/rooms/api/get-invite-count';
import { balancesQueryOptions } from '@/features/balances/api/get-balances';
import { BalancesCard, BalancesSkeleton } from '@/features/balances/components/balances-card';
import { RecentRooms } from '../components/recent-rooms';
import { useOwnDisplayName } from '@/entities/me/own-display-name';
import { awaitingQueryOptions, unpaidQueryOptions } from '@/features/transactions/api/get-transactions';
import { TransactionsPanel } from '@/features/transactions/components/transactions-panel';

// The confirmation is fetched when asked for: the home screen's first load stays as small as it was.
const LogoutDialog = lazy(() => import('../components/logout-dialog'));

const card = 'overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200';

/** Asking for its first answer: not yet failed once, not paused (offline, where waiting would never end). */
const firstAnswerComing = (query: { isPending: boolean; fetchStatus: string; failureCount: number }) =>
  query.isPending && query.fetchStatus === 'fetching' && query.failureCount === 0;

/** What stands for the money cards until their first answers. */
function MoneySkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 px-4">
      <div className={card}>
        <p className="px-4 pt-3 pb-2 text-sm font-semibold text-slate-800">{t('balances.heading')}</p>
        <BalancesSkeleton />
      </div>
      <div className={card}>
        <LoadingState label={t('transactions.loading')} />
      </div>
    </div>
  );
}

/**
 * Home's body shows once its money cards have their first answers (the boot script asks for them with the page):
 * the cards' heights depend on the answers (balances; the first pages of payments to pay, to receive and awaiting confirmation), and
 * everything under them (the quick actions, the rooms) would jump as they arrived one after the other (Lighthouse
 * CLS 0.08, issue #21). Meanwhile one placeholder stands for them, and the body is mounted but hidden: its cards
 * hold their own calls and state, and it is laid out once, complete. `children` are made by the caller, so the
 * answers arriving do not render them again here.
 */
function WhenMoneyAnswered({ children }: { children: ReactNode }) {
  const balances = useQuery(balancesQueryOptions());
  const toPay = useInfiniteQuery(unpaidQueryOptions('payer'));
  const toReceive = useInfiniteQuery(unpaidQueryOptions('payee'));
  const awaiting = useInfiniteQuery(awaitingQueryOptions());
  const ready = ![balances, toPay, toReceive, awaiting].some(firstAnswerComing);
  return (
    <>
      {!ready && <MoneySkeleton />}
      <div hidden={!ready} className="flex flex-col gap-5">
        {children}
      </div>
    </>
  );
}

/** To pay and To receive, with their totals from the balances Home reads for its Balances card. */
function TransactionsPanelWithTotals() {
  const balances = useQuery(balancesQueryOptions());
  return <TransactionsPanel totals={balances.data?.totals} />;
}

export default function HomePage() {
  const t = useT();
  const { user, logout, loggingOut } = useAuth();
  const displayName = useOwnDisplayName();
  const name = personName({ username: user.username, displayName }) || t('home.guest');
  const { data: inviteCount = 0 } = useInviteCount();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  // The header, the screen's largest text, commits and paints first; the body (its cards, their calls and rows)
  // mounts in a transition after it, not in the same long first render (Lighthouse LCP and TBT, issue #21).
  const step = useSteps(true, 1);

  return (
    <>
      <header className="flex items-center gap-3 bg-gradient-to-br from-brand-600 to-brand-800 px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-6 text-white">
        <Logo className="size-10 rounded-xl ring-2 ring-white/30" />
        <h1 className="min-w-0 flex-1 truncate text-xl font-semibold">{t('home.welcome', { name })}</h1>
        {loggingOut ? (
          <span className="flex size-11 items-center justify-center rounded-full bg-surface">
            <Spinner label={t('home.loggingOut')} />
          </span>
        ) : (
          <button
            type="button"
            onClick={() => setConfirmingLogout(true)}
            aria-label={t('home.logOut')}
            className="flex size-11 items-center justify-center rounded-full bg-surface/15 transition hover:bg-surface/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white active:bg-surface/30"
          >
            <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-6" />
          </button>
        )}
        {confirmingLogout && (
          <Suspense fallback={null}>
            <LogoutDialog
              onCancel={() => setConfirmingLogout(false)}
              onConfirm={() => {
                setConfirmingLogout(false);
                void logout();
              }}
            />
          </Suspense>
        )}
      </header>
      <div className="-mt-3 flex flex-col gap-5 pb-6">
        {step < 1 && <MoneySkeleton />}
        {step >= 1 && (
          <WhenMoneyAnswered>
            <div className="flex flex-col gap-3 px-4">
              <BalancesCard />
              <TransactionsPanelWithTotals />
            </div>
            <div className="grid grid-cols-2 gap-3 px-4">
              <QuickActionButton
                icon={PlusCircleIcon}
                title={t('home.createRoom')}
                to="/rooms/create"
                state={{ from: '/' }}
              />
              <QuickActionButton
                icon={EnvelopeIcon}
                title={t('home.roomInvites')}
                to="/rooms/invites"
                state={{ from: '/' }}
                count={inviteCount}
              />
            </div>
            <RecentRooms />
          </WhenMoneyAnswered>
        )}
      </div>
    </>
  );
}
