/**
 * Every TanStack Query key of the web app, one factory per endpoint (docs/architecture.md, "The web app's layout").
 * Keys form prefixes on purpose: invalidating a prefix refreshes everything under it, so where a key sits is part of
 * what it means (the comments say why). Here in `lib/`, so that every part may import it: the features that read,
 * `app/realtime` that invalidates on socket frames, `app/offline` that keeps some of the cache, the room entity.
 * Plain arrays and nothing imported: the start-up bundle (the tab bar, the realtime module) uses it, without zod.
 * The cache is cleared on logout: keys name the user only where one user's entries must never answer for another.
 */

/** What hangs under the signed-in user's id (friends, notifications, settings, handles, the profile's counts). */
export const userKeys = {
  all: (userId: number) => ['users', userId] as const,
  /** The profile's room counts: every room change refreshes them (app/realtime/cache-sync.ts). */
  rooms: (userId: number) => ['users', userId, 'rooms'] as const,
  /** GET /v1/users/{id}: your own account, where the display name is read (entities/me/own-display-name.ts). */
  profile: (userId: number) => ['users', userId, 'profile'] as const,
};

/** The profile screen counts rooms under its own key; room changes refresh it too. */
export const profileRoomCountKey = (userId: number) => [...userKeys.rooms(userId), 'count'] as const;

/** The rooms calls (other features invalidate them). */
export const roomKeys = {
  all: ['rooms'] as const,
  /** The user's open rooms, in pages (lib/cursor-pages.ts). */
  list: () => ['rooms', 'list'] as const,
  /** Every open room at once: only the account deletion warning (get-rooms.ts, useAllRooms). */
  allList: () => ['rooms', 'list', 'all'] as const,
  count: () => ['rooms', 'count'] as const,
  public: () => ['rooms', 'public'] as const,
  /** Explore's pages for one search, under the public rooms: what refreshes "public rooms" refreshes Explore. */
  explore: (q: string) => ['rooms', 'public', 'explore', q] as const,
  invites: () => ['rooms', 'invites'] as const,
  inviteCount: () => ['rooms', 'invites', 'count'] as const,
  /** GET /v1/rooms/{id}; the plan's guests and poll and the preview sit under it, so ROOM_UPDATED refreshes them. */
  detail: (roomId: string) => ['rooms', 'detail', roomId] as const,
  /** Data: User[], the host first. */
  attendees: (roomId: string) => ['rooms', 'attendees', roomId] as const,
  uninvited: (roomId: string) => ['rooms', 'uninvited', roomId] as const,
  /** GET /v1/rooms/unread: each open room's chat unread count and mute (Home's room cards, the chat's mute). */
  unread: () => ['rooms', 'unread'] as const,
  /** Data: GuestLink | null, the host's guest link (GET /v1/rooms/{id}/guest-link; null while it is off). */
  guestLink: (roomId: string) => ['rooms', 'guest-link', roomId] as const,
};

/** Venue searches are not rooms data: nothing invalidates them. */
export const venueKeys = {
  search: (query: string) => ['venues', 'search', query] as const,
};

/** A room's plan, under the room's detail key: a `ROOM_UPDATED` frame refreshes the guests and the poll too. */
export const planKeys = {
  guests: (roomId: string) => [...roomKeys.detail(roomId), 'guests'] as const,
  datePoll: (roomId: string) => [...roomKeys.detail(roomId), 'date-poll'] as const,
};

/** GET /v1/rooms/{id}/preview, under the room's key: what refreshes the room refreshes its preview too. */
export const roomPreviewKey = (roomId: string) => [...roomKeys.detail(roomId), 'preview'] as const;

/**
 * The bills calls. The list, the room's balances and its history live under `['bills', roomId]`, so one
 * invalidation (BILL_CREATED, BILL_UPDATED, BILLS_CONSOLIDATED, TRANSACTION_SETTLED…) refreshes the whole Money
 * section.
 */
export const billKeys = {
  all: ['bills'] as const,
  room: (roomId: string) => ['bills', roomId] as const,
  /** The prefix of every cached list of the room's bills (the pages below): a delete edits them all. */
  list: (roomId: string) => ['bills', roomId, 'list'] as const,
  /** Data: CursorPages<Bill>, the room's bills a page at a time (the Money section, the edit page). */
  pages: (roomId: string) => ['bills', roomId, 'list', 'pages'] as const,
  /** Data: a boolean, whether the room has any bill (a one-bill page: the room's currency is locked then). */
  any: (roomId: string) => ['bills', roomId, 'any'] as const,
  /** Data: the room's Balances (GET /v1/rooms/{id}/balances): every member's net and the fewest transfers. */
  balances: (roomId: string) => ['bills', roomId, 'balances'] as const,
  /** Data: the room's RoomStats (GET /v1/rooms/{id}/stats, the Spending view): every bill change refreshes it. */
  stats: (roomId: string) => ['bills', roomId, 'stats'] as const,
  /** Data: a boolean (`data.isConsolidated`), GET /v1/bills/consolidate/{roomId}. */
  consolidated: (roomId: string) => ['bills', 'consolidated', roomId] as const,
};

/**
 * A room's history (docs/money.md, "Everyone is told"), under `['bills', roomId]`: every frame that re-reads the
 * room's money re-reads it too. The page size is part of the key: lists of other sizes never share pages.
 */
export const activityKeys = {
  /** Data: CursorPages<Activity>, the room's history newest first (GET /v1/rooms/{id}/activity). */
  room: (roomId: string, limit: number) => ['bills', roomId, 'activity', limit] as const,
  /** Data: CursorPages<Activity>, one bill's history newest first (GET /v1/bills/{id}/activity). */
  bill: (roomId: string, billId: number, limit: number) =>
    ['bills', roomId, 'bill', billId, 'activity', limit] as const,
};

/** The transactions calls: frames invalidate the `['transactions']` prefix (BILLS_CONSOLIDATED, TRANSACTION_*). */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (isPaid: boolean) => ['transactions', { isPaid }] as const,
  /** One side of the unpaid list in pages (Home's To pay, To receive); under `list(false)`. */
  unpaid: (role: 'payer' | 'payee') => ['transactions', { isPaid: false }, 'pages', role] as const,
  /** The paid history in pages (profile); under `list(true)`, so whatever refreshes that refreshes it too. */
  history: () => ['transactions', { isPaid: true }, 'pages'] as const,
  /** The payments awaiting confirmation (`status=paid`) in pages; under `list(true)` like the history. */
  awaiting: () => ['transactions', { isPaid: true }, 'awaiting'] as const,
};

/** The payments calls. The transaction ones sit under `['transactions']`: an open pay sheet or detail refreshes. */
export const paymentKeys = {
  methods: (userId: number) => [...userKeys.all(userId), 'payment-methods'] as const,
  options: (transactionId: number) => ['transactions', 'payment-options', transactionId] as const,
  detail: (transactionId: number) => ['transactions', 'detail', transactionId] as const,
};

/** GET /v1/balances across rooms, refreshed on the bill and transaction frames. */
export const balanceKeys = {
  all: ['balances'] as const,
  /** The balances screen's past rooms: under the rooms prefix, so that a room's close refreshes them. */
  pastRooms: () => ['rooms', 'past'] as const,
};

/** The chat calls. */
export const chatKeys = {
  all: ['chat'] as const,
  messages: (roomId: string) => ['chat', 'messages', roomId.toLowerCase()] as const,
  /** GET /v1/rooms/{id}: the room page's entry, so both screens share one answer. */
  room: (roomId: string) => roomKeys.detail(roomId.toLowerCase()),
};

/** The signed-in user's notifications (the calls name no user; the key does, so caches never mix). */
export const notificationKeys = {
  all: (userId: number) => [...userKeys.all(userId), 'notifications'] as const,
  /** The keyset pages of the list (an infinite query). */
  list: (userId: number) => [...notificationKeys.all(userId), 'list'] as const,
  /** GET /v1/notifications/unread-count: the tab bar's badge. */
  unreadCount: (userId: number) => [...notificationKeys.all(userId), 'unread'] as const,
};

/** The friends calls, under the user's id: a mutation reaches exactly the entries it changes. */
export const friendKeys = {
  all: (userId: number) => [...userKeys.all(userId), 'friends'] as const,
  list: (userId: number) => [...friendKeys.all(userId), 'list'] as const,
  count: (userId: number) => [...friendKeys.all(userId), 'count'] as const,
  searches: (userId: number) => [...friendKeys.all(userId), 'search'] as const,
  search: (userId: number, query: string) => [...friendKeys.searches(userId), query] as const,
  pendingRequests: (userId: number) => [...friendKeys.all(userId), 'requests', 'pending'] as const,
  pendingRequestCount: (userId: number) => [...friendKeys.all(userId), 'requests', 'count'] as const,
};

/** The settings calls, under the user's id. */
export const settingsKeys = {
  calendarFeed: (userId: number) => [...userKeys.all(userId), 'calendar-feed'] as const,
  preferences: (userId: number) => [...userKeys.all(userId), 'preferences'] as const,
};

/** Invite links: who a link belongs to (no token needed), and the user's own link. */
export const inviteKeys = {
  /** GET /v1/auth/invites/{code}. */
  inviter: (code: string) => ['invites', code] as const,
  /** GET /v1/users/{id}/invite-link. */
  link: (userId: number) => [...userKeys.all(userId), 'invite-link'] as const,
};

/** The server's own state. */
export const systemKeys = {
  /** GET /v1/config (also read by the login screen's lazy fetcher: same key, same cache). */
  config: () => ['config'] as const,
  /** GET /v1/health. */
  health: () => ['health'] as const,
};

/** Not a call: the rooms opened lately (lib/offline/recent-rooms.ts), kept as a query entry and persisted. */
export const offlineKeys = {
  recentRooms: ['offline', 'recent-rooms'] as const,
};
