import { BellSlashIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { ListMore } from '@/components/load-more';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-notification-read';
import { useUnreadNotificationCount } from '../api/use-unread-count';
import { NotificationItem } from '../components/notification-item';

function NotificationList() {
  const t = useT();
  const toast = useToast();
  const notifications = useNotifications();
  const unread = useUnreadNotificationCount();
  const markAll = useMarkAllNotificationsRead();

  if (notifications.isPending) return <LoadingState label={t('notifications.loading')} />;
  if (notifications.isError) {
    return (
      <ErrorState message={t('notifications.loadFailed')} onRetry={() => void notifications.refetch()} />
    );
  }
  const list = notifications.data.pages.flatMap((page) => page.notifications);
  if (list.length === 0) return <EmptyState icon={BellSlashIcon} title={t('notifications.empty')} />;

  return (
    <section>
      <div className="mb-2 flex min-h-11 items-center justify-between gap-3 px-1">
        <p aria-live="polite" className="text-sm font-semibold text-slate-600">
          {unread === 0 ? t('notifications.allCaughtUp') : t('notifications.unreadCount', { count: unread })}
        </p>
        {unread > 0 && (
          <button
            type="button"
            onClick={() =>
              markAll.mutate(undefined, { onError: () => toast.error(t('notifications.markReadFailed')) })
            }
            className="-mr-1 inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-brand-700 dark:text-brand-300 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            {t('notifications.markAllRead')}
          </button>
        )}
      </div>
      <ul aria-label={t('notifications.list')} className="flex flex-col gap-2.5">
        {list.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </ul>
      <ListMore
        list={notifications}
        loadedCount={list.length}
        failedText={t('notifications.loadMoreFailed')}
      />
    </section>
  );
}

export default function NotificationsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('notifications.title')} />
      <div className="px-4 py-5">
        <NotificationList />
      </div>
    </>
  );
}
