import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCircleIcon, CheckIcon, ChevronRightIcon } from '@heroicons/react/24/outline';
import type { Notification, SubjectState } from '@outing/contract';
import { useToast } from '@/hooks/use-toast';
import type { MessageKey } from '@/lib/i18n/keys';
import { useI18n } from '@/lib/i18n/use-t';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatFullDate, formatNotificationDate } from '../format-notification-date';
import { localizeNotification } from '../localize';

/** What became of a subject that asked for something, said instead of the request (never contradicting Home). */
const doneText: Partial<Record<SubjectState, MessageKey>> = {
  accepted: 'notifications.state.accepted',
  rejected: 'notifications.state.rejected',
  declined: 'notifications.state.declined',
  cancelled: 'notifications.state.cancelled',
  paid: 'notifications.state.paid',
  confirmed: 'notifications.state.confirmed',
};

/** The state line of a resolved notification, or null while it still asks for action (or only informs). */
function resolvedKey(notification: Notification): MessageKey | null {
  if (!notification.resolved) return null;
  const state = notification.subjectState;
  return (state && doneText[state]) || 'notifications.state.done';
}

/**
 * Unread: tinted, a dot, a bold title and a tick to mark it read. Read: plain. A tap marks it read and opens
 * where it leads (its `url`); a resolved one says what became of it.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { t, tRich, language } = useI18n();
  const markRead = useMarkNotificationRead();
  const toast = useToast();
  const titleId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const unread = !notification.isRead;
  const done = resolvedKey(notification);
  const url = notification.url ?? null;
  const text = localizeNotification(notification, language, t);

  const mark = () =>
    markRead.mutate(notification.id, { onError: () => toast.error(t('notifications.markReadFailed')) });

  const onMarkRead = () => {
    // The tick goes away at once: keep the keyboard user's place on the item.
    itemRef.current?.focus();
    mark();
  };

  const body = (
    <>
      <p id={titleId} className={`break-words text-slate-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
        {unread
          ? tRich('notifications.unreadTitle', {
              title: text.title,
              sr: (chunks) => (
                <span key="sr" className="sr-only">
                  {chunks}
                </span>
              ),
            })
          : text.title}
      </p>
      <p className={`mt-0.5 text-sm break-words ${done ? 'text-slate-600' : 'text-slate-700'}`}>
        {text.content}
      </p>
      {done && (
        <p
          data-testid="notification-resolved"
          className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 dark:text-emerald-300"
        >
          <CheckCircleIcon aria-hidden="true" className="size-4" />
          {t(done)}
        </p>
      )}
      <time
        dateTime={notification.createdAt}
        title={formatFullDate(notification.createdAt)}
        className="mt-1 block text-xs text-slate-600"
      >
        {formatNotificationDate(notification.createdAt)}
      </time>
    </>
  );

  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      data-read={notification.isRead}
      data-resolved={done !== null}
      className={`flex items-start gap-2 rounded-2xl py-1 pr-4 pl-1 ring-1 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 ${
        unread
          ? 'bg-brand-50 dark:bg-brand-950/40 ring-brand-200 dark:ring-brand-800'
          : 'bg-surface ring-slate-200'
      }`}
    >
      {url ? (
        <Link
          to={url}
          state={{ from: '/notifications' }}
          onClick={() => {
            if (unread) mark();
          }}
          className="flex min-w-0 flex-1 items-start gap-3 rounded-xl px-3 py-2.5 transition hover:bg-slate-900/5 dark:hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          <span
            aria-hidden="true"
            className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
          />
          <div className="min-w-0 flex-1">{body}</div>
          {!unread && <ChevronRightIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-slate-500" />}
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 items-start gap-3 px-3 py-2.5">
          <span
            aria-hidden="true"
            className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
          />
          <div className="min-w-0 flex-1">{body}</div>
        </div>
      )}
      {unread && (
        <button
          type="button"
          onClick={onMarkRead}
          aria-label={t('notifications.markRead')}
          aria-describedby={titleId}
          className="mt-1.5 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-700 dark:text-brand-300 transition hover:bg-brand-100 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-200 dark:active:bg-brand-950/40"
        >
          <CheckIcon aria-hidden="true" className="size-6" />
        </button>
      )}
    </li>
  );
}
