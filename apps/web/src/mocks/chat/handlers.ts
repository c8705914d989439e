import { chatEndpoints, type Message, type TokenClaims } from '@outing/contract';
import { mockPeople } from '../demo';
import { readJson } from '../request';
import { mockOk, mockSignedIn } from '../route';

// Mock mode for the chat (docs/api/README.md#chat): every room shows the same demo conversation, one page, and a send
// answers the message as sent; nothing is stored or paged (docs/principles.md, principle 7). Paging, a retried send
// stored once and what a new message changes are the server's, tested against it (features/chat/chat.server.test.tsx).

type Sender = Message['sender'];

/** A message's sender as a message carries it (no email). */
const who = ({ id, username, pictureUrl }: Sender): Sender => ({ id, username, pictureUrl });
const me = (c: TokenClaims): Sender => ({ id: c.user_id, username: c.username, pictureUrl: c.picture_url });
const [ben, chloe, dev] = [who(mockPeople.ben), who(mockPeople.chloe), who(mockPeople.dev)];

/** Over two evenings, half each, oldest first. Null: the signed-in user, whoever that is. */
const script: [Sender | null, string][] = [
  [ben, 'Board games on Friday, who is in?'],
  [chloe, 'Me! Can we play Wingspan this time?'],
  [null, 'Count me in 🙌'],
  [dev, 'In. I can bring Codenames too'],
  [ben, 'Great, booked a table at The Dice Box for 19:30'],
  [chloe, 'Is there food there or should we eat before?'],
  [ben, 'They do pizza, and it is decent'],
  [null, 'Pizza it is then. Anyone want a lift? I am driving from Camden'],
  [dev, 'Yes please! I am near the station'],
  [null, 'Table is confirmed. See you all on Friday'],
];

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
    const [id, sender, sentAt] = [(sentId += 1), me(claims), new Date().toISOString()];
    const text = typeof content === 'string' ? content.trim() : '';
    const message = { id, roomId: params.id, senderId: sender.id, sender, content: text, sentAt };
    const sent = typeof clientId === 'string' ? { ...message, clientId } : message;
    return mockOk(chatEndpoints.send, sent, 'Sent');
  }),
];
