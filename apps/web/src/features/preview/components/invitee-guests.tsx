import { useAuth } from '@/hooks/use-auth';
import { useRoom } from '@/entities/room/get-room';
import { GuestList } from '@/features/plans/components/guest-list';

/**
 * Who is coming, for an invitee looking before answering (issue 37, docs/api/README.md: the guest list is open to
 * pending invitees): the room's guest list by answer, with its counts ("Going (1)", "Invited (2)"). Nothing for
 * anyone else: a member has it on the room page, a stranger may not read it.
 */
export function InviteeGuests({ roomId }: { roomId: string }) {
  const { user } = useAuth();
  const room = useRoom(roomId);
  if (room.data?.myRsvp !== 'invited') return null;
  return <GuestList room={room.data} meId={user.id} fallback={null} />;
}
