import type { Message } from '@outing/contract';
import { Avatar } from '../../../components/avatar';
import { useT } from '../../../i18n/use-t';
import { formatTime, groupByDay, type ChatItem } from '../format';

/** A message on screen; `pending` while its send is under way. */
export type ChatMessage = Message & { pending?: boolean };

function MessageRow({ item, own }: { item: ChatItem<ChatMessage>; own: boolean }) {
  const t = useT();
  const { message, startsRun, endsRun } = item;
  const time = formatTime(new Date(message.sentAt));
  const name = own ? t('chat.you') : message.sender.username;
  // A run of bubbles reads as one block: the corners on the sender's side are tight inside it.
  const corners = own
    ? `rounded-2xl rounded-br-md ${startsRun ? '' : 'rounded-tr-md'}`
    : `rounded-2xl rounded-bl-md ${startsRun ? '' : 'rounded-tl-md'}`;

  return (
    <li
      data-own={own}
      data-pending={message.pending ? 'true' : undefined}
      className={`flex flex-col ${own ? 'items-end' : 'items-start'} ${startsRun ? 'mt-3 first:mt-0' : 'mt-0.5'}`}
    >
      {startsRun && !own ? (
        <span className="mb-1 ml-11 max-w-[75%] truncate text-xs font-semibold text-slate-600">{name}</span>
      ) : (
        <span className="sr-only">{name}</span>
      )}
      <div className={`flex max-w-full items-end gap-2 ${own ? 'justify-end pl-10' : 'pr-10'}`}>
        {!own &&
          (endsRun ? (
            <Avatar username={message.sender.username} pictureUrl={message.sender.pictureUrl} size="xs" />
          ) : (
            <span aria-hidden="true" className="w-8 shrink-0" />
          ))}
        <p
          className={`min-w-0 px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap [overflow-wrap:anywhere] ${corners} ${
            own
              ? `bg-brand-600 text-white ${message.pending ? 'opacity-70' : ''}`
              : 'bg-surface text-slate-900 shadow-sm ring-1 ring-slate-200'
          }`}
        >
          {message.content}
        </p>
      </div>
      {message.pending ? (
        <span className="mt-1 text-[11px] text-slate-500">{t('chat.sending')}</span>
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
export function MessageList({ messages, userId }: { messages: ChatMessage[]; userId: number }) {
  // Day headings are written in the interface's language: a switch renders them again.
  useT();
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
                key={item.message.pending ? `pending${item.message.id}` : item.message.id}
                item={item}
                own={item.message.senderId === userId}
              />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
