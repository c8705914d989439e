import { Link } from 'react-router';
import { PencilSquareIcon } from '@heroicons/react/24/outline';
import type { User } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { useT } from '@/lib/i18n/use-t';
import { personName } from '@/lib/person-name';

/** The display name big (the username when none is set), `@username` under it, then the email. */
export function ProfileHeader({ user }: { user: User }) {
  const t = useT();
  return (
    <section aria-label={t('profile.yourProfile')} className="flex flex-col items-center gap-3 text-center">
      <Avatar
        username={user.username}
        displayName={user.displayName}
        pictureUrl={user.pictureUrl}
        size="lg"
      />
      <div className="min-w-0 max-w-full">
        <h2 className="truncate text-2xl font-bold tracking-tight text-slate-900">{personName(user)}</h2>
        <p className="truncate text-sm font-medium text-slate-600">@{user.username}</p>
        {user.email && <p className="truncate text-sm text-slate-600">{user.email}</p>}
      </div>
      <Link
        to="/profile/edit"
        state={{ from: '/profile' }}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-surface px-5 text-sm font-semibold text-brand-700 dark:text-brand-300 shadow-sm ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-100 dark:active:bg-brand-950/40"
      >
        <PencilSquareIcon aria-hidden="true" className="size-5" />
        {t('profile.editProfile')}
      </Link>
    </section>
  );
}
