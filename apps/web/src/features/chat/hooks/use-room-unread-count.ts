import { useState } from 'react';
import { useAuth } from '@/hooks/use-auth';
import { useRealtime } from '@/lib/realtime';

/**
 * Messages of `roomId` from other people that arrived since the calling screen mounted (the room page's Chat
 * button, docs/product.md#room-actions). Listens by type alone (`CREATE_MESSAGE`, docs/product.md#live-updates) and
 * keeps that room's; starts again at 0 on a new mount or another room.
 */
export function useRoomUnreadCount(roomId: string | undefined): number {
  const { user } = useAuth();
  const room = roomId?.toLowerCase();
  const [unread, setUnread] = useState<{ room: string | undefined; count: number }>({ room, count: 0 });

  useRealtime('CREATE_MESSAGE', (message) => {
    if (room === undefined || message.roomId.toLowerCase() !== room || message.senderId === user.id) return;
    setUnread((current) => ({ room, count: current.room === room ? current.count + 1 : 1 }));
  });

  return unread.room === room ? unread.count : 0;
}
