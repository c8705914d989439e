import { chatEndpoints, type Message, type TokenClaims } from '@outing/contract';
import { mockPeople } from '../demo';
import { readJson } from '../request';
import { mockOk, mockSignedIn } from '../route';

// Mock mode for the chat (docs/api/README.md#chat): every room shows the same demo conversation, one page, and a send
// answers the message as sent; nothing is stored or paged (docs/principles.md, principle 7). Paging, a retried send
// stored once and what a new message changes are the server's, tested against it (features/chat/chat.server.test.tsx).

type Sender = Message['sender'];

const sender = ({ id, username, pictureUrl }: Sender): Sender => ({ id, username, pictureUrl });
const [ben, chloe, dev] = [sender(mockPeople.ben), sender(mockPeople.chloe), sender(mockPeople.dev)];

/** Null: the signed-in user, whoever that is. */
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
  [null, 'Table is confirmed. See you all on Friday'],
];

const me = ({ user_id: id, username, picture_url: pictureUrl }: TokenClaims): Sender => {
  return { id, username, pictureUrl };
};

/** The demo conversation over the last two evenings, newest first (as a page is). */
function demoPage(roomId: string, claims: TokenClaims): Message[] {
  const perDay = Math.ceil(script.length / 2);
  return script
    .map(([from, content], index) => {
      const at = new Date(Date.now() - (1 - Math.floor(index / perDay)) * 86_400_000);
      at.setHours(18, (index % perDay) * 4, 0, 0);
      const sender = from ?? me(claims);
      return { id: index + 1, roomId, senderId: sender.id, sender, content, sentAt: at.toISOString() };
    })
    .reverse();
}

/** A sent message's id: after the demo's, new for each send (the app keeps messages apart by id). */
let sentId = script.length;

export const chatHandlers = [
  mockSignedIn(chatEndpoints.list, ({ params, claims }) =>
    mockOk(chatEndpoints.list, { messages: demoPage(params.id, claims), page: 1, pageCount: 1 }),
  ),
  mockSignedIn(chatEndpoints.send, async ({ request, params, claims }) => {
    const { content, clientId } = await readJson(request);
    const message = {
      id: (sentId += 1),
      roomId: params.id,
      senderId: claims.user_id,
      sender: me(claims),
      content: typeof content === 'string' ? content.trim() : '',
      sentAt: new Date().toISOString(),
      ...(typeof clientId === 'string' && { clientId }),
    };
    return mockOk(chatEndpoints.send, message, 'Sent');
  }),
];
