import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowDownIcon,
  ArrowPathIcon,
  ChatBubbleLeftRightIcon,
  SignalSlashIcon,
} from '@heroicons/react/24/outline';
import { Spinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { useOffline } from '@/hooks/use-offline';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { markRoomViewed } from '@/lib/offline/recent-rooms';
import { EmptyState, ErrorState, LoadingState } from '@/components/list-states';
import { useViewingChat } from '@/lib/realtime';
import { chatKeys } from '@/lib/query-keys';
import { useMarkChatRead } from '../api/chat-reads';
import { useChatRoom } from '../api/get-room';
import { ChatHeader } from '../components/chat-header';
import { Composer } from '../components/composer';
import { ConnectionBanner } from '../components/connection-banner';
import { MessageList } from '../components/message-list';
import { useChatMessages } from '../hooks/use-chat-messages';
import { useChatScroll } from '../hooks/use-chat-scroll';
import { sendErrorMessage } from '../messages';

function OlderMessages({
  loading,
  failed,
  hasMore,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  if (loading) {
    return (
      <div className="flex justify-center pb-3">
        <Spinner label={t('chat.loadingOlder')} className="size-6" />
      </div>
    );
  }
  if (failed) {
    return (
      <div
        role="alert"
        className="mb-3 flex items-center justify-center gap-2 text-sm text-red-800 dark:text-red-300"
      >
        {t('chat.failedToFetch')}
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-red-800 dark:text-red-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400"
        >
          <ArrowPathIcon aria-hidden="true" className="size-4" />
          {t('chat.tryAgain')}
        </button>
      </div>
    );
  }
  if (!hasMore) {
    return <p className="pb-3 text-center text-xs text-slate-500">{t('chat.start')}</p>;
  }
  // The spinner's room, so that it appearing does not push the messages down.
  return <div aria-hidden="true" className="h-9" />;
}

function ChatScreen({ roomId }: { roomId: string }) {
  const t = useT();
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const room = useChatRoom(roomId);
  // Kept for offline use among the rooms opened lately (issue #21).
  useEffect(() => markRoomViewed(queryClient, roomId), [queryClient, roomId]);
  const { pages, messages, send, retry, discard } = useChatMessages(roomId);
  const [draft, setDraft] = useState('');
  const closed = room.data?.isClosed ?? false;
  const offline = useOffline();

  const newest = messages.at(-1);
  // Reading: this device views the chat (no pushes of it), and the marker follows the newest message shown.
  useViewingChat(roomId);
  const newestStored = messages.findLast((m) => !('pending' in m && m.pending));
  useMarkChatRead(roomId, newestStored?.id);
  const canLoadOlder = pages.hasNextPage && !pages.isFetchingNextPage && !pages.isFetchNextPageError;
  const { listRef, onScroll, pill, jumpToBottom } = useChatScroll({
    firstKey: messages[0] ? String(messages[0].id) : undefined,
    lastKey: newest ? String(newest.id) : undefined,
    lastIsOwn: newest?.senderId === user.id,
    canLoadOlder,
    loadOlder: () => void pages.fetchNextPage(),
  });

  function onSend(content: string) {
    setDraft('');
    send(content).catch((error: unknown) => {
      // The draft comes back (docs/principles.md, principle 5), before anything typed since.
      setDraft((current) => (current.trim() === '' ? content : `${content}\n${current}`));
      toast.error(sendErrorMessage(error));
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
      }
    });
  }

  let body;
  if (pages.isPending && (offline || pages.fetchStatus === 'paused')) {
    // Never opened here and no connection (issue 37): nothing to load until it returns, so no spinner; what the
    // user sends meanwhile is listed as queued.
    body = (
      <div className="flex flex-1 flex-col px-1 py-6">
        <div className="flex flex-1 flex-col justify-center">
          <EmptyState icon={SignalSlashIcon} title={t('chat.offlineNoCache')} />
        </div>
        {messages.length > 0 && (
          <MessageList messages={messages} userId={user.id} actions={{ onRetry: retry, onDelete: discard }} />
        )}
      </div>
    );
  } else if (pages.isPending) {
    body = (
      <div className="flex flex-1 flex-col justify-center">
        <LoadingState label={t('chat.loading')} />
      </div>
    );
  } else if (pages.isError) {
    body = (
      <div className="px-1 py-6">
        <ErrorState message={t('chat.failedToFetch')} onRetry={() => void pages.refetch()} />
      </div>
    );
  } else if (messages.length === 0) {
    body = (
      <div className="flex flex-1 flex-col justify-center px-1 py-6">
        <EmptyState icon={ChatBubbleLeftRightIcon} title={t('chat.empty')}>
          {closed ? t('chat.emptyClosed') : t('chat.emptyOpen')}
        </EmptyState>
      </div>
    );
  } else {
    // A short conversation sits at the bottom, by the composer.
    body = (
      <div className="mt-auto">
        <OlderMessages
          loading={pages.isFetchingNextPage}
          failed={pages.isFetchNextPageError}
          hasMore={pages.hasNextPage}
          onRetry={() => void pages.fetchNextPage()}
        />
        <MessageList messages={messages} userId={user.id} actions={{ onRetry: retry, onDelete: discard }} />
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <ChatHeader roomId={roomId} room={room.data} />
      <ConnectionBanner />
      <div className="relative min-h-0 flex-1">
        <div
          ref={listRef}
          onScroll={onScroll}
          role="log"
          aria-label={t('chat.log')}
          tabIndex={0}
          className="flex h-full flex-col overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
        >
          {body}
        </div>
        {pill && (
          <button
            type="button"
            onClick={jumpToBottom}
            className="absolute bottom-3 left-1/2 inline-flex min-h-11 -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg shadow-brand-900/20 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
          >
            <ArrowDownIcon aria-hidden="true" className="size-4" />
            {t('chat.newMessages')}
          </button>
        )}
      </div>
      <Composer draft={draft} onDraftChange={setDraft} onSend={onSend} closed={closed} />
    </div>
  );
}

/** /room/{roomId}/chat (docs/product.md#chat): the room's messages, newest at the bottom, and a composer. */
export default function ChatPage() {
  const { roomId } = useParams();
  if (!roomId) throw new Error('Missing route parameter: roomId');
  // A new room is a new conversation: nothing carries over.
  return <ChatScreen key={roomId} roomId={roomId} />;
}
