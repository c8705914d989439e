import { useId, useRef } from 'react';
import { CheckIcon } from '@heroicons/react/24/outline';
import type { Notification } from '@outing/contract';
import { useToast } from '../../../hooks/use-toast';
import { useI18n } from '../../../i18n/use-t';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatFullDate, formatNotificationDate } from '../format-notification-date';

/** Unread: tinted, a dot, a bold title and a tick to mark it read. Read: plain. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { t, tRich } = useI18n();
  const markRead = useMarkNotificationRead();
  const toast = useToast();
  const titleId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const unread = !notification.isRead;

  const onMarkRead = () => {
    // The tick goes away at once: keep the keyboard user's place on the item.
    itemRef.current?.focus();
    markRead.mutate(notification.id, { onError: () => toast.error(t('notifications.markReadFailed')) });
  };

  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      data-read={notification.isRead}
      className={`flex items-start gap-3 rounded-2xl px-4 py-3.5 ring-1 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 ${
        unread
          ? 'bg-brand-50 dark:bg-brand-950/40 ring-brand-200 dark:ring-brand-800'
          : 'bg-surface ring-slate-200'
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <div className="min-w-0 flex-1">
        <p id={titleId} className={`break-words text-slate-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
          {unread
            ? tRich('notifications.unreadTitle', {
                title: notification.title,
                sr: (chunks) => (
                  <span key="sr" className="sr-only">
                    {chunks}
                  </span>
                ),
              })
            : notification.title}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-700">{notification.content}</p>
        <time
          dateTime={notification.createdAt}
          title={formatFullDate(notification.createdAt)}
          className="mt-1 block text-xs text-slate-600"
        >
          {formatNotificationDate(notification.createdAt)}
        </time>
      </div>
      {unread && (
        <button
          type="button"
          onClick={onMarkRead}
          aria-label={t('notifications.markRead')}
          aria-describedby={titleId}
          className="-my-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 dark:text-brand-300 transition hover:bg-brand-100 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-200 dark:active:bg-brand-950/40"
        >
          <CheckIcon aria-hidden="true" className="size-6" />
        </button>
      )}
    </li>
  );
}
