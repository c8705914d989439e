import { Link } from 'react-router';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import { EnvelopeOpenIcon, GlobeEuropeAfricaIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { useInvites } from '@/features/rooms/api/get-invites';
import { InviteRow } from './invite-row';

const listClass =
  'divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200';

function PendingInvites() {
  const t = useT();
  const invites = useInvites();
  if (invites.isPending) return <LoadingState label={t('rooms.invites.loading')} />;
  if (invites.isError) {
    return <ErrorState message={t('rooms.invites.failed')} onRetry={() => void invites.refetch()} />;
  }
  if (invites.data.length === 0) {
    return (
      <EmptyState icon={EnvelopeOpenIcon} title={t('rooms.invites.empty')}>
        {t('rooms.invites.emptyText')}
      </EmptyState>
    );
  }
  return (
    <ul aria-label={t('rooms.invites.label')} className={listClass}>
      {invites.data.map((invite) => (
        <InviteRow key={invite.id} invite={invite} />
      ))}
    </ul>
  );
}

/** Explore is its own tab now (issue #20 item 10): the invites page points there instead of listing rooms. */
function ExploreMore() {
  const t = useT();
  return (
    <Link
      to="/explore"
      className="flex min-h-16 items-center gap-3 rounded-2xl bg-surface px-4 py-3 shadow-sm ring-1 ring-slate-200 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <GlobeEuropeAfricaIcon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-300" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-slate-900">{t('rooms.invites.explore')}</span>
        <span className="text-sm text-slate-600">{t('rooms.invites.exploreText')}</span>
      </span>
      <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}

export default function RoomInvitesPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('rooms.invites.title')} back />
      <div className="flex flex-col gap-6 px-4 py-5">
        <section aria-labelledby="invites-heading">
          <h2 id="invites-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
            {t('rooms.invites.heading')}
          </h2>
          <PendingInvites />
        </section>
        <section aria-labelledby="explore-heading">
          <h2 id="explore-heading" className="mb-2 px-1 text-base font-semibold text-slate-900">
            {t('rooms.invites.exploreHeading')}
          </h2>
          <ExploreMore />
        </section>
      </div>
    </>
  );
}
