import { chatEndpoints, type Message } from '@outing/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/rooms/{id}/messages {content, clientId}: 400 'Invalid message', 403 not a member, 404, 409 closed room.
 * The same `clientId` on every try of one message: the server stores it once and answers the same message.
 */
export function sendMessage(roomId: string, content: string, clientId: string): Promise<Message> {
  return api.call(chatEndpoints.send, { params: { id: roomId }, body: { content, clientId } });
}
