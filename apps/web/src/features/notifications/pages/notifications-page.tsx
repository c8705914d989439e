import { BellSlashIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { useT } from '../../../i18n/use-t';
import { useNotifications } from '../api/get-notifications';
import { NotificationItem } from '../components/notification-item';

function NotificationList() {
  const t = useT();
  const notifications = useNotifications();

  if (notifications.isPending) return <LoadingState label={t('notifications.loading')} />;
  if (notifications.isError) {
    return (
      <ErrorState message={t('notifications.loadFailed')} onRetry={() => void notifications.refetch()} />
    );
  }
  if (notifications.data.length === 0)
    return <EmptyState icon={BellSlashIcon} title={t('notifications.empty')} />;

  const unread = notifications.data.filter((n) => !n.isRead).length;
  return (
    <section>
      <p className="mb-2 px-1 text-sm font-semibold text-slate-600">
        {unread === 0 ? t('notifications.allCaughtUp') : t('notifications.unreadCount', { count: unread })}
      </p>
      <ul aria-label={t('notifications.list')} className="flex flex-col gap-2.5">
        {notifications.data.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </ul>
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
