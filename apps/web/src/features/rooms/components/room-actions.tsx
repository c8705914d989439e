import { BanknotesIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import type { Room, User } from '@outing/contract';
import { useT } from '@/lib/i18n/use-t';
import { ActionButton } from '@/components/action-button';
import { ChatButton } from './chat-button';

interface RoomActionsProps {
  room: Room;
  meId: number;
  attendees: User[];
  /** undefined while unknown (loading or failed): the bill buttons wait. */
  consolidated: boolean | undefined;
  onInvite: () => void;
  /** False for a guest (docs/guests.md): it has no friends to invite. */
  mayInvite?: boolean;
  chatCount?: number;
}

/**
 * The room page buttons (docs/product.md#room-actions), one entry point per action since issue 33: Add bill (the one
 * way to add a bill; paying is next to each debt in the Money section), Chat, Invite Friends (anyone in a public
 * room, only the host in a private one).
 */
export function RoomActions({
  room,
  meId,
  attendees,
  consolidated,
  onInvite,
  chatCount,
  mayInvite = true,
}: RoomActionsProps) {
  const t = useT();
  const isHost = room.hostId === meId;
  const from = `/room/${room.id}`;
  const canInvite = mayInvite && (!room.isPrivate || isHost);
  return (
    <nav aria-label={t('rooms.actions.label')} className="grid grid-cols-2 gap-3">
      {consolidated === undefined ? (
        // Create Bill comes whatever the answer: its place is kept meanwhile, so that Chat and Invite do not move
        // when it arrives (Lighthouse CLS, issue #21).
        <span aria-hidden="true" className="min-h-12 animate-pulse rounded-2xl bg-slate-200" />
      ) : (
        <ActionButton
          icon={BanknotesIcon}
          label={t('rooms.actions.createBill')}
          to={`/room/${room.id}/bill/create`}
          state={{ attendees, roomName: room.name, userId: meId, from }}
        />
      )}
      <ChatButton roomId={room.id} count={chatCount} />
      {canInvite && <ActionButton icon={UserPlusIcon} label={t('rooms.actions.invite')} onClick={onInvite} />}
    </nav>
  );
}
