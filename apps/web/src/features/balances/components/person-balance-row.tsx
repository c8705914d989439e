import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import type { OverallBalances } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { GuestMark } from '@/entities/room/member-name';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { SettleUp } from './settle-up';
import { personName } from '@/lib/person-name';

type Person = OverallBalances['people'][number];

/** "owes you €6.00" / "you owe $4.00": a net from the signed-in user's side (> 0: they owe me). */
export function netText(net: number, currency: string): string {
  const amount = formatAmount(Math.abs(net), currency);
  return net > 0 ? t('balances.owesYou', { amount }) : t('balances.youOweAmount', { amount });
}

const tone = (net: number) =>
  net > 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300';

/**
 * One person in one currency, a disclosure: the button shows the net, the panel the rooms that make it up, each a
 * link to the room (whose Money section shows the bills).
 */
export function PersonBalanceRow({ person, meId }: { person: Person; meId: number }) {
  useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { user, net, currency, rooms } = person;
  return (
    <li>
      <div className="flex items-center">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-3 px-4 py-2 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-100"
        >
          <Avatar
            username={user.username}
            displayName={user.displayName}
            pictureUrl={user.pictureUrl}
            size="sm"
          />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="flex min-w-0 items-center font-medium text-slate-900">
              <span className="min-w-0 truncate">{personName(user)}</span>
              {user.isGuest && <GuestMark />}
            </span>
            <span className={`break-words text-sm font-semibold tabular-nums ${tone(net)}`}>
              {netText(net, currency)}
            </span>
          </span>
          <span className="sr-only">{t('balances.roomCount', { count: rooms.length })}</span>
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-5 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
        {net < 0 && (
          <SettleUp
            meId={meId}
            userId={user.id}
            name={personName(user)}
            currency={currency}
            owed={-net}
            className="mr-4 ml-1"
          />
        )}
      </div>
      <ul
        id={panelId}
        hidden={!open}
        aria-label={t('balances.roomsWith', { name: personName(user) })}
        className="pb-2"
      >
        {rooms.map((room) => (
          <li key={room.roomId}>
            <Link
              to={`/room/${room.roomId}`}
              state={{ from: '/' }}
              className="flex min-h-11 items-center gap-2 py-1.5 pr-4 pl-17 text-sm transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-50 dark:active:bg-brand-950/40"
            >
              {/* Name over net: a long room name keeps its room at 390 px. The net is in words, not only in colour. */}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-slate-800">{room.roomName}</span>
                <span className={`break-words text-xs tabular-nums ${tone(room.net)}`}>
                  {netText(room.net, currency)}
                </span>
              </span>
              <ChevronRightIcon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
