import type { Message } from '@outing/contract';
import { Avatar } from '@/components/avatar';
import { useOffline } from '@/hooks/use-offline';
import { useT } from '@/lib/i18n/use-t';
import { GuestMark } from '@/entities/room/member-name';
import { formatTime, groupByDay, type ChatItem } from '../format';
import { personName } from '@/lib/person-name';

/**
 * A message on screen; `pending` while it waits for the server (greyed, "Sending…"), `failed` when the server
 * refused a retry (the user tries again or deletes it). Both carry the outbox's `clientId`.
 */
export type ChatMessage = Message & { pending?: boolean; failed?: boolean };

/** The sender as the server sends it: with `isGuest: true` for a guest (docs/guests.md), as every user of a room. */
export const senderIsGuest = (message: Message): boolean =>
  (message.sender as { isGuest?: boolean }).isGuest === true;

/** What the user can do with a message that was not sent. */
export interface OutboxActions {
  onRetry: (clientId: string) => void;
  onDelete: (clientId: string) => void;
}

function NotSent({ message, actions }: { message: ChatMessage; actions?: OutboxActions }) {
  const t = useT();
  const clientId = message.clientId;
  const button =
    'inline-flex min-h-11 items-center rounded-full px-2 font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';
  return (
    <span className="mt-0.5 flex items-center gap-1 text-xs">
      <span className="font-medium text-red-800 dark:text-red-300">{t('chat.notSent')}</span>
      {actions && clientId && (
        <>
          <button
            type="button"
            onClick={() => actions.onRetry(clientId)}
            className={`${button} text-brand-700 dark:text-brand-300`}
          >
            {t('chat.retry')}
          </button>
          <button
            type="button"
            onClick={() => actions.onDelete(clientId)}
            className={`${button} text-slate-700`}
          >
            {t('chat.delete')}
          </button>
        </>
      )}
    </span>
  );
}

function MessageRow({
  item,
  own,
  actions,
  offline,
}: {
  item: ChatItem<ChatMessage>;
  own: boolean;
  actions?: OutboxActions;
  /** No connection: a waiting message says it is queued, not being sent. */
  offline: boolean;
}) {
  const t = useT();
  const { message, startsRun, endsRun } = item;
  const time = formatTime(new Date(message.sentAt));
  const name = own ? t('chat.you') : personName(message.sender);
  // A run of bubbles reads as one block: the corners on the sender's side are tight inside it.
  const corners = own
    ? `rounded-2xl rounded-br-md ${startsRun ? '' : 'rounded-tr-md'}`
    : `rounded-2xl rounded-bl-md ${startsRun ? '' : 'rounded-tl-md'}`;

  return (
    <li
      data-own={own}
      data-pending={message.pending ? 'true' : undefined}
      data-failed={message.failed ? 'true' : undefined}
      className={`flex flex-col ${own ? 'items-end' : 'items-start'} ${startsRun ? 'mt-3 first:mt-0' : 'mt-0.5'}`}
    >
      {startsRun && !own ? (
        <span className="mb-1 ml-11 flex max-w-[75%] min-w-0 items-center text-xs font-semibold text-slate-600">
          <span className="min-w-0 truncate">{name}</span>
          {senderIsGuest(message) && <GuestMark />}
        </span>
      ) : (
        <span className="sr-only">{name}</span>
      )}
      <div className={`flex max-w-full items-end gap-2 ${own ? 'justify-end pl-10' : 'pr-10'}`}>
        {!own &&
          (endsRun ? (
            <Avatar
              username={message.sender.username}
              displayName={message.sender.displayName}
              pictureUrl={message.sender.pictureUrl}
              size="xs"
            />
          ) : (
            <span aria-hidden="true" className="w-8 shrink-0" />
          ))}
        <p
          className={`min-w-0 px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap [overflow-wrap:anywhere] ${corners} ${
            !own
              ? 'bg-surface text-slate-900 shadow-sm ring-1 ring-slate-200'
              : message.pending
                ? 'bg-slate-200 text-slate-700'
                : message.failed
                  ? 'bg-surface text-slate-900 ring-1 ring-red-300 dark:ring-red-800'
                  : 'bg-brand-600 text-white'
          }`}
        >
          {message.content}
        </p>
      </div>
      {message.pending ? (
        <span className="mt-1 text-[11px] text-slate-500">
          {offline ? t('chat.queued') : t('chat.sending')}
        </span>
      ) : message.failed ? (
        <NotSent message={message} actions={actions} />
      ) : (
        <time
          dateTime={message.sentAt}
          className={endsRun ? `mt-1 text-[11px] text-slate-500 ${own ? '' : 'ml-11'}` : 'sr-only'}
        >
          {time}
        </time>
      )}
    </li>
  );
}

/** Day groups ('Friday 28 November'), each a list of runs of one sender's messages. */
export function MessageList({
  messages,
  userId,
  actions,
}: {
  messages: ChatMessage[];
  userId: number;
  actions?: OutboxActions;
}) {
  // Day headings are written in the interface's language: a switch renders them again.
  useT();
  const offline = useOffline();
  return (
    <div className="flex flex-col gap-4">
      {groupByDay(messages).map((group) => (
        <section key={group.key} aria-label={group.heading}>
          <h2 className="sticky top-2 z-[1] mx-auto mb-3 w-fit rounded-full bg-slate-200/90 px-3 py-1 text-xs font-semibold text-slate-700 backdrop-blur">
            {group.heading}
          </h2>
          <ol className="flex flex-col">
            {group.items.map((item) => (
              <MessageRow
                key={
                  item.message.pending || item.message.failed
                    ? `outbox-${item.message.clientId ?? item.message.id}`
                    : item.message.id
                }
                item={item}
                own={item.message.senderId === userId}
                actions={actions}
                offline={offline}
              />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
