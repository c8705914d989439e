import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '@outing/contract';
import { api } from '../../../lib/api-client';
import { addMessageToCache } from './message-cache';

/** POST /v1/rooms/{id}/messages {content}: 400 'Invalid message', 403 not a member, 404, 409 closed room. */
export function sendMessage(roomId: string, content: string): Promise<Message> {
  return api.post(`/rooms/${encodeURIComponent(roomId)}/messages`, { content }, { schema: messageSchema });
}

/** The answer joins the cached conversation at once (the socket's echo of it is then a duplicate, dropped). */
export function useSendMessage(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessage(roomId, content),
    onSuccess: (message) => addMessageToCache(queryClient, roomId, message),
  });
}
