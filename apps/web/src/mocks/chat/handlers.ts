import { mockPlanFields } from '../rooms/plan-fields';
import { http, ws } from 'msw';
import {
  CHAT_MAX_LENGTH,
  CHAT_PAGE_SIZE,
  chatEndpoints,
  type Message,
  type Room,
  type TokenClaims,
} from '@outing/contract';
import { API_BASE } from '@/lib/api-client';
import { mockDelay } from '../delay';
import { fail, ok } from '../envelope';
import { readJson, signedIn } from '../request';
import { mockRoute } from '../route';
import { claimsOf } from '../token';

// Mock mode for the chat (docs/api/README.md#chat). State lives per `createChatMock` call, so tests start afresh with their
// own seed. Messages marked `fromMe` are the signed-in user's, whoever that is.

type Sender = Message['sender'];

export interface MockChatMessage {
  id: number;
  /** Null: the signed-in user. */
  sender: Sender | null;
  content: string;
  sentAt: string;
}

export interface MockChatRoom {
  room: Room;
  /** Oldest first. */
  messages: MockChatMessage[];
}

export interface ChatMockSeed {
  rooms: MockChatRoom[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const DEMO_CHAT_ROOM_ID = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

export function mockChatRoom(overrides: Partial<Room> & Pick<Room, 'id'>): Room {
  const host = { id: 11, username: 'ben_k', email: '', pictureUrl: '' };
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00.000Z';
  return {
    ...mockPlanFields(date, '19:30', 4),
    name: 'Friday board games',
    time: '19:30',
    venue: 'The Dice Box',
    venuePlaceId: 'local:the-dice-box',
    venueUrl: 'https://www.openstreetmap.org/search?query=The%20Dice%20Box',
    imageUrl: '/imgs/gathering.png',
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00.000Z',
    description: 'Bring snacks!',
    attendeesCount: 4,
    hostId: host.id,
    host,
    createdAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 86_400_000).toISOString(),
    isClosed: false,
    isPrivate: false,
    url: `http://localhost:5173/room/${overrides.id}`,
    currency: 'USD',
    ...overrides,
  };
}

const ben: Sender = { id: 11, username: 'ben_k', pictureUrl: '' };
const chloe: Sender = { id: 12, username: 'chloe.m', pictureUrl: 'https://i.pravatar.cc/150?img=47' };
const dev: Sender = { id: 13, username: 'dev_patel', pictureUrl: '' };

const script: [Sender | null, string][] = [
  [ben, 'Board games on Friday, who is in?'],
  [chloe, 'Me! Can we play Wingspan this time?'],
  [null, 'Count me in 🙌'],
  [dev, 'In. I can bring Codenames too'],
  [ben, 'Great, booked a table at The Dice Box for 19:30'],
  [chloe, 'Is there food there or should we eat before?'],
  [ben, 'They do pizza, and it is decent'],
  [null, 'Pizza it is then'],
  [dev, 'Shall we split the table fee?'],
  [ben, 'Yes, I will add a bill in the room once I pay'],
  [chloe, 'Perfect'],
  [null, 'Anyone want a lift? I am driving from Camden'],
  [dev, 'Yes please! I am near the station'],
  [null, 'Pick you up at 19:00'],
  [chloe, 'I will take the bus, see you there'],
  [ben, 'Reminder: the place closes at 23:00'],
  [dev, 'Plenty of time for two games'],
  [chloe, 'Three if Dev stops thinking for ten minutes every turn 😄'],
  [dev, 'Strategy takes time!'],
  [null, 'Ha'],
  [ben, 'Should I bring extra dice?'],
  [chloe, 'Not needed, they have everything'],
  [null, 'What about drinks?'],
  [ben, 'They have a small bar'],
  [dev, 'Good, I will bring my own water bottle anyway'],
  [chloe, 'Anyone played Cascadia? Heard it is great for four'],
  [null, 'Yes, it is lovely and quick to learn'],
  [ben, 'Let us start with that then'],
  [dev, 'Deal'],
  [chloe, 'Can’t wait!'],
  [ben, 'Table is confirmed. See you all on Friday'],
  [null, 'See you!'],
];

/** The demo conversation: three days of messages, enough for more than one page. */
export function defaultChatSeed(): ChatMockSeed {
  const now = Date.now();
  const perDay = Math.ceil(script.length / 3);
  const messages = script.map(([sender, content], index) => {
    const day = 2 - Math.floor(index / perDay);
    const at = new Date(now - day * 86_400_000);
    at.setHours(18, 0, 0, 0);
    at.setMinutes((index % perDay) * 4);
    return { id: index + 1, sender, content, sentAt: at.toISOString() };
  });
  return { rooms: [{ room: mockChatRoom({ id: DEMO_CHAT_ROOM_ID }), messages }] };
}

/** Mock mode's socket: accepts every connection; the send handler below broadcasts `CREATE_MESSAGE` on it. */
export const chatSocket = ws.link('*/v1/ws');

const senderOf = (message: MockChatMessage, claims: TokenClaims): Sender =>
  message.sender ?? { id: claims.user_id, username: claims.username, pictureUrl: claims.picture_url };

function toMessage(roomId: string, message: MockChatMessage, claims: TokenClaims): Message {
  const sender = senderOf(message, claims);
  return {
    id: message.id,
    roomId,
    senderId: sender.id,
    sender,
    content: message.content,
    sentAt: message.sentAt,
  };
}

function positiveInt(value: string | null, fallback: number): number | null {
  if (value === null) return fallback;
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function createChatMock(seed: ChatMockSeed = defaultChatSeed()) {
  const rooms = new Map<string, MockChatRoom>(
    seed.rooms.map((r) => [r.room.id, { room: { ...r.room }, messages: r.messages.map((m) => ({ ...m })) }]),
  );
  let nextId = Math.max(0, ...seed.rooms.flatMap((r) => r.messages.map((m) => m.id))) + 1;
  /** `roomId:userId:clientId` → message id: a retried send stores the message once (issue #21). */
  const byClientId = new Map<string, number>();

  /** Any well-formed room id has a chat (the rooms mocks may list rooms this seed does not know): empty. */
  const conversation = (roomId: string): MockChatRoom | null => {
    const id = roomId.toLowerCase();
    if (!UUID.test(id)) return null;
    let found = rooms.get(id);
    if (!found) {
      found = { room: mockChatRoom({ id, name: 'Room' }), messages: [] };
      rooms.set(id, found);
    }
    return found;
  };

  /** Stores a message as if someone sent it; returns its id. */
  const addMessage = (roomId: string, sender: Sender | null, content: string, sentAt = new Date()) => {
    const id = nextId++;
    conversation(roomId)?.messages.push({ id, sender, content, sentAt: sentAt.toISOString() });
    return id;
  };

  const handlers = [
    mockRoute(
      chatEndpoints.list,
      signedIn(({ request, params, claims }) => {
        const chat = conversation(params.id);
        if (!chat) return fail(404, 'NOT_FOUND', 'Room not found.');
        const query = new URL(request.url).searchParams;
        const page = positiveInt(query.get('page'), 1);
        const pageSize = positiveInt(query.get('pageSize'), CHAT_PAGE_SIZE);
        const before = query.get('before') === null ? undefined : positiveInt(query.get('before'), 0);
        if (page === null || pageSize === null || pageSize > 100 || before === null) {
          return fail(400, 'VALIDATION', 'Invalid query');
        }
        const older = chat.messages.filter((m) => before === undefined || m.id < before);
        const ordered = query.get('asc') === 'true' ? older : [...older].reverse();
        return ok({
          messages: ordered
            .slice((page - 1) * pageSize, page * pageSize)
            .map((m) => toMessage(chat.room.id, m, claims)),
          page,
          pageCount: Math.ceil(older.length / pageSize),
        });
      }),
    ),

    mockRoute(
      chatEndpoints.send,
      signedIn(async ({ request, params, claims }) => {
        const chat = conversation(params.id);
        if (!chat) return fail(404, 'NOT_FOUND', 'Room not found.');
        const { content, clientId } = await readJson(request);
        const dedupeKey =
          typeof clientId === 'string' ? `${chat.room.id}:${claims.user_id}:${clientId}` : null;
        const earlier = dedupeKey === null ? undefined : byClientId.get(dedupeKey);
        const stored = earlier === undefined ? undefined : chat.messages.find((m) => m.id === earlier);
        if (stored) return ok({ ...toMessage(chat.room.id, stored, claims), clientId }, 'Sent');
        const trimmed = typeof content === 'string' ? content.trim() : '';
        if (trimmed.length < 1 || trimmed.length > CHAT_MAX_LENGTH) {
          return fail(400, 'VALIDATION', 'Invalid message', [
            { path: 'content', message: 'Invalid message' },
          ]);
        }
        if (chat.room.isClosed)
          return fail(409, 'CONFLICT', 'This room is closed.', undefined, {
            body: { reason: 'ROOM_CLOSED' },
          });
        const id = addMessage(chat.room.id, null, trimmed);
        if (dedupeKey !== null) byClientId.set(dedupeKey, id);
        const message = {
          ...toMessage(chat.room.id, chat.messages.at(-1)!, claims),
          ...(typeof clientId === 'string' && { clientId }),
        };
        chatSocket.broadcast(
          JSON.stringify({
            type: 'CREATE_MESSAGE',
            data: {
              id,
              roomId: message.roomId,
              senderId: message.senderId,
              senderName: message.sender.username,
              content: message.content,
              sentAt: message.sentAt,
              ...(typeof clientId === 'string' && { clientId }),
            },
          }),
        );
        return ok(message, 'Sent');
      }),
    ),
  ];

  /** GET /v1/rooms/{id} for the seeded rooms: for mock mode until the rooms feature's handlers answer it. */
  const roomHandlers = [
    http.get<{ id: string }>(`${API_BASE}/rooms/:id`, async ({ request, params }) => {
      // `/rooms/count`, `/rooms/public`, `/rooms/invites` are other calls; any other malformed id is a 404.
      if (['count', 'public', 'invites'].includes(params.id)) return undefined;
      await mockDelay();
      if (!claimsOf(request)) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
      const found = rooms.get(params.id.toLowerCase());
      return found ? ok(found.room) : fail(404, 'NOT_FOUND', 'Room not found.');
    }),
  ];

  /** What the mock server has stored for a room, oldest first (tests check a message is stored once). */
  const messagesOf = (roomId: string): readonly MockChatMessage[] =>
    rooms.get(roomId.toLowerCase())?.messages ?? [];

  return { handlers, roomHandlers, addMessage, messagesOf };
}

export function createChatHandlers(seed?: ChatMockSeed) {
  return createChatMock(seed).handlers;
}

const defaultMock = createChatMock();

/** Register in `src/mocks/handlers.ts`: the message calls. */
export const chatHandlers = defaultMock.handlers;

/** GET /v1/rooms/{id} of the demo room; list after the rooms feature's handlers (theirs answer first). */
export const chatRoomHandlers = defaultMock.roomHandlers;

/** The socket in mock mode (without it the app's socket finds no server and shows "Reconnecting…"). */
export const chatSocketHandlers = [chatSocket.addEventListener('connection', () => {})];
