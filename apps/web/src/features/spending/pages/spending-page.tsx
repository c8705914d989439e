import { useParams } from 'react-router';
import { ChartPieIcon } from '@heroicons/react/24/outline';
import type { RoomStats } from '@outing/contract';
import { BackButton } from '@/components/back-button';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useAttendees } from '@/entities/room/get-attendees';
import { useRoom } from '@/entities/room/get-room';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { useRoomStats } from '../api/get-stats';
import { CategoryChart } from '../components/category-chart';
import { DayChart } from '../components/day-chart';
import { PersonChart } from '../components/person-chart';

function TotalCard({ stats }: { stats: RoomStats }) {
  const t = useT();
  const people = stats.byMember.filter((m) => m.paid > 0 || m.owes > 0).length;
  return (
    <section
      aria-labelledby="spending-total-heading"
      className="rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="spending-total-heading" className="text-sm font-medium text-slate-600">
        {t('spending.total')}
      </h2>
      <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums text-slate-900">
        {formatAmount(stats.total, stats.currency)}
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {t('spending.totalDetail', { days: stats.byDay.length, people })}
      </p>
    </section>
  );
}

function Spending({ roomId }: { roomId: string }) {
  const t = useT();
  const { user } = useAuth();
  const stats = useRoomStats(roomId);
  const attendees = useAttendees(roomId);

  if (stats.isPending || attendees.isPending) return <LoadingState label={t('spending.loading')} />;
  // A refetch that fails keeps what was shown (TanStack Query keeps the data); only a first load that fails says so.
  if (!stats.data || !attendees.data) {
    return (
      <ErrorState
        message={t('spending.loadFailed')}
        onRetry={() => {
          if (stats.isError) void stats.refetch();
          if (attendees.isError) void attendees.refetch();
        }}
      />
    );
  }
  const data = stats.data;
  if (data.byCategory.length === 0 && data.byDay.length === 0) {
    return (
      <EmptyState icon={ChartPieIcon} title={t('spending.empty')}>
        {t('spending.emptyBody')}
      </EmptyState>
    );
  }
  return (
    <>
      <TotalCard stats={data} />
      <CategoryChart stats={data} />
      <PersonChart stats={data} meId={user?.id ?? 0} people={attendees.data} />
      <DayChart stats={data} />
    </>
  );
}

/**
 * /room/{id}/spending (issue 36): the room's spending at a glance on a phone: the total, by category, by person (paid
 * and share) and by day, each chart with its figures as a table for screen readers. Members and the room's guests
 * (docs/guests.md); Back goes to the room's Money section.
 */
export default function SpendingPage() {
  const t = useT();
  const { roomId = '' } = useParams();
  const room = useRoom(roomId);
  return (
    <>
      <header className="sticky top-0 z-10 flex min-h-14 items-center gap-1 border-b border-slate-200 bg-surface/90 px-2 backdrop-blur">
        <BackButton fallback={`/room/${encodeURIComponent(roomId)}#money`} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">{t('spending.title')}</h1>
          {room.data && <p className="-mt-0.5 truncate text-xs text-slate-500">{room.data.name}</p>}
        </div>
      </header>
      <div className="flex flex-col gap-4 px-4 py-5">
        <Spending roomId={roomId} />
      </div>
    </>
  );
}
