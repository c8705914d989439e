import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { Notification, RoomUnread } from '@outing/contract';
import {
  balanceKeys,
  billKeys,
  chatKeys,
  friendKeys,
  notificationKeys,
  roomKeys,
  transactionKeys,
  userKeys,
} from '@/lib/query-keys';
import { readAt } from '@/lib/call-starts';
import type { SocketFrame } from '@/lib/realtime/frames';
import { invalidateAfresh, refetchActiveAfresh } from '@/lib/realtime/reread';

// The one place where socket frames become cache work (docs/principles.md, principle 3). Every key is a factory of
// lib/query-keys.ts; most invalidations here are prefixes (a room's money: `billKeys.room`, every transaction list,
// detail and pay sheet: `transactionKeys.all`).

/** Marked stale; on screen, re-fetched by a call started now (not one under way, which may predate the change). */
const invalidate = (queryClient: QueryClient, queryKey: QueryKey) =>
  void invalidateAfresh(queryClient, { queryKey });

/**
 * Sets what a frame tells outright. A call under way started before the frame: its answer may predate the change
 * and would overwrite this, so the query is re-read with a call started now.
 */
function setFromFrame<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
) {
  queryClient.setQueryData<T>(queryKey, update);
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching') invalidate(queryClient, queryKey);
}

/** A page of the notifications list (features/notifications/api/get-notifications.ts). */
interface NotificationsPage {
  notifications: Notification[];
  nextCursor: string | null;
}

/** Rewrites every cached notification with `update` (the list's pages), without a request. */
function updateNotifications(
  queryClient: QueryClient,
  userId: number,
  update: (notification: Notification) => Notification,
) {
  setFromFrame<InfiniteData<NotificationsPage>>(queryClient, notificationKeys.list(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map(update) })),
        }
      : data,
  );
}

/** Sets one room's entry of `GET /rooms/unread`, if it is cached. */
function updateRoomUnread(
  queryClient: QueryClient,
  roomId: string,
  update: (entry: RoomUnread) => RoomUnread,
) {
  const room = roomId.toLowerCase();
  setFromFrame<RoomUnread[]>(queryClient, roomKeys.unread(), (list) =>
    list?.map((entry) => (entry.roomId.toLowerCase() === room ? update(entry) : entry)),
  );
}

/**
 * What a frame changes on the server, marked stale (active queries re-fetch). `viewing`: the room whose chat this
 * device shows (its new messages are read as they arrive).
 */
export function applyFrame(
  queryClient: QueryClient,
  frame: SocketFrame,
  userId: number,
  viewing: string | null = null,
): void {
  switch (frame.type) {
    case 'NOTIFICATION':
      // Friend request received or accepted, room invite, bills consolidated, settled, reminder (docs/api/README.md#notifications).
      invalidate(queryClient, notificationKeys.all(userId));
      invalidate(queryClient, friendKeys.pendingRequestCount(userId));
      invalidate(queryClient, friendKeys.pendingRequests(userId));
      invalidate(queryClient, friendKeys.list(userId));
      invalidate(queryClient, friendKeys.count(userId));
      invalidate(queryClient, roomKeys.invites());
      return;
    case 'ROOM_UPDATED': {
      const { roomId } = frame.data;
      invalidate(queryClient, roomKeys.detail(roomId));
      invalidate(queryClient, roomKeys.attendees(roomId));
      invalidate(queryClient, roomKeys.uninvited(roomId));
      // Join, leave and close change the lists and counts.
      invalidate(queryClient, roomKeys.list());
      invalidate(queryClient, balanceKeys.pastRooms());
      invalidate(queryClient, roomKeys.public());
      invalidate(queryClient, roomKeys.count());
      invalidate(queryClient, userKeys.rooms(userId));
      return;
    }
    case 'BALANCES_CHANGED':
      // The room's ledger changed (a bill or a payment): its balances, its unpaid transactions (the server keeps
      // them equal to the fewest transfers) and Home's balances all follow (docs/money.md).
      invalidate(queryClient, billKeys.room(frame.data.roomId));
      invalidate(queryClient, transactionKeys.all);
      invalidate(queryClient, balanceKeys.all);
      return;
    case 'BILL_CREATED':
    case 'BILL_UPDATED':
    case 'BILL_DELETED':
    case 'BILLS_CONSOLIDATED': {
      // The room's bills and its balances live under billKeys.room(roomId).
      const { roomId } = frame.data;
      invalidate(queryClient, billKeys.room(roomId));
      invalidate(queryClient, billKeys.consolidated(roomId));
      // Home's Balances sum the unpaid transactions, which follow the bills.
      invalidate(queryClient, balanceKeys.all);
      // Consolidation creates the room's transactions.
      if (frame.type === 'BILLS_CONSOLIDATED') invalidate(queryClient, transactionKeys.all);
      return;
    }
    case 'TRANSACTION_SETTLED':
      invalidate(queryClient, transactionKeys.all);
      invalidate(queryClient, balanceKeys.all);
      // The room's debts show what was sent and received (the server also sends BALANCES_CHANGED for the ledger).
      invalidate(queryClient, billKeys.balances(frame.data.roomId));
      return;
    case 'NOTIFICATIONS_READ': {
      // Read on another device, by "Mark all as read", or because what they asked was done (docs/notifications.md).
      const { ids, all, unread } = frame.data;
      const read = new Set(ids);
      setFromFrame<number>(queryClient, notificationKeys.unreadCount(userId), () => unread);
      updateNotifications(queryClient, userId, (n) => (all || read.has(n.id) ? { ...n, isRead: true } : n));
      // Acting on a subject also resolves it: the list's states re-fetch.
      if (ids.length > 0) invalidate(queryClient, notificationKeys.list(userId));
      return;
    }
    case 'CHAT_READ': {
      const { roomId, unread } = frame.data;
      updateRoomUnread(queryClient, roomId, (entry) => ({ ...entry, unread }));
      return;
    }
    case 'CREATE_MESSAGE':
      // Someone else's message in a chat not on screen: one more unread (CHAT_READ corrects it, if need be).
      if (frame.data.senderId !== userId && frame.data.roomId.toLowerCase() !== viewing) {
        updateRoomUnread(queryClient, frame.data.roomId, (entry) => ({
          ...entry,
          unread: Math.min(entry.unread + 1, 100),
        }));
      }
      // An open chat adds the message itself (its `CREATE_MESSAGE_{roomId}` handler); a chat cached but not on
      // screen is marked stale so that coming back to it fetches the message.
      void queryClient.invalidateQueries({
        queryKey: chatKeys.messages(frame.data.roomId),
        refetchType: 'none',
        predicate: (query) => query.getObserversCount() === 0,
      });
      return;
    case 'TRANSACTION_UPDATED':
      // Undone, confirmed, received or disputed (issue #19): the lists, an open detail and pay sheet re-fetch,
      // the room's debts show the payment's new state, and an unpaid payment counts in the balances again, or
      // no longer.
      invalidate(queryClient, transactionKeys.all);
      invalidate(queryClient, billKeys.balances(frame.data.roomId));
      invalidate(queryClient, balanceKeys.all);
      return;
  }
}

/**
 * After a (re)connect, at `openedAt`: everything a frame could have changed while there was no socket. The server
 * registers a socket before its client sees it open, so a call started after that sees every change the socket
 * would not have carried; a call started before it (answered or not) may have been answered before the socket was
 * there, and missed a frame published in between. So: everything read by a call started before the open.
 *
 * All of it is marked stale at once (a screen that mounts meanwhile fetches afresh); the queries on screen then
 * re-fetch one per task, not all in the socket's `open` task: each re-fetch starts a call and notifies its screen,
 * and together they held a phone's main thread for 40 ms when a room opened (web-profile bench, issue #21). One
 * whose call started after the open meanwhile is left alone.
 */
export function invalidateAfterConnect(
  queryClient: QueryClient,
  userId: number,
  openedAt: number = Date.now(),
): void {
  const missable = (query: Query) => readAt(query) <= openedAt;
  const stale = new Set<Query>();
  const collect = (queryKey: QueryKey, extra: (query: Query) => boolean = () => true) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey }))
      if (missable(query) && extra(query)) stale.add(query);
  };

  collect(notificationKeys.all(userId));
  collect(friendKeys.all(userId));
  collect(userKeys.rooms(userId));
  collect(roomKeys.all);
  collect(billKeys.all);
  collect(transactionKeys.all);
  collect(balanceKeys.all);
  // A chat on screen catches up itself (its newest page), keeping the older pages it has loaded; the others
  // re-fetch when next opened.
  collect(chatKeys.all, (query) => query.getObserversCount() === 0);
  if (stale.size === 0) return;

  void queryClient.invalidateQueries({ predicate: (query) => stale.has(query), refetchType: 'none' });
  const queue = [...stale];
  const next = () => {
    const query = queue.shift();
    if (!query) return;
    // As invalidateQueries would: only a query on screen, cancelling a call under way (it predates the socket),
    // even a first call (which invalidateQueries would join).
    if (missable(query))
      void refetchActiveAfresh(queryClient, { predicate: (q) => q === query }).catch(() => {});
    if (queue.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
