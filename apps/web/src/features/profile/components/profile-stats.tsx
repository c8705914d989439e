import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon, RectangleStackIcon, UsersIcon } from '@heroicons/react/24/outline';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { useFriendsCount } from '@/features/friends/api/get-friends-count';
import { useRoomCount } from '../api/profile-room-count';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

interface StatLinkProps {
  to: string;
  icon: Icon;
  count: UseQueryResult<number>;
  /** The name after the count, a plural message of `count`: "Friend", "Friends". */
  label: MessageKey;
  testId: string;
}

/** A count that links to its list: "12 Friends". While loading, a placeholder; on failure a dash. */
function StatLink({ to, icon: IconComponent, count, label, testId }: StatLinkProps) {
  const t = useT();
  let value;
  if (count.isPending) {
    value = (
      <>
        <span aria-hidden="true" className="block h-8 w-10 animate-pulse rounded-md bg-slate-200" />
        <span className="sr-only">{t('common.loading')}</span>
      </>
    );
  } else if (count.isError) {
    value = (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t('profile.stats.unavailable')}</span>
      </>
    );
  } else {
    value = count.data;
  }

  return (
    <Link
      to={to}
      state={{ from: '/profile' }}
      className="group flex min-h-11 flex-1 items-center gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:scale-[0.99]"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40 group-hover:bg-surface">
        <IconComponent aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span data-testid={testId} className="text-2xl leading-8 font-bold text-slate-900">
          {value}
        </span>{' '}
        <span className="text-sm font-medium text-slate-600">{t(label, { count: count.data ?? 0 })}</span>
      </span>
      <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}

export function ProfileStats() {
  const friends = useFriendsCount();
  const rooms = useRoomCount();
  return (
    <div className="flex gap-3">
      <StatLink
        to="/friends"
        icon={UsersIcon}
        count={friends}
        label="profile.stats.friends"
        testId="friends-count"
      />
      <StatLink
        to="/rooms"
        icon={RectangleStackIcon}
        count={rooms}
        label="profile.stats.rooms"
        testId="rooms-count"
      />
    </div>
  );
}
