import { BellSlashIcon } from '@heroicons/react/24/outline';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-states';
import { useNotifications } from '../api/get-notifications';
import { NotificationItem } from '../components/notification-item';
import { NO_NOTIFICATIONS } from '../messages';

function NotificationList() {
  const notifications = useNotifications();

  if (notifications.isPending) return <LoadingState label="Loading notifications" />;
  if (notifications.isError) {
    return (
      <ErrorState message="Could not load your notifications." onRetry={() => void notifications.refetch()} />
    );
  }
  if (notifications.data.length === 0) return <EmptyState icon={BellSlashIcon} title={NO_NOTIFICATIONS} />;

  const unread = notifications.data.filter((n) => !n.isRead).length;
  return (
    <section>
      <p className="mb-2 px-1 text-sm font-semibold text-slate-600">
        {unread === 0 ? 'All caught up' : `${unread} unread`}
      </p>
      <ul aria-label="Your notifications" className="flex flex-col gap-2.5">
        {notifications.data.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </ul>
    </section>
  );
}

export default function NotificationsPage() {
  return (
    <>
      <PageHeader title="Notifications" />
      <div className="px-4 py-5">
        <NotificationList />
      </div>
    </>
  );
}
