import { Link } from 'react-router';
import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { useT } from '@/lib/i18n/use-t';
import { actionButtonClass } from '@/components/action-button';

interface ChatButtonProps {
  roomId: string;
  /** Unread messages (the chat feature supplies it); the badge shows only above 0. */
  count?: number;
}

/** The room page's Chat action (docs/product.md#room-actions), with its unread counter. */
export function ChatButton({ roomId, count = 0 }: ChatButtonProps) {
  const t = useT();
  return (
    <Link
      to={`/room/${roomId}/chat`}
      state={{ from: `/room/${roomId}` }}
      className={`relative ${actionButtonClass}`}
    >
      <ChatBubbleLeftRightIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
      {t('rooms.actions.chat')}
      {count > 0 && (
        <span
          data-testid="chat-unread-badge"
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white ring-2 ring-surface"
        >
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="sr-only">{` ${t('rooms.actions.chatUnread', { count })}`}</span>
        </span>
      )}
    </Link>
  );
}
